/**
 * Rewrites applied to the declarations and modules the npm packages ship,
 * so that what a user sees on hover runs where it is shown and type-checks
 * under every module resolution (issue 14):
 *
 * - examples import `@std/assert` (checked by `deno test --doc` here); a
 *   Node.js user has no such package, so the shipped copies import the same
 *   assertions from `node:assert/strict` (Node.js, Deno and Bun have it);
 * - `tsc` marks a class with `#private` fields by a `#private;` member,
 *   which TypeScript refuses (TS18028) when the consumer's target is below
 *   ES2015 and `skipLibCheck` is off; the shipped copies declare a private
 *   member with a string name instead, which keeps the class nominal;
 * - at that target TypeScript's default library is ES5's, without
 *   `ReadonlyMap`: declarations that name it reference the library that has it.
 *
 * @module
 */

/** `@std/assert` names used in examples, and their `node:assert/strict` equivalents. */
const NODE_ASSERT: Readonly<Record<string, string>> = {
  assert: "ok",
  assertEquals: "deepStrictEqual",
  assertNotEquals: "notDeepStrictEqual",
  assertStrictEquals: "strictEqual",
  assertMatch: "match",
  assertThrows: "throws",
};

const STD_ASSERT_IMPORT = /import \{([^}]*)\} from "@std\/assert";/g;
const PRIVATE_BRAND = /^(\s*)#private;$/gm;
/** Global types newer than ES5 that declarations use, and the library of each. */
const LIBRARIES: readonly [RegExp, string][] = [
  [/\b(Readonly)?(Map|Set)</, "es2015.collection"],
  [/\bPromise</, "es2015.promise"],
];

/**
 * Replaces each `import { … } from "@std/assert"` with the same names
 * imported from `node:assert/strict`.
 *
 * @throws {Error} For a name with no `node:assert/strict` equivalent.
 *
 * @example
 * ```ts
 * import { nodeAssertImports } from "./_shipped_declarations.ts";
 * import { assertEquals } from "@std/assert";
 *
 * assertEquals(
 *   nodeAssertImports(' * import { assert, assertEquals } from "@std/assert";'),
 *   ' * import { ok as assert, deepStrictEqual as assertEquals } from "node:assert/strict";',
 * );
 * ```
 */
export function nodeAssertImports(text: string): string {
  return text.replace(STD_ASSERT_IMPORT, (_, names: string) => {
    const mapped = names.split(",").map((name) => name.trim()).filter((name) => name !== "")
      .map((name) => {
        const node = NODE_ASSERT[name];
        if (node === undefined) {
          throw new Error(`No node:assert/strict equivalent for "${name}" from "@std/assert"`);
        }
        return `${node} as ${name}`;
      });
    return `import { ${mapped.join(", ")} } from "node:assert/strict";`;
  });
}

/**
 * Replaces `tsc`'s `#private;` class member with `private "#private";`.
 *
 * @example
 * ```ts
 * import { withoutPrivateNames } from "./_shipped_declarations.ts";
 * import { assertEquals } from "@std/assert";
 *
 * assertEquals(
 *   withoutPrivateNames("class A {\n    #private;\n}"),
 *   'class A {\n    private "#private";\n}',
 * );
 * ```
 */
export function withoutPrivateNames(declarations: string): string {
  return declarations.replace(PRIVATE_BRAND, '$1private "#private";');
}

/**
 * Adds a `/// <reference lib>` for each library newer than ES5 whose types
 * `declarations` name, so that they type-check at TypeScript's default target.
 *
 * @example
 * ```ts
 * import { withLibReferences } from "./_shipped_declarations.ts";
 * import { assertEquals } from "@std/assert";
 *
 * assertEquals(
 *   withLibReferences("export type M = ReadonlyMap<string, number>;\n"),
 *   '/// <reference lib="es2015.collection" />\nexport type M = ReadonlyMap<string, number>;\n',
 * );
 * ```
 */
export function withLibReferences(declarations: string): string {
  const references = LIBRARIES.filter(([pattern]) => pattern.test(declarations))
    .map(([, library]) => `/// <reference lib="${library}" />\n`);
  return references.join("") + declarations;
}
