/**
 * `./uri-template/lite`: the facade's three exports on the TypeScript engine
 * only, with no WebAssembly in its module graph and one `UriTemplateError`
 * class shared with `./uri-template`.
 */
import * as lite from "@routecast/endpoint/uri-template/lite";
import { expand, parseTemplate, UriTemplateError } from "@routecast/endpoint/uri-template";
import { assert, assertEquals, assertStrictEquals, assertThrows } from "@std/assert";
import { moduleSpecifiers } from "./_module_graph.ts";

interface Group {
  variables: Record<string, unknown>;
  testcases: [string, unknown][];
}

Deno.test("uri-template/lite expand() gives the main entry's output for every RFC example", async () => {
  const groups: Record<string, Group> = JSON.parse(
    await Deno.readTextFile(
      new URL("./testdata/uritemplate-test/spec-examples.json", import.meta.url),
    ),
  );
  for (const { variables, testcases } of Object.values(groups)) {
    for (const [template] of testcases) {
      assertEquals(lite.expand(template, variables), expand(template, variables), template);
    }
  }
  const long = { q: "é ".repeat(500) };
  assertEquals(lite.expand("{?q}", long), expand("{?q}", long));
});

Deno.test('uri-template/lite parseTemplate() runs the TS engine for "auto" and refuses "wasm"', () => {
  assertEquals(lite.parseTemplate("/a/{b}").engine, "ts");
  assertEquals(lite.parseTemplate("/a/{b}", { engine: "auto" }).engine, "ts");
  assertEquals(lite.parseTemplate("/a/{b}", { engine: "ts" }).engine, "ts");
  assertThrows(
    () => lite.parseTemplate("/a/{b}", { engine: "wasm" }),
    TypeError,
    'Invalid engine "wasm" for ./uri-template/lite: expected "auto" or "ts" (it has no WebAssembly engine)',
  );
  assertThrows(
    () => lite.parseTemplate(42 as unknown as string),
    TypeError,
    "Invalid URI template 42: expected a string, found number",
  );
});

Deno.test("uri-template/lite throws the one UriTemplateError class, with the same message", () => {
  assertStrictEquals(lite.UriTemplateError, UriTemplateError);
  const error = assertThrows(() => lite.parseTemplate("/a/{b"), UriTemplateError);
  const main = assertThrows(() => parseTemplate("/a/{b"), UriTemplateError);
  assertEquals([error.message, error.index, error.template], [
    main.message,
    main.index,
    main.template,
  ]);
});

Deno.test("uri-template/lite module graph holds no WebAssembly engine or bytes", async () => {
  const specifiers = await moduleSpecifiers("src/uri_template/lite.ts");
  assert(specifiers.some((specifier) => specifier.endsWith("/_ts_engine.ts")));
  assertEquals(specifiers.filter((specifier) => /wasm|_engines\.ts/i.test(specifier)), []);
});
