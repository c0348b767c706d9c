/**
 * Where WebAssembly cannot run (no `WebAssembly` global, or a runtime that
 * refuses to compile it, as under a Content Security Policy), `"auto"`
 * expands short and long inputs alike on the TypeScript engine, and asking
 * for "wasm" says why not.
 * Each case runs in a fresh Deno process that breaks WebAssembly before it
 * imports anything.
 */
import { assertEquals } from "@std/assert";

const FACADE = new URL("../src/uri_template/mod.ts", import.meta.url).href;
const MAIN = new URL("../mod.ts", import.meta.url).href;
const EXAMPLES = new URL("./testdata/uritemplate-test/spec-examples.json", import.meta.url);

interface Report {
  engines: string[];
  failures: string[];
  long: boolean;
  endpointUrl: string;
  wasmError: string;
}

/** Runs the checks in a subprocess after `setup`, which breaks WebAssembly. */
async function runWithout(setup: string): Promise<Report> {
  const script = `${setup}
const { expand, parseTemplate } = await import(${JSON.stringify(FACADE)});
const { endpoint } = await import(${JSON.stringify(MAIN)});
const groups = JSON.parse(await Deno.readTextFile(new URL(${JSON.stringify(EXAMPLES.href)})));
const engines = new Set();
const failures = [];
for (const group of Object.values(groups)) {
  for (const [template, expected] of group.testcases) {
    const parsed = parseTemplate(template);
    engines.add(parsed.engine);
    const actual = parsed.expand(group.variables);
    const options = Array.isArray(expected) ? expected : [expected];
    if (!options.includes(actual)) failures.push(template + " gave " + actual);
  }
}
const longValue = { x: "a b/é".repeat(1000) };
const long = expand("{?x}", longValue) === expand("{?x}", longValue, { engine: "ts" }) &&
  expand("{?x}", longValue).length === 3 + 14_000;
let wasmError = "no error";
try {
  expand("{x}", { x: 1 }, { engine: "wasm" });
} catch (error) {
  wasmError = error.constructor.name + ": " + error.message;
}
const endpointUrl = endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r b" }).url;
console.log(JSON.stringify({ engines: [...engines], failures, long, endpointUrl, wasmError }));
`;
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--ext=ts", script],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(output.stderr);
  assertEquals(output.code, 0, stderr);
  return JSON.parse(new TextDecoder().decode(output.stdout));
}

Deno.test("expand() uses the TS engine when there is no WebAssembly global", async () => {
  const report = await runWithout("delete globalThis.WebAssembly;");
  assertEquals(report, {
    engines: ["auto"],
    failures: [],
    long: true,
    endpointUrl: "https://api.github.com/repos/o/r%20b",
    wasmError: 'Error: Cannot use engine "wasm" in this runtime: there is no WebAssembly global',
  });
});

Deno.test("expand() uses the TS engine when the runtime refuses to compile WebAssembly", async () => {
  // What a Content Security Policy without 'wasm-unsafe-eval' does.
  const report = await runWithout(`
globalThis.WebAssembly.Module = class {
  constructor() {
    throw new WebAssembly.CompileError("Refused to compile: blocked by Content Security Policy");
  }
};`);
  assertEquals(report, {
    engines: ["auto"],
    failures: [],
    long: true,
    endpointUrl: "https://api.github.com/repos/o/r%20b",
    wasmError: 'Error: Cannot use engine "wasm" in this runtime: WebAssembly cannot be ' +
      "instantiated (CompileError: Refused to compile: blocked by Content Security Policy)",
  });
});
