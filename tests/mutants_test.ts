/**
 * The mutant list stays in step with the code: every mutant of
 * scripts/mutants.json applies, exactly once, to a file that exists, so a
 * change that makes one stale fails here, in the same commit. No mutant is
 * run (that is `deno task mutate`); this only searches text.
 */
import { assertEquals, assertNotEquals } from "@std/assert";
import { occurrences, readMutants } from "../scripts/mutate.ts";

const ROOT = new URL("../", import.meta.url);

Deno.test("every mutant of scripts/mutants.json applies exactly once", async () => {
  const mutants = await readMutants();
  const texts = new Map<string, string>();
  const stale: string[] = [];
  for (const mutant of mutants) {
    assertNotEquals(mutant.replacement, mutant.original, `${mutant.id} changes nothing`);
    let text = texts.get(mutant.file);
    if (text === undefined) {
      text = await Deno.readTextFile(new URL(mutant.file, ROOT));
      texts.set(mutant.file, text);
    }
    const count = occurrences(text, mutant.original);
    if (count !== 1) stale.push(`${mutant.id} (${mutant.file}): found ${count} times`);
  }
  assertEquals(stale, [], "stale mutants: re-target each with the same intent");
});
