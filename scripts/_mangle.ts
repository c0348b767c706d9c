/**
 * Shorter names for internal property names in the npm build's JavaScript
 * (docs/performance.md, "Size"): a browser user's minifier renames local
 * variables but never property names, so that `plan.restDefaults` costs its
 * full name in every bundle. The build renames the properties listed in
 * {@linkcode INTERNAL_PROPERTIES} to `$` and a number, the same name in every
 * module (esbuild's `mangleProps` with one shared `mangleCache`).
 *
 * Only properties of objects that routecast makes and reads itself may be
 * listed: never a name of the public types, of a caller's options, of an
 * OpenAPI description or a compiled table (those are read from what the
 * caller gives). {@linkcode mangleProblems} refuses a list that names a
 * property the public declarations mention or that the code reads through a
 * string (`own(x, "name")`, `"name" in x`), which renaming would miss. The
 * TypeScript sources, which Deno and JSR run, are not changed.
 *
 * @module
 */

import * as esbuild from "esbuild";
import { WASM_HEX } from "../src/uri_template/_wasm_bytes.generated.ts";

/**
 * The internal property names the npm build shortens: fields of the
 * endpoint layer's plans, flavours, compiled urls and key kinds, the
 * members of `Role` that no public name shares, fields of the template
 * layer's compiled templates, and of `./openapi`'s declared values, nearest
 * routes and compile state. Never a word a prerelease version may hold
 * (`next`, as in `1.0.0-next.0`): the version is in the public declarations,
 * so such a build would be refused.
 */
export const INTERNAL_PROPERTIES: readonly string[] = [
  "slots",
  "slot",
  "lead",
  "specs",
  "dashInNames",
  "young",
  "old",
  "keyChars",
  "unavailable",
  "pathValues",
  "dotted",
  "reservedInPath",
  "wholeSegments",
  "byParts",
  "checkAbsolute",
  "leadingSlash",
  "plainQuery",
  "literals",
  "upperCaseMethod",
  "requirePathVariables",
  "byName",
  "resultMethod",
  "plainHeaders",
  "urlDefaults",
  "restDefaults",
  "restIndex",
  "constant",
  "declaredDefaults",
  "last",
  "shadowed",
  "carried",
  "kinds",
  "details",
  "moves",
  "defaultQuery",
  "noPreviews",
  "dash",
  "roles",
  "givenBase",
  "givenPrefix",
  "rawCount",
  "searchPlus",
  "refs",
  "low",
  "common",
  "UrlVariable",
  "Override",
  "BaseUrl",
  "Data",
  "scan",
  "reserved",
  "distance",
  "choices",
];

/** The short name of `INTERNAL_PROPERTIES[i]`: `$0`, `$1`... (no source name starts with `$`). */
function shortName(i: number): string {
  return "$" + i.toString(36);
}

/**
 * Why `names` cannot be renamed in `modules`, given the text of the public
 * declarations: one line per problem, none when it can.
 *
 * @param modules The built JavaScript modules' texts, without comments.
 * @param declarations The public declaration files' texts.
 */
export function mangleProblems(
  names: readonly string[],
  modules: readonly string[],
  declarations: readonly string[],
  external: ReadonlySet<string> = externalNames(),
): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) problems.push(`${name}: not an identifier`);
    if (seen.has(name)) problems.push(`${name}: listed twice`);
    if (external.has(name)) {
      problems.push(`${name}: a built-in's or the WebAssembly engine's name, which is not ours`);
    }
    seen.add(name);
    const word = new RegExp(`(?<![\\w$])${name}(?![\\w$])`);
    if (declarations.some((text) => word.test(text))) {
      problems.push(`${name}: the public declarations name it`);
    }
    const quoted = new RegExp(`["'\`]${name}["'\`]`);
    if (modules.some((text) => quoted.test(text))) {
      problems.push(`${name}: the code reads it through a string, which renaming would miss`);
    }
  }
  return problems;
}

/**
 * The property names routecast reads but does not make: those of every
 * built-in (`ArrayBuffer.isView`, `Map.prototype.get`...), and the exports
 * of the WebAssembly engine (`heapBase`...), which its binary names.
 */
export function externalNames(): Set<string> {
  const names = new Set<string>();
  const add = (object: object | null) => {
    for (; object !== null; object = Object.getPrototypeOf(object)) {
      for (const key of Object.getOwnPropertyNames(object)) names.add(key);
    }
  };
  for (const key of Object.getOwnPropertyNames(globalThis)) {
    names.add(key);
    const value = (globalThis as Record<string, unknown>)[key];
    if ((typeof value === "function" || typeof value === "object") && value !== null) {
      add(value);
      const prototype = (value as { prototype?: unknown }).prototype;
      if (typeof prototype === "object") add(prototype);
    }
  }
  const hex = WASM_HEX;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  for (const { name } of WebAssembly.Module.exports(new WebAssembly.Module(bytes))) names.add(name);
  return names;
}

/**
 * Renames {@linkcode INTERNAL_PROPERTIES} in `modules` (path -> text),
 * consistently across modules.
 *
 * @returns The renamed texts, by path.
 * @throws {Error} When {@linkcode mangleProblems} finds a problem.
 */
export async function mangleModules(
  modules: ReadonlyMap<string, string>,
  declarations: readonly string[],
  names: readonly string[] = INTERNAL_PROPERTIES,
): Promise<Map<string, string>> {
  // Read without comments (esbuild drops them), where a name in quotes is code.
  const plain = new Map<string, string>();
  for (const [path, text] of modules) {
    plain.set(path, (await esbuild.transform(text, { format: "esm", sourcefile: path })).code);
  }
  const problems = mangleProblems(names, [...plain.values()], declarations);
  if (problems.length > 0) {
    throw new Error(`INTERNAL_PROPERTIES in scripts/_mangle.ts:\n  ${problems.join("\n  ")}`);
  }
  const result = new Map<string, string>();
  if (names.length === 0) return new Map(modules);
  // The cache fixes every listed name's short name; nothing else is renamed.
  const mangleCache: Record<string, string | false> = {};
  names.forEach((name, i) => mangleCache[name] = shortName(i));
  const mangleProps = new RegExp(`^(?:${names.join("|")})$`);
  for (const [path, text] of modules) {
    const { code } = await esbuild.transform(text, {
      format: "esm",
      target: "es2022",
      mangleProps,
      mangleCache,
      sourcefile: path,
      legalComments: "inline",
    });
    // A module with no listed name keeps its text (and comments) as tsc wrote it.
    result.set(path, code === plain.get(path) ? text : code);
  }
  return result;
}
