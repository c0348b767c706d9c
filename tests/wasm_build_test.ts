/**
 * The checked-in WebAssembly against its sources: the generated module must
 * come from the current AssemblyScript (run `deno task build:wasm` after
 * changing it), and both sides of the glue must agree on their constants.
 */
import { GENERATED_HEADER, GENERATED_MODULE, hashSources } from "../scripts/build_wasm.ts";
import { SOURCE_HASH, WASM_HEX } from "../src/uri_template/_wasm_bytes.generated.ts";
import * as errors from "../src/uri_template/error.ts";
import { assert, assertEquals } from "@std/assert";

const ASSEMBLY = new URL("../uritemplate-wasm/assembly/index.ts", import.meta.url);
const GLUE = new URL("../src/uri_template/_wasm_engine.ts", import.meta.url);

/** The `const NAME = number` declarations in `source` whose name starts with `prefix`. */
function constants(source: string, prefix: string): Record<string, number> {
  const found: Record<string, number> = {};
  const pattern = new RegExp(`^(?:export )?const (${prefix}\\w+)(?:: \\w+)? = (\\d+);`, "gm");
  for (const [, name, value] of source.matchAll(pattern)) found[name] = Number(value);
  return found;
}

Deno.test("_wasm_bytes.generated.ts is built from the current uritemplate-wasm sources", async () => {
  const text = await Deno.readTextFile(GENERATED_MODULE);
  assertEquals(text.split("\n")[0], GENERATED_HEADER);
  assertEquals(
    SOURCE_HASH,
    await hashSources(),
    "uritemplate-wasm/ changed since the WebAssembly was built: run `deno task build:wasm`",
  );
});

Deno.test("the embedded WebAssembly has the exports the glue uses and no imports", () => {
  const bytes = Uint8Array.from(WASM_HEX.match(/../g)!, (byte) => parseInt(byte, 16));
  const module = new WebAssembly.Module(bytes);
  assertEquals(WebAssembly.Module.imports(module), []);
  assertEquals(
    WebAssembly.Module.exports(module).map(({ name, kind }) => `${kind} ${name}`).sort(),
    [
      "function compile",
      "function errorIndex",
      "function expand",
      "function heapBase",
      "function shortOutput",
      "global MAX_MEMORY_PAGES",
      "global SHORT_OUTPUT_SIZE",
      "memory memory",
    ],
  );
});

Deno.test("the AssemblyScript engine uses the error codes of error.ts", async () => {
  const shared = Object.fromEntries(
    Object.entries(errors).filter(([name]) => name.startsWith("ERR_")),
  );
  const assembly = constants(await Deno.readTextFile(ASSEMBLY), "ERR_");
  assert(Object.keys(shared).length >= 8);
  for (const [name, code] of Object.entries(shared)) assertEquals(assembly[name], code, name);
});

Deno.test("the glue and the AssemblyScript engine agree on records and result codes", async () => {
  const assembly = await Deno.readTextFile(ASSEMBLY);
  const glue = await Deno.readTextFile(GLUE);
  const fromGlue = { ...constants(glue, "VALUE_"), ...constants(glue, "ERR_") };
  const fromAssembly = { ...constants(assembly, "VALUE_"), ...constants(assembly, "ERR_") };
  assertEquals(Object.keys(fromGlue).length, 5);
  for (const [name, value] of Object.entries(fromGlue)) {
    // VALUE_LIST has no constant there: a record of any other kind is a list.
    if (name === "VALUE_LIST") assert(assembly.includes(`${value} is VALUE_LIST`));
    else assertEquals(fromAssembly[name], value, name);
  }
});
