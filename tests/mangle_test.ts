/**
 * scripts/_mangle.ts: the npm build's shorter internal property names are
 * consistent across modules, and a list that would break the build's
 * behaviour (a public name, a name read through a string) is refused.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import * as esbuild from "esbuild";
import { INTERNAL_PROPERTIES, mangleModules, mangleProblems } from "../scripts/_mangle.ts";

Deno.test("mangleModules renames a listed property to one short name in every module, and nothing else", async () => {
  const modules = new Map([
    ["a.js", "export function make() { return { restDefaults: [1], method: 'get' }; }\n"],
    ["b.js", "import { make } from './a.js';\nexport const n = make().restDefaults.length;\n"],
    ["c.js", '// a comment tsc kept\nexport const VERSION = "1.0.0";\n'],
  ]);
  try {
    const out = await mangleModules(modules, ["export interface Public { method: string }"], [
      "restDefaults",
    ]);
    const a = out.get("a.js")!;
    const b = out.get("b.js")!;
    assert(!a.includes("restDefaults") && !b.includes("restDefaults"), a + b);
    const short = /\{\s*(\$\w+): \[1\]/.exec(a)?.[1];
    assert(short !== undefined && b.includes(`.${short}.length`), a + b);
    assert(a.includes("method"), a);
    // A module without a listed name is left as it was written.
    assertEquals(out.get("c.js"), modules.get("c.js"));
    // The renamed modules still run as before.
    const dataUrl = (text: string): string => `data:text/javascript,${encodeURIComponent(text)}`;
    const aUrl = dataUrl(a);
    assertEquals((await import(dataUrl(b.replace("./a.js", aUrl)))).n, 1);
  } finally {
    await esbuild.stop();
  }
});

Deno.test("mangleProblems refuses a public name, a name read through a string, a bad or repeated entry", () => {
  const code = ['const x = own(plan, "byName");', "const y = plan.restIndex;"];
  const declarations = ["export interface Options { readonly baseUrl?: string }"];
  assertEquals(mangleProblems(["restIndex"], code, declarations), []);
  assertEquals(mangleProblems(["baseUrl"], code, declarations), [
    "baseUrl: the public declarations name it",
  ]);
  assertEquals(mangleProblems(["byName"], code, declarations), [
    "byName: the code reads it through a string, which renaming would miss",
  ]);
  assertEquals(mangleProblems(["rest Index", "restIndex", "restIndex"], code, declarations), [
    "rest Index: not an identifier",
    "restIndex: listed twice",
  ]);
  // A longer word that contains the name is another name.
  assertEquals(mangleProblems(["Url"], code, declarations), []);
});

Deno.test("mangleModules refuses to build with a list mangleProblems finds a problem in", async () => {
  try {
    const refused = await mangleModules(
      new Map([["a.js", "export const f = (o) => o['shadowed'];"]]),
      [],
      ["shadowed"],
    ).then(() => undefined, (error: Error) => error.message);
    assertStringIncludes(String(refused), "shadowed: the code reads it through a string");
  } finally {
    await esbuild.stop();
  }
});

Deno.test("INTERNAL_PROPERTIES holds identifiers, each once", () => {
  assertEquals(
    mangleProblems(INTERNAL_PROPERTIES, [], []),
    [],
  );
});

Deno.test("mangleProblems refuses a built-in's property name and the WebAssembly engine's exports", () => {
  // ArrayBuffer.isView and the engine's heapBase are read by routecast, never made by it.
  for (const name of ["isView", "heapBase", "shortOutput", "hasOwn", "target"]) {
    assertEquals(mangleProblems([name], [], []), [
      `${name}: a built-in's or the WebAssembly engine's name, which is not ours`,
    ]);
  }
  assertEquals(mangleProblems(["restDefaults"], [], []), []);
});
