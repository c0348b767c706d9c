/**
 * docs/any-api.md's "Differences from swagger-client, and why" table, row by
 * row: each checked row's cells must say what swagger-client 3.39.0's
 * `buildRequest` and routecast's `fromOpenAPI` are seen to do here, on a
 * small description made for the row, so that a false cell fails. The
 * comparisons on real descriptions (tests/openapi_reference_test.ts,
 * tests/openapi_swagger2_reference_test.ts) find the differences; this file
 * holds the table's words to them, and checks the rows those descriptions
 * never reach (42, 43).
 */
import SwaggerClient from "swagger-client";
import { fromOpenAPI } from "@routecast/endpoint/openapi";
import { assert, assertEquals, assertStringIncludes } from "@std/assert";

// deno-lint-ignore no-explicit-any
type Json = any;

const page = await Deno.readTextFile(new URL("../docs/any-api.md", import.meta.url));
const start = page.indexOf("## Differences from swagger-client, and why");
const section = page.slice(start, page.indexOf("\n## ", start + 1));

/** The table's rows by number: [difference, routecast, swagger-client]. */
function rows(): Map<number, [string, string, string]> {
  const table = new Map<number, [string, string, string]>();
  for (const line of section.split("\n").filter((l) => l.startsWith("| ")).slice(2)) {
    const cells = line.slice(1, -1).split(" | ").map((cell) => cell.trim());
    assertEquals(cells.length, 5, line);
    table.set(Number(cells[0]), [cells[1], cells[2], cells[3]]);
  }
  return table;
}

/** A Swagger 2.0 document with one operation `op` at `method` `path`. */
function swagger2(operation: Json, extra: Json = {}, path = "/x", method = "get"): Json {
  return {
    swagger: "2.0",
    info: { title: "t", version: "1" },
    host: "api.example.com",
    basePath: "/v1",
    ...extra,
    paths: { [path]: { [method]: { operationId: "op", responses: {}, ...operation } } },
  };
}

/** An OpenAPI 3 document with one operation `op` at `method` `path`. */
function openapi3(operation: Json, path = "/x", method = "get"): Json {
  return {
    openapi: "3.0.3",
    info: { title: "t", version: "1" },
    servers: [{ url: "https://api.example.com/v1" }],
    paths: { [path]: { [method]: { operationId: "op", responses: {}, ...operation } } },
  };
}

/** swagger-client's request for `op`, or the message it throws. */
async function theirs(document: Json, parameters: Json, extra: Json = {}): Promise<Json> {
  const { spec } = await SwaggerClient.resolve({ spec: structuredClone(document) });
  try {
    return SwaggerClient.buildRequest({ spec, operationId: "op", parameters, ...extra });
  } catch (error) {
    return `throws ${(error as Error).message}`;
  }
}

/** routecast's request for `route`, or the TypeError's message. */
function ours(document: Json, route: string, parameters: Json, options: Json = {}): Json {
  try {
    return (fromOpenAPI(document, options) as Json)(route, parameters);
  } catch (error) {
    assert(error instanceof TypeError, String(error));
    return `throws ${error.message}`;
  }
}

interface Row {
  /** Text the difference, routecast and swagger-client cells must hold. */
  readonly cells: readonly [string, string, string];
  /** Builds with both and asserts what the row says. */
  check(): Promise<void>;
}

const P = (name: string, where: string, more: Json = {}) => ({ name, in: where, ...more });
const list = (name: string, where: string, format?: string) =>
  P(name, where, {
    type: "array",
    items: { type: "string" },
    ...(format ? { collectionFormat: format } : {}),
  });
const FORM = { consumes: ["application/x-www-form-urlencoded"] };

