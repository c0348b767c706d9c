/**
 * DECISIONS.md rule 17: no eval, new Function or other code generation at
 * run time, so the library works under `script-src 'self'`. V8 refuses code
 * generation from strings with `--disallow-code-generation-from-strings`;
 * every entry point must run there as it does anywhere (tests/browser checks
 * the same under a real Content Security Policy).
 */
import { assertEquals } from "@std/assert";

Deno.test("every entry point runs where code generation from strings is disallowed", async () => {
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-read",
      "--v8-flags=--disallow-code-generation-from-strings",
      new URL("./fixtures/no_code_generation.ts", import.meta.url).pathname,
    ],
  }).output();
  assertEquals(output.code, 0, new TextDecoder().decode(output.stderr));
  const { results, direct } = JSON.parse(new TextDecoder().decode(output.stdout));
  // The flag is in force: a direct new Function fails.
  assertEquals(direct, "EvalError");
  assertEquals(results.length, 9);
  assertEquals(results[0], "https://api.github.com/repos/o/r/issues?labels=a,b");
  assertEquals(results[1], "https://api.github.com/files/".length + 4096);
  assertEquals(results[4], "application/vnd.github.squirrel-girl-preview.raw");
});
