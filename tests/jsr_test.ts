/**
 * JSR readiness: documentation of every export and `deno publish --dry-run`
 * (which also rejects slow types). Nothing is uploaded.
 */
import { assert, assertEquals } from "@std/assert";

const ROOT = new URL("../", import.meta.url).pathname;
const config = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`));
const ENTRIES: string[] = Object.values(config.exports);

async function deno(args: string[]) {
  const { success, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    env: { NO_COLOR: "1" },
  }).output();
  const decoder = new TextDecoder();
  return { success, output: decoder.decode(stdout) + decoder.decode(stderr) };
}

Deno.test("deno doc --lint passes on every export", async () => {
  const { success, output } = await deno(["doc", "--lint", ...ENTRIES]);
  assert(success, output);
});

Deno.test("every public symbol has a description and an example", async () => {
  const { success, output } = await deno(["doc", "--json", ...ENTRIES]);
  assert(success, output);
  interface Declaration {
    kind: string;
    location: { filename: string; line: number };
    jsDoc?: { doc?: string; tags?: { kind: string }[] };
    def?: { hasBody?: boolean };
  }
  const { nodes } = JSON.parse(output) as {
    nodes: Record<string, { symbols: { name: string; declarations: Declaration[] }[] }>;
  };
  const missing = new Set<string>();
  for (const { symbols } of Object.values(nodes)) {
    for (const { name, declarations } of symbols) {
      for (const { kind, location, jsDoc, def } of declarations) {
        if (kind === "reference") continue; // documented where it is declared
        // The implementation of an overloaded function is not part of its documentation.
        if (kind === "function" && declarations.length > 1 && def?.hasBody) continue;
        const lacks = [
          jsDoc?.doc ? "" : "description",
          jsDoc?.tags?.some((tag) => tag.kind === "example") ? "" : "@example",
        ].filter(Boolean);
        if (lacks.length > 0) {
          const where = `${location.filename.replace(`file://${ROOT}`, "")}:${location.line}`;
          missing.add(`${name} (${where}) lacks ${lacks.join(" and ")}`);
        }
      }
    }
  }
  assertEquals([...missing].sort(), []);
});

Deno.test("deno publish --dry-run passes, with no slow types", async () => {
  // --no-check: `deno task check` type-checks every exported module (mod.ts, lite.ts, cli.ts,
  // octokit.ts, src/) with this deno.json, in 8 s less than a second type check here; the
  // slow-types check is not a type check and still runs.
  const { success, output } = await deno(["publish", "--dry-run", "--allow-dirty", "--no-check"]);
  // Slow types and other publishing errors make it fail.
  assert(success, output);
});