const ROWS: Readonly<Record<number, Row>> = {
  3: {
    cells: ["a `Date` value", "`toISOString()`", "JSON-quoted in a form body"],
    async check() {
      const when = new Date(0);
      const iso = "1970-01-01T00%3A00%3A00.000Z";
      const query = openapi3({ parameters: [P("a", "query", { schema: { type: "string" } })] });
      assertEquals((await theirs(query, { a: when })).url, "https://api.example.com/v1/x");
      assertEquals(ours(query, "GET /x", { a: when }).url, `https://api.example.com/v1/x?a=${iso}`);
      const header = openapi3({ parameters: [P("X-A", "header", { schema: { type: "string" } })] });
      assertEquals((await theirs(header, { "X-A": when })).headers, { "X-A": "" });
      const form = openapi3(
        {
          requestBody: {
            content: {
              "application/x-www-form-urlencoded": {
                schema: { type: "object", properties: { a: { type: "string" } } },
              },
            },
          },
        },
        "/x",
        "post",
      );
      assertEquals(
        (await theirs(form, {}, { requestBody: { a: when } })).body,
        `a=%22${iso}%22`,
      );
      assertEquals(ours(form, "POST /x", { a: when }).body, `a=${iso}`);
    },
  },
  10: {
    cells: [
      "a `.` or `..` path value, or a missing path parameter not marked `required`",
      "`TypeError`",
      "`{name}` left in the url",
    ],
    async check() {
      const loose = openapi3(
        { parameters: [P("id", "path", { schema: { type: "string" } })] },
        "/x/{id}",
      );
      assertEquals((await theirs(loose, {})).url, "https://api.example.com/v1/x/{id}");
      assertStringIncludes(ours(loose, "GET /x/{id}", {}), 'throws Missing parameter "id"');
      assertEquals((await theirs(loose, { id: ".." })).url, "https://api.example.com/v1/x/..");
      assertStringIncludes(ours(loose, "GET /x/{id}", { id: ".." }), "throws Invalid value");
      // A required one is refused by both: no difference.
      const required = openapi3({
        parameters: [P("id", "path", { required: true, schema: { type: "string" } })],
      }, "/x/{id}");
      assertStringIncludes(await theirs(required, {}), "throws Required parameter id");
    },
  },
  14: {
    cells: ["an empty object in a header parameter", "leaves the header out", '`""`'],
    async check() {
      for (const explode of [false, true]) {
        const document = openapi3({
          parameters: [
            P("X-L", "header", { explode, schema: { type: "array" } }),
            P("X-O", "header", { explode, schema: { type: "object" } }),
          ],
        });
        const values = { "X-L": [], "X-O": {} };
        // An empty list is left out by both; an empty object is "" in swagger-client.
        assertEquals((await theirs(document, values)).headers, { "X-O": "" });
        assertEquals(ours(document, "GET /x", values).headers, {});
      }
    },
  },
  30: {
    cells: ["Swagger 2.0: an empty list, `multi` aside", "leaves it out", "`name=`"],
    async check() {
      for (const format of ["csv", "ssv", "tsv", "pipes", "multi"]) {
        const document = swagger2({ parameters: [list("a", "query", format)] });
        assertEquals(
          (await theirs(document, { a: [] })).url,
          `http://api.example.com/v1/x${format === "multi" ? "" : "?a="}`,
          format,
        );
        assertEquals(ours(document, "GET /x", { a: [] }).url, "https://api.example.com/v1/x");
      }
    },
  },
  33: {
    cells: [
      "Swagger 2.0: `!'()*` in a path or query value, or in an item of a form list",
      "percent-encoded",
      "left as they are",
    ],
    async check() {
      const value = "it's(1)*!";
      const strict = "it%27s%281%29%2A%21";
      const path = swagger2(
        { parameters: [P("id", "path", { required: true, type: "string" })] },
        {},
        "/x/{id}",
      );
      assertEquals((await theirs(path, { id: value })).url, `http://api.example.com/v1/x/${value}`);
      assertEquals(
        ours(path, "GET /x/{id}", { id: value }).url,
        `https://api.example.com/v1/x/${strict}`,
      );
      const query = swagger2({ parameters: [P("q", "query", { type: "string" })] });
      assertEquals(
        (await theirs(query, { q: value })).url,
        `http://api.example.com/v1/x?q=${value}`,
      );
      assertEquals(
        ours(query, "GET /x", { q: value }).url,
        `https://api.example.com/v1/x?q=${strict}`,
      );
      for (const format of ["csv", "multi", "pipes"]) {
        const form = swagger2(
          { ...FORM, parameters: [list("l", "formData", format)] },
          {},
          "/x",
          "post",
        );
        const join = format === "multi" ? "&l=" : format === "csv" ? "," : "|";
        assertEquals((await theirs(form, { l: [value, "b"] })).body, `l=${value}${join}b`);
        assertEquals(ours(form, "POST /x", { l: [value, "b"] }).body, `l=${strict}${join}b`);
      }
      // A form's single value is written as swagger-client writes it: no difference.
      const single = swagger2(
        { ...FORM, parameters: [P("f", "formData", { type: "string" })] },
        {},
        "/x",
        "post",
      );
      assertEquals((await theirs(single, { f: value })).body, `f=${value}`);
      assertEquals(ours(single, "POST /x", { f: value }).body, `f=${value}`);
    },
  },
  39: {
    cells: [
      "Swagger 2.0: a `multipart/form-data` body",
      "no `content-type`",
      "`content-type: consumes[0]`: `multipart/form-data` with no boundary, or another type",
    ],
    async check() {
      const file = P("f", "formData", { type: "file" });
      for (const consumes of [["multipart/form-data"], ["application/x-www-form-urlencoded"]]) {
        const document = swagger2({ consumes, parameters: [file] }, {}, "/x", "post");
        const values = { f: new Blob(["b"]) };
        const request = await theirs(document, values);
        assert(request.body instanceof FormData);
        assertEquals(request.headers, { "Content-Type": consumes[0] });
        const mine = ours(document, "POST /x", values);
        assert(mine.body instanceof FormData);
        assertEquals(mine.headers, {});
      }
    },
  },
  41: {
    cells: [
      "Swagger 2.0: a header parameter named `Accept`",
      "sent as the caller gives it",
      "`accept: produces[0]` added beside it",
    ],
    async check() {
      const document = swagger2(
        { parameters: [P("Accept", "header", { type: "string" })] },
        { produces: ["application/json"] },
      );
      const request = await theirs(document, { Accept: "text/plain" });
      assertEquals(request.headers, { Accept: "text/plain", accept: "application/json" });
      // fetch sends both, joined.
      assertEquals(new Headers(request.headers).get("accept"), "text/plain, application/json");
      assertEquals(ours(document, "GET /x", { Accept: "text/plain" }).headers, {
        accept: "text/plain",
      });
    },
  },
  42: {
    cells: [
      "a body whose media types list a JSON type after another (`application/xml`, `application/json`)",
      "JSON, with the first JSON type as `content-type`",
      "the first type listed",
    ],
    async check() {
      const types = ["application/xml", "application/json"];
      const v3 = openapi3(
        {
          requestBody: {
            content: Object.fromEntries(types.map((t) => [t, { schema: { type: "object" } }])),
          },
        },
        "/x",
        "post",
      );
      assertEquals((await theirs(v3, {}, { requestBody: { a: 1 } })).headers, {
        "Content-Type": "application/xml",
      });
      const mine = ours(v3, "POST /x", { a: 1 });
      assertEquals([mine.headers, mine.body], [{ "content-type": "application/json" }, { a: 1 }]);
      const v2 = swagger2(
        { consumes: types, parameters: [P("b", "body", { schema: {} })] },
        {},
        "/x",
        "post",
      );
      assertEquals((await theirs(v2, { b: { a: 1 } })).headers, {
        "Content-Type": "application/xml",
      });
      const mine2 = ours(v2, "POST /x", { b: { a: 1 } });
      assertEquals([mine2.headers, mine2.body], [{ "content-type": "application/json" }, { a: 1 }]);
    },
  },
  43: {
    cells: [
      "Swagger 2.0: a `body` parameter and no `consumes`",
      "`content-type: application/json`",
      "no `content-type`",
    ],
    async check() {
      for (const operation of [{}, { consumes: [] }]) {
        // The document's consumes is not read when the operation has its own, even empty.
        const document = swagger2(
          { ...operation, parameters: [P("b", "body", { schema: {} })] },
          "consumes" in operation ? { consumes: ["text/plain"] } : {},
          "/x",
          "post",
        );
        const request = await theirs(document, { b: { a: 1 } });
        // (An empty one gives a Content-Type key holding undefined.)
        assertEquals([request.headers["Content-Type"], request.body], [undefined, { a: 1 }]);
        const mine = ours(document, "POST /x", { b: { a: 1 } });
        assertEquals([mine.headers, mine.body], [{ "content-type": "application/json" }, { a: 1 }]);
      }
    },
  },
  44: {
    cells: [
      "a form body whose media types list `multipart/form-data` before `application/x-www-form-urlencoded`",
      "a form; multipart when the caller's `content-type` names it",
      "multipart, the first type listed",
    ],
    async check() {
      const types = ["multipart/form-data", "application/x-www-form-urlencoded"];
      const schema = { type: "object", properties: { a: { type: "string" } } };
      const v3 = openapi3(
        {
          requestBody: { content: Object.fromEntries(types.map((t) => [t, { schema }])) },
        },
        "/x",
        "post",
      );
      const v2 = swagger2(
        { consumes: types, parameters: [P("a", "formData", { type: "string" })] },
        {},
        "/x",
        "post",
      );
      for (const [document, extra] of [[v3, { requestBody: { a: "x" } }], [v2, {}]]) {
        const request = await theirs(document, { a: "x" }, extra);
        assert(request.body instanceof FormData);
        assertEquals(request.headers, { "Content-Type": "multipart/form-data" });
        const mine = ours(document, "POST /x", { a: "x" });
        assertEquals([mine.headers, mine.body], [
          { "content-type": "application/x-www-form-urlencoded" },
          "a=x",
        ]);
        const chosen = ours(document, "POST /x", {
          a: "x",
          headers: { "content-type": "multipart/form-data" },
        });
        assert(chosen.body instanceof FormData);
        assertEquals([...chosen.body.entries()], [["a", "x"]]);
      }
    },
  },
};

for (const [number, row] of Object.entries(ROWS)) {
  Deno.test(`docs/any-api.md difference ${number} says what swagger-client and routecast do`, async () => {
    const cells = rows().get(Number(number));
    assert(cells !== undefined, `row ${number} is missing from the table`);
    for (let i = 0; i < 3; i++) assertStringIncludes(cells[i], row.cells[i]);
    await row.check();
  });
}

Deno.test("docs/any-api.md's differences table numbers its rows 1 to n, each once", () => {
  const numbers = [...rows().keys()];
  assertEquals(numbers, numbers.map((_, i) => i + 1));
});
