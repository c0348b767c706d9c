/**
 * Swagger 2.0 documents through `fromOpenAPI` and `compileOpenAPI` (rule 27):
 * every `collectionFormat` in every location, `consumes`, `body` and
 * `formData` parameters, `host`/`basePath`/`schemes`, `$ref`s, and hostile
 * documents. A Swagger 2.0 operation compiles to the table entries its
 * OpenAPI 3 form would. The comparison with swagger-client on real documents
 * is tests/openapi_swagger2_reference_test.ts.
 */
import {
  compileOpenAPI,
  type EncodingDeclaration,
  fromOpenAPI,
  fromOpenAPITable,
} from "@routecast/endpoint/openapi";
import { assert, assertEquals, assertStringIncludes, assertThrows } from "@std/assert";
import SwaggerClient from "swagger-client";
import { fromSwagger2 } from "../src/openapi/_swagger2.ts";
import { Resolver } from "../src/openapi/_refs.ts";
import { counted } from "./_reads.ts";

/** A builder without its types: these tests call routes of documents built on the fly. */
// deno-lint-ignore no-explicit-any
type Loose = (route: string, options?: Record<string, unknown>) => any;

const HOST = "api.example.com";

/** A Swagger 2.0 document with `paths`, and `extra` at the top. */
function swagger(paths: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    swagger: "2.0",
    info: { title: "Test", version: "1" },
    host: HOST,
    basePath: "/v1",
    schemes: ["https"],
    paths,
    ...extra,
  };
}

/** The OpenAPI 3 document that `swagger(paths)` describes, with OpenAPI 3's `paths`. */
function openapi3(paths: Record<string, unknown>) {
  return {
    openapi: "3.0.3",
    info: { title: "Test", version: "1" },
    servers: [{ url: `https://${HOST}/v1` }],
    paths,
  };
}

function api(document: object, options = {}): Loose {
  return fromOpenAPI(document, options) as unknown as Loose;
}

function errorOf(call: () => unknown): TypeError {
  try {
    call();
  } catch (error) {
    assert(error instanceof TypeError, `expected a TypeError, got ${error}`);
    return error;
  }
  throw new Error("expected a TypeError, got none");
}

const LIST = ["a b", "c", "d|e"];

/** What each collectionFormat makes of LIST, by location. */
const EXPECTED: Record<string, { query: string; header: string; path: string; form: string }> = {
  csv: {
    query: "list=a%20b,c,d%7Ce",
    header: "a b,c,d|e",
    path: "a%20b,c,d%7Ce",
    form: "list=a%20b,c,d%7Ce",
  },
  ssv: {
    query: "list=a%20b%20c%20d%7Ce",
    header: "a b c d|e",
    path: "a%20b%20c%20d%7Ce",
    form: "list=a%20b%20c%20d%7Ce",
  },
  tsv: {
    query: "list=a%20b%09c%09d%7Ce",
    header: "a b\tc\td|e",
    path: "a%20b%09c%09d%7Ce",
    form: "list=a%20b%09c%09d%7Ce",
  },
  // An item's own | is percent-encoded in the query and form: only the separator is literal.
  pipes: {
    query: "list=a%20b|c|d%7Ce",
    header: "a b|c|d|e",
    path: "a%20b%7Cc%7Cd%7Ce",
    form: "list=a%20b|c|d%7Ce",
  },
  multi: {
    query: "list=a%20b&list=c&list=d%7Ce",
    header: "a b,c,d|e",
    path: "a%20b,c,d%7Ce",
    form: "list=a%20b&list=c&list=d%7Ce",
  },
};

function listParameter(location: string, format: string | undefined, name = "list") {
  return {
    name,
    in: location,
    type: "array",
    items: { type: "string" },
    ...(location === "path" ? { required: true } : {}),
    ...(format === undefined ? {} : { collectionFormat: format }),
  };
}

Deno.test("Swagger 2.0: every collectionFormat in every location (query, header, path, formData)", () => {
  for (const [format, expected] of Object.entries(EXPECTED)) {
    const document = swagger({
      "/q": { get: { parameters: [listParameter("query", format)] } },
      "/h": { get: { parameters: [listParameter("header", format, "X-List")] } },
      "/p/{list}": { get: { parameters: [listParameter("path", format)] } },
      "/f": {
        post: {
          consumes: ["application/x-www-form-urlencoded"],
          parameters: [listParameter("formData", format)],
        },
      },
    });
    for (const build of [api(document), api(compileOpenAPI(document))]) {
      const base = `https://${HOST}/v1`;
      assertEquals(build("GET /q", { list: LIST }).url, `${base}/q?${expected.query}`, format);
      assertEquals(
        build("GET /h", { "X-List": LIST }).headers,
        { "x-list": expected.header },
        format,
      );
      assertEquals(
        build("GET /p/{list}", { list: LIST }).url,
        `${base}/p/${expected.path}`,
        format,
      );
      const form = build("POST /f", { list: LIST });
      assertEquals(form.body, expected.form, format);
      assertEquals(form.headers["content-type"], "application/x-www-form-urlencoded");
      // A single value is the value, in every format.
      assertEquals(build("GET /q", { list: "x y" }).url, `${base}/q?list=x%20y`, format);
      assertEquals(build("GET /h", { "X-List": "x" }).headers, { "x-list": "x" }, format);
      // An empty list is left out (RFC 6570's undefined), as for OpenAPI 3.
      assertEquals(build("GET /q", { list: [] }).url, `${base}/q`, format);
      assertEquals(build("GET /h", { "X-List": [] }).headers, {}, format);
      assertEquals(build("POST /f", { list: [] }).body, "", format);
    }
  }
  // No collectionFormat is csv.
  const plain = api(swagger({
    "/q": { get: { parameters: [listParameter("query", undefined)] } },
    "/p/{list}": { get: { parameters: [listParameter("path", undefined)] } },
  }));
  assertEquals(plain("GET /q", { list: LIST }).url, `https://${HOST}/v1/q?${EXPECTED.csv.query}`);
  assertEquals(
    plain("GET /p/{list}", { list: LIST }).url,
    `https://${HOST}/v1/p/${EXPECTED.csv.path}`,
  );
});

Deno.test("Swagger 2.0: every collectionFormat of a multipart list, as swagger-client writes it", () => {
  const ours: Record<string, [string, string][]> = {
    csv: [["list", "a b,c,d|e"]],
    ssv: [["list", "a b c d|e"]],
    tsv: [["list", "a b\tc\td|e"]],
    pipes: [["list", "a b|c|d|e"]],
    multi: [["list", "a b"], ["list", "c"], ["list", "d|e"]],
  };
  for (const [format, expected] of Object.entries(ours)) {
    const spec = swagger({
      "/u": {
        post: {
          operationId: "u",
          consumes: ["multipart/form-data"],
          parameters: [
            { name: "file", in: "formData", type: "file" },
            listParameter("formData", format),
          ],
        },
      },
    });
    const file = new Blob(["x"]);
    for (const build of [api(spec), api(compileOpenAPI(spec))]) {
      const body = build("POST /u", { list: LIST, file }).body as FormData;
      assertEquals([...body.entries()].filter(([name]) => name === "list"), expected, format);
    }
    const reference = SwaggerClient.buildRequest({
      spec,
      operationId: "u",
      parameters: { list: LIST, file },
    }).body as FormData;
    // swagger-client joins with its query separators, %20 and %09 for ssv and tsv: a part's text
    // is not percent-encoded (RFC 7578), so routecast joins with the space or tab (difference 38).
    assertEquals(
      [...reference.entries()].filter(([name]) => name === "list").map((
        [name, value],
      ) => [name, String(value).replaceAll("%20", " ").replaceAll("%09", "\t")]),
      expected,
      format,
    );
  }
});

Deno.test("Swagger 2.0: a collectionFormat that is none of the five is that operation's problem", () => {
  const build = api(swagger({
    "/bad": { get: { parameters: [{ ...listParameter("query", "brackets") }] } },
    "/good": { get: { parameters: [listParameter("query", "pipes")] } },
  }));
  assertThrows(
    () => build("GET /bad", { list: ["a"] }),
    TypeError,
    'Invalid OpenAPI description at paths["/bad"].get.parameters[0].collectionFormat: "brackets", expected "csv", "ssv", "tsv", "pipes" or "multi"',
  );
  assertEquals(build("GET /good", { list: ["a", "b"] }).url, `https://${HOST}/v1/good?list=a|b`);
});

Deno.test("Swagger 2.0: compiles to the table entries its OpenAPI 3 form compiles to", () => {
  const document = swagger({
    "/items/{id}": {
      parameters: [{ name: "id", in: "path", required: true, type: "string" }],
      get: {
        parameters: [
          listParameter("query", "csv", "a"),
          listParameter("query", "ssv", "b"),
          listParameter("query", "pipes", "c"),
          listParameter("query", "multi", "d"),
          { name: "X-Trace", in: "header", type: "string" },
        ],
      },
      post: {
        consumes: ["application/x-www-form-urlencoded"],
        parameters: [
          listParameter("formData", "multi", "tags"),
          listParameter("formData", "pipes", "ids"),
          { name: "url", in: "formData", type: "string" },
        ],
      },
      put: {
        consumes: ["multipart/form-data"],
        parameters: [{ name: "f", in: "formData", type: "file" }],
      },
      patch: {
        consumes: ["application/merge-patch+json"],
        parameters: [{ name: "patch", in: "body", schema: {} }],
      },
    },
  });
  const openapi = openapi3({
    "/items/{id}": {
      parameters: [{ name: "id", in: "path", required: true }],
      get: {
        parameters: [
          { name: "a", in: "query", style: "form", explode: false },
          { name: "b", in: "query", style: "spaceDelimited", explode: false },
          { name: "c", in: "query", style: "pipeDelimited", explode: false },
          { name: "d", in: "query", style: "form", explode: true },
          { name: "X-Trace", in: "header" },
        ],
      },
      post: {
        requestBody: {
          content: {
            "application/x-www-form-urlencoded": {
              schema: { type: "object", properties: { tags: {}, ids: {}, url: {} } },
              encoding: {
                tags: { style: "form", explode: true },
                ids: { style: "pipeDelimited", explode: false },
              },
            },
          },
        },
      },
      put: {
        requestBody: {
          content: {
            "multipart/form-data": { schema: { type: "object", properties: { f: {} } } },
          },
        },
      },
    },
  });
  const swaggerTable = compileOpenAPI(document);
  const openapiTable = compileOpenAPI(openapi);
  for (const route of ["GET /items/{id}", "POST /items/{id}", "PUT /items/{id}"]) {
    assertEquals(swaggerTable.operations[route], openapiTable.operations[route], route);
  }
  assertEquals(swaggerTable.server, openapiTable.server);
  // The body parameter is the one extension: its name carries the body.
  assertEquals(swaggerTable.operations["PATCH /items/{id}"], {
    parameters: [{ in: "path", name: "id" }],
    body: { type: "application/merge-patch+json", parameter: "patch" },
  });
});

Deno.test("Swagger 2.0: a form body is declared as its OpenAPI 3 form is: duplicates, odd names, path fields", () => {
  const form = "application/x-www-form-urlencoded";
  const multipart = "multipart/form-data";
  const document = swagger({
    "/forms": {
      // The path's fields join each operation's body, an operation's field of the same name winning.
      parameters: [
        listParameter("formData", "ssv", "shared"),
        { name: "data", in: "formData", type: "string" },
      ],
      post: {
        consumes: [form, multipart],
        parameters: [
          { name: "url", in: "formData", type: "string" },
          listParameter("formData", "csv", "12"),
          { name: "headers", in: "formData", type: "string" },
          { name: "url", in: "formData", type: "integer" },
          JSON.parse('{"name": "__proto__", "in": "formData", "type": "array"}'),
          { name: "plain", in: "formData", type: "string" },
          listParameter("formData", "multi", "0"),
          listParameter("formData", "pipes", "dup"),
          { name: "dup", in: "formData", type: "string" },
          listParameter("formData", "csv", "dup"),
        ],
      },
      put: {
        consumes: [multipart],
        parameters: [
          listParameter("formData", "multi", "data"),
          { name: "f", in: "formData", type: "file" },
        ],
      },
    },
    "/plain": {
      patch: { consumes: [form], parameters: [{ name: "plain", in: "formData", type: "string" }] },
      delete: {
        consumes: [multipart],
        parameters: [{ name: "p", in: "formData", type: "string" }],
      },
    },
  });
  const schema = (...names: string[]) => ({
    type: "object",
    properties: Object.fromEntries(names.map((name) => [name, {}])),
  });
  const openapi = openapi3({
    "/forms": {
      post: {
        requestBody: {
          content: {
            [form]: {
              schema: schema(
                "url",
                "12",
                "headers",
                "__proto__",
                "plain",
                "0",
                "dup",
                "shared",
                "data",
              ),
              encoding: Object.fromEntries([
                ["12", { style: "form", explode: false }],
                ["__proto__", { style: "form", explode: false }],
                ["0", { style: "form", explode: true }],
                ["dup", { style: "form", explode: false }],
                ["shared", { style: "spaceDelimited", explode: false }],
              ]),
            },
          },
        },
      },
      put: {
        requestBody: {
          content: {
            [multipart]: {
              schema: schema("data", "f", "shared"),
              encoding: Object.fromEntries([
                ["data", { style: "form", explode: true }],
                ["shared", { style: "spaceDelimited", explode: false }],
              ]),
            },
          },
        },
      },
    },
    "/plain": {
      patch: { requestBody: { content: { [form]: { schema: schema("plain") } } } },
      delete: { requestBody: { content: { [multipart]: { schema: schema("p") } } } },
    },
  });
  const swaggerTable = compileOpenAPI(document);
  const openapiTable = compileOpenAPI(openapi);
  for (const route of ["POST /forms", "PUT /forms", "PATCH /plain", "DELETE /plain"]) {
    assertEquals(swaggerTable.operations[route], openapiTable.operations[route], route);
    // The same text: the same keys, in the same order.
    assertEquals(
      JSON.stringify(swaggerTable.operations[route]),
      JSON.stringify(openapiTable.operations[route]),
      route,
    );
  }
  assertEquals(swaggerTable.operations["POST /forms"].body, {
    type: form,
    kind: "form",
    fields: ["url", "headers", "data"],
    // A list named twice: the last one's encoding, in the first one's place.
    encoding: Object.fromEntries<EncodingDeclaration>([
      ["0", { style: "form", explode: true }],
      ["12", { style: "form", explode: false }],
      ["__proto__", { style: "form", explode: false }],
      ["dup", { style: "form", explode: false }],
      ["shared", { style: "spaceDelimited", explode: false }],
    ]),
  });
  assertEquals(swaggerTable.operations["PUT /forms"].body, {
    type: multipart,
    kind: "multipart",
    fields: ["data"],
    multipart: {
      data: { style: "form", explode: true },
      shared: { style: "spaceDelimited", explode: false },
    },
  });
  assertEquals(swaggerTable.operations["PATCH /plain"].body, { type: form, kind: "form" });
  assertEquals(swaggerTable.operations["DELETE /plain"].body, {
    type: multipart,
    kind: "multipart",
    multipart: {},
  });
  // A tsv list is the one a separator says (no OpenAPI 3 style does), its other fields as above.
  const tsv = swagger({
    "/t": { post: { consumes: [form], parameters: [listParameter("formData", "tsv", "t")] } },
  });
  assertEquals(compileOpenAPI(tsv).operations["POST /t"].body, {
    type: form,
    kind: "form",
    encoding: { t: { style: "form", explode: false, separator: "\t" } },
  });
});

Deno.test("Swagger 2.0: a body parameter is the body, its name the key that carries it", () => {
  const document = swagger({
    "/pets": {
      post: { parameters: [{ name: "pet", in: "body", schema: { $ref: "#/definitions/Pet" } }] },
      put: {
        consumes: ["text/plain"],
        parameters: [{ name: "text", in: "body", schema: { type: "string" } }],
      },
      patch: { consumes: ["*/*"], parameters: [{ name: "pet", in: "body", schema: {} }] },
    },
    "/option/{id}": {
      post: {
        parameters: [
          { name: "id", in: "path", required: true, type: "string" },
          { name: "url", in: "body", schema: {} },
        ],
      },
    },
    "/data": { post: { parameters: [{ name: "data", in: "body", schema: {} }] } },
    "/headers": { post: { parameters: [{ name: "headers", in: "body", schema: {} }] } },
  }, { definitions: { Pet: { type: "object", properties: { name: { type: "string" } } } } });
  for (const build of [api(document), api(compileOpenAPI(document))]) {
    const created = build("POST /pets", { pet: { name: "Rex" } });
    assertEquals(created.body, { name: "Rex" });
    assertEquals(created.headers["content-type"], "application/json");
    // Another type: the body as given, with the first type listed.
    const text = build("PUT /pets", { text: "hello" });
    assertEquals([text.body, text.headers["content-type"]], ["hello", "text/plain"]);
    // A wildcard goes as JSON (rule 25).
    assertEquals(build("PATCH /pets", { pet: [1] }).headers["content-type"], "application/json");
    // A body parameter named like an option is that parameter: url stays the route's.
    const option = build("POST /option/{id}", { id: "7", url: { target: "/elsewhere" } });
    assertEquals(option.url, `https://${HOST}/v1/option/7`);
    assertEquals(option.body, { target: "/elsewhere" });
    assertEquals(build("POST /data", { data: "raw" }).body, "raw");
    const headers = build("POST /headers", { headers: { authorization: "x" } });
    assertEquals([headers.body, headers.headers], [{ authorization: "x" }, {
      "content-type": "application/json",
    }]);
    // A body parameter left out: no body parameter, the other keys as JSON (rule 7).
    assertEquals(build("POST /pets", { other: 1 }).body, { other: 1 });
    // data still replaces the body.
    assertEquals(build("POST /pets", { data: "as is" }).body, "as is");
  }
});

Deno.test("Swagger 2.0: consumes (the operation's, else the document's) chooses the body's encoding", () => {
  const fields = [{ name: "name", in: "formData", type: "string" }];
  const body = [{ name: "b", in: "body", schema: {} }];
  const document = swagger({
    "/json-first": {
      post: {
        consumes: ["text/xml", "application/vnd.api+json", "application/json"],
        parameters: body,
      },
    },
    "/none": { post: { parameters: body } },
    "/document": { put: { parameters: body } },
    "/form": { post: { consumes: ["application/x-www-form-urlencoded"], parameters: fields } },
    "/form-or-json": {
      post: {
        consumes: ["application/json", "application/x-www-form-urlencoded"],
        parameters: fields,
      },
    },
    "/multipart": { post: { consumes: ["multipart/form-data"], parameters: fields } },
    "/both": {
      post: {
        consumes: ["multipart/form-data", "application/x-www-form-urlencoded"],
        parameters: fields,
      },
    },
    "/file": {
      post: {
        consumes: ["application/x-www-form-urlencoded"],
        parameters: [...fields, { name: "upload", in: "formData", type: "file" }],
      },
    },
    "/fields-no-consumes": { post: { consumes: [], parameters: fields } },
    "/octet": { post: { consumes: ["application/octet-stream"], parameters: body } },
  }, { consumes: ["application/xml", "application/problem+json"] });
  const table = compileOpenAPI(document).operations;
  const bodyOf = (route: string) => table[route].body;
  assertEquals(bodyOf("POST /json-first"), { type: "application/vnd.api+json", parameter: "b" });
  assertEquals(bodyOf("POST /none"), { type: "application/problem+json", parameter: "b" });
  assertEquals(bodyOf("PUT /document"), { type: "application/problem+json", parameter: "b" });
  assertEquals(bodyOf("POST /form"), { type: "application/x-www-form-urlencoded", kind: "form" });
  assertEquals(bodyOf("POST /form-or-json"), {
    type: "application/x-www-form-urlencoded",
    kind: "form",
  });
  // Multipart: the declaration an OpenAPI 3 multipart/form-data request body gives.
  assertEquals(bodyOf("POST /multipart"), {
    type: "multipart/form-data",
    kind: "multipart",
    multipart: {},
  });
  assertEquals(bodyOf("POST /both"), { type: "application/x-www-form-urlencoded", kind: "form" });
  assertEquals(bodyOf("POST /file"), {
    type: "multipart/form-data",
    kind: "multipart",
    multipart: {},
  });
  assertEquals(bodyOf("POST /fields-no-consumes"), {
    type: "application/x-www-form-urlencoded",
    kind: "form",
  });
  assertEquals(bodyOf("POST /octet"), { type: "application/octet-stream", parameter: "b" });
  // No consumes anywhere: JSON.
  const bare = compileOpenAPI(swagger({ "/a": { post: { parameters: body } } }));
  assertEquals(bare.operations["POST /a"].body, { type: "application/json", parameter: "b" });
  const build = api(document);
  assertEquals(build("POST /form", { name: "a b" }).body, "name=a%20b");
  assertEquals(build("POST /octet", { b: "bytes" }).body, "bytes");
  // A consumes entry that is no media type is the operation's problem, reported as a content's
  // is, after the problems of its parameters.
  const bad = api(swagger({ "/a": { post: { consumes: ["json"], parameters: body } } }));
  assertThrows(
    () => bad("POST /a", { b: 1 }),
    TypeError,
    'Invalid OpenAPI description at paths["/a"].post.requestBody.content: media type "json" is not a media type',
  );
  const both = swagger({
    "/a": {
      post: {
        consumes: ["json"],
        parameters: [{ name: "", in: "query", type: "string" }, ...body],
      },
    },
  });
  assertEquals(compileOpenAPI(both).operations["POST /a"], {
    error:
      'Invalid OpenAPI description at paths["/a"].post.parameters[0].name: expected a non-empty string, found ""',
  });
  const notList = api(
    swagger({ "/a": { post: { consumes: "application/json", parameters: body } } }),
  );
  assertThrows(
    () => notList("POST /a", { b: 1 }),
    TypeError,
    'Invalid OpenAPI description at paths["/a"].post.consumes: "application/json", expected a list',
  );
});

Deno.test("Swagger 2.0: a parameter's default is not sent", () => {
  const build = api(swagger({
    "/a/{id}": {
      get: {
        parameters: [
          { name: "id", in: "path", required: true, type: "string", default: "me" },
          { name: "page", in: "query", type: "integer", default: 1 },
          { name: "X-Mode", in: "header", type: "string", default: "fast" },
        ],
      },
    },
  }));
  const built = build("GET /a/{id}", { id: "7" });
  assertEquals([built.url, built.headers], [`https://${HOST}/v1/a/7`, {}]);
  assertThrows(() => build("GET /a/{id}", {}), TypeError, 'Missing parameter "id"');
});

Deno.test("Swagger 2.0: host, basePath and schemes make the default baseUrl", () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ schemes: ["http", "https"] }, "https://api.example.com/v1"],
    [{ schemes: ["http"] }, "http://api.example.com/v1"],
    [{ schemes: ["wss", "http"] }, "http://api.example.com/v1"],
    [{ schemes: undefined }, "https://api.example.com/v1"],
    [{ schemes: [] }, "https://api.example.com/v1"],
    [{ basePath: undefined }, "https://api.example.com"],
    [{ basePath: "/" }, "https://api.example.com"],
    [{ basePath: "/api/" }, "https://api.example.com/api"],
    [{ host: "localhost:8080", schemes: ["http"] }, "http://localhost:8080/v1"],
    [{ host: "[::1]:2375" }, "https://[::1]:2375/v1"],
  ];
  for (const [extra, base] of cases) {
    const build = api(swagger({ "/a": { get: {} } }, extra));
    assertEquals(build("GET /a").url, base + "/a", JSON.stringify(extra));
  }
  // No host: relative, a call needs a baseUrl (with the basePath, which routecast cannot place).
  const relative = swagger({ "/a": { get: {} } }, { host: undefined });
  assertEquals(compileOpenAPI(relative).server, undefined);
  assertThrows(() => api(relative)("GET /a"), TypeError, "Missing baseUrl");
  assertEquals(
    api(relative, { baseUrl: "http://localhost:2375/v1" })("GET /a").url,
    "http://localhost:2375/v1/a",
  );
  // A templated host ({Endpoint}, as Azure writes it) is relative too.
  const templated = swagger({ "/a": { get: {} } }, { host: "{Endpoint}" });
  assertEquals(compileOpenAPI(templated).server, undefined);
  assertThrows(() => api(templated)("GET /a"), TypeError, "Missing baseUrl");
  // options.baseUrl overrides the document's.
  assertEquals(
    api(swagger({ "/a": { get: {} } }), { baseUrl: "https://sandbox.test" })("GET /a").url,
    "https://sandbox.test/a",
  );
});

Deno.test("Swagger 2.0: a host, basePath or schemes that could move the request is refused", () => {
  const cases: [Record<string, unknown>, string][] = [
    [
      { host: "api.example.com/evil" },
      'Invalid OpenAPI description at host: "api.example.com/evil" is not a host, expected a name and port',
    ],
    [{ host: "user@evil.test" }, 'at host: "user@evil.test" is not a host'],
    [{ host: "evil.test#" }, 'at host: "evil.test#" is not a host'],
    [{ host: "evil.test\r\nX-Injected: 1" }, "at host:"],
    [{ host: "a b" }, "at host:"],
    [{ host: "" }, 'at host: "" is not a host'],
    [{ host: 42 }, "at host: number is not a host"],
    [{ host: "évil.test" }, "at host:"],
    [
      { basePath: "v1" },
      'at basePath: "v1", expected a path from "/" without "." or ".." segments',
    ],
    [{ basePath: "/api/../admin" }, 'at basePath: "/api/../admin", expected a path from "/"'],
    [{ basePath: "/api/.." }, 'at basePath: "/api/..", expected'],
    [{ basePath: "/." }, "at basePath:"],
    // WHATWG URL removes "%2e%2e" as it removes "..": a dot segment too.
    [{ basePath: "/api/%2e%2e/admin" }, 'at basePath: "/api/%2e%2e/admin", expected a path'],
    [{ basePath: "/api/.%2E" }, 'at basePath: "/api/.%2E", expected a path'],
    [{ basePath: "/%2e/api" }, 'at basePath: "/%2e/api", expected a path'],
    [{ basePath: "/v1?x=1" }, 'at basePath: "/v1?x=1" has a query or fragment'],
    [{ basePath: "/v1#x" }, 'at basePath: "/v1#x" has a query or fragment'],
    [{ basePath: "/v1\n" }, "at basePath: "],
    [{ basePath: "/v1\\..\\x" }, "at basePath: "],
    [{ basePath: 1 }, "at basePath: number, expected a path"],
    [
      { schemes: ["javascript"] },
      'at schemes: an array, expected a list with "https" or "http"',
    ],
    [{ schemes: ["ws", "wss"] }, 'expected a list with "https" or "http"'],
    [{ schemes: "https" }, 'at schemes: "https", expected a list with "https" or "http"'],
  ];
  for (const [extra, message] of cases) {
    const document = swagger({ "/a": { get: {} } }, extra);
    const error = errorOf(() => compileOpenAPI(document));
    assertStringIncludes(error.message, message, JSON.stringify(extra));
    assert(!/[\r\n]/.test(error.message), "a message is one line");
    assertThrows(() => fromOpenAPI(document), TypeError);
  }
  // Dots and "%2e" beside other text are no dot segment.
  const kept = swagger({ "/a": { get: {} } }, {
    host: "h.test",
    basePath: "/v1.2/a..b/%2e%2ex/...",
  });
  assertEquals(fromOpenAPI(kept)("GET /a").url, "https://h.test/v1.2/a..b/%2e%2ex/.../a");
});

Deno.test("Swagger 2.0: local $refs to #/parameters and #/definitions; chains, loops and other documents", () => {
  const definitions: Record<string, unknown> = { Pet: { type: "object" } };
  const parameters: Record<string, unknown> = {
    Page: { name: "page", in: "query", type: "integer" },
    Tags: { $ref: "#/parameters/TagsAgain" },
    TagsAgain: listParameter("query", "pipes", "tags"),
    A: { $ref: "#/parameters/B" },
    B: { $ref: "#/parameters/A" },
  };
  // A chain of 100,000 $refs: followed without recursion.
  const LONG = 100_000;
  for (let i = 0; i < LONG; i++) parameters[`C${i}`] = { $ref: `#/parameters/C${i + 1}` };
  parameters[`C${LONG}`] = { name: "deep", in: "header", type: "string" };
  const document = swagger({
    "/pets": {
      parameters: [{ $ref: "#/parameters/Page" }],
      get: { parameters: [{ $ref: "#/parameters/Tags" }, { $ref: "#/parameters/C0" }] },
      post: { parameters: [{ name: "pet", in: "body", schema: { $ref: "#/definitions/Pet" } }] },
    },
    "/loop": { get: { parameters: [{ $ref: "#/parameters/A" }] } },
    "/other": { get: { parameters: [{ $ref: "other.json#/parameters/X" }] } },
    "/nowhere": { get: { parameters: [{ $ref: "#/parameters/Missing" }] } },
  }, { parameters, definitions });
  const build = api(document);
  const built = build("GET /pets", { page: 2, tags: ["a", "b"], deep: "yes" });
  assertEquals(built.url, `https://${HOST}/v1/pets?tags=a|b&page=2`);
  assertEquals(built.headers, { deep: "yes" });
  assertEquals(build("POST /pets", { pet: { name: "x" } }).body, { name: "x" });
  assertThrows(() => build("GET /loop"), TypeError, "loops without reaching a definition");
  assertThrows(() => build("GET /other"), TypeError, "points into another document");
  assertThrows(() => build("GET /nowhere"), TypeError, "leads to no definition");
  for (const route of ["GET /loop", "GET /other", "GET /nowhere"]) {
    assert(errorOf(() => build(route)).message.length < 1024);
  }
});

Deno.test("Swagger 2.0: parameters an operation cannot have are that operation's problem", () => {
  const build = api(swagger({
    "/nowhere": { get: { parameters: [{ name: "c", in: "nowhere", type: "string" }] } },
    "/two-bodies": {
      post: {
        parameters: [{ name: "a", in: "body", schema: {} }, { name: "b", in: "body", schema: {} }],
      },
    },
    "/body-and-form": {
      post: {
        parameters: [{ name: "a", in: "body", schema: {} }, {
          name: "b",
          in: "formData",
          type: "string",
        }],
      },
    },
    "/no-name": { get: { parameters: [{ in: "query", type: "string" }] } },
    "/header": { get: { parameters: [{ name: "Bad Header", in: "header", type: "string" }] } },
    "/path-level": { parameters: [{ name: "x", in: "nowhere" }], get: {}, put: {} },
    "/fine": { get: { parameters: [{ name: "q", in: "query", type: "string" }] } },
  }));
  assertThrows(
    () => build("GET /nowhere"),
    TypeError,
    'at paths["/nowhere"].get.parameters[0].in: found "nowhere", expected "path", "query", "header" or "cookie"',
  );
  assertThrows(
    () => build("POST /two-bodies"),
    TypeError,
    "has two body parameters, expected one",
  );
  assertThrows(
    () => build("POST /body-and-form"),
    TypeError,
    "has body and formData parameters, expected one or the other",
  );
  assertThrows(
    () => build("GET /no-name"),
    TypeError,
    ".name: expected a non-empty string, found undefined",
  );
  assertThrows(() => build("GET /header"), TypeError, "Bad Header");
  for (const route of ["GET /path-level", "PUT /path-level"]) {
    assertThrows(
      () => build(route),
      TypeError,
      '.parameters[0].in: found "nowhere"',
    );
  }
  assertEquals(build("GET /fine", { q: "1" }).url, `https://${HOST}/v1/fine?q=1`);
  // Path-level parameters apply to every operation, the operation's own of the same name and in winning.
  const levels = api(swagger({
    "/l/{id}": {
      parameters: [
        { name: "id", in: "path", required: true, type: "string" },
        listParameter("query", "pipes", "q"),
      ],
      get: { parameters: [listParameter("query", "ssv", "q")] },
      delete: {},
    },
  }));
  assertEquals(
    levels("GET /l/{id}", { id: "1", q: ["a", "b"] }).url,
    `https://${HOST}/v1/l/1?q=a%20b`,
  );
  assertEquals(
    levels("DELETE /l/{id}", { id: "1", q: ["a", "b"] }).url,
    `https://${HOST}/v1/l/1?q=a|b`,
  );
  // Path-level formData fields join each operation's body, the operation's own of the same name winning.
  const fields = api(swagger({
    "/f": {
      parameters: [listParameter("formData", "pipes", "tags"), {
        name: "note",
        in: "formData",
        type: "string",
      }],
      post: {
        parameters: [listParameter("formData", "multi", "tags"), {
          name: "note",
          in: "query",
          type: "string",
        }],
      },
    },
  }));
  const posted = fields("POST /f", { tags: ["a", "b"], note: "n" });
  assertEquals([posted.url, posted.body], [`https://${HOST}/v1/f?note=n`, "tags=a&tags=b"]);
  assertEquals(
    compileOpenAPI(swagger({
      "/f": {
        parameters: [{ name: "note", in: "formData", type: "string" }],
        post: { parameters: [{ name: "note", in: "query", type: "string" }] },
      },
    })).operations["POST /f"].body,
    { type: "application/x-www-form-urlencoded", kind: "form" },
  );
  // A path-level parameter that cannot be read is every operation's problem.
  const broken = api(swagger({
    "/b": { parameters: [{ $ref: "#/parameters/Missing" }], get: {}, post: {} },
  }));
  for (const route of ["GET /b", "POST /b"]) {
    assertThrows(
      () => broken(route),
      TypeError,
      'at paths["/b"].parameters[0]: $ref "#/parameters/Missing" leads to no definition',
    );
  }
  // The same name in another location is another parameter: both are kept.
  const sameName = compileOpenAPI(swagger({
    "/s/{id}": {
      parameters: [{ name: "id", in: "path", required: true, type: "string" }],
      get: { parameters: [{ name: "id", in: "header", type: "string" }] },
    },
  }));
  assertEquals(sameName.operations["GET /s/{id}"].parameters, [
    { in: "header", name: "id" },
    { in: "path", name: "id" },
  ]);
});

Deno.test("Swagger 2.0: __proto__ names and a polluted Object.prototype change nothing", () => {
  const document = JSON.parse(JSON.stringify(swagger({
    "/a": {
      get: {
        parameters: [
          {
            name: "__proto__",
            in: "query",
            type: "array",
            items: { type: "string" },
            collectionFormat: "pipes",
          },
          { name: "constructor", in: "header", type: "string" },
        ],
      },
      post: {
        consumes: ["application/x-www-form-urlencoded"],
        parameters: [
          { name: "__proto__", in: "formData", type: "array", collectionFormat: "multi" },
          { name: "toString", in: "formData", type: "string" },
        ],
      },
      put: { parameters: [{ name: "__proto__", in: "body", schema: {} }] },
    },
  }, { securityDefinitions: JSON.parse('{"__proto__": {"type": "basic"}}') })));
  const clean = compileOpenAPI(document);
  const proto = Object.prototype as Record<string, unknown>;
  const keys = [
    "collectionFormat",
    "in",
    "consumes",
    "host",
    "basePath",
    "schemes",
    "type",
    "parameters",
    "swagger",
    "openapi",
    "separator",
    "parameter",
  ];
  try {
    proto.collectionFormat = "tsv";
    proto.in = "body";
    proto.consumes = ["multipart/form-data"];
    proto.host = "evil.test";
    proto.basePath = "/evil";
    proto.schemes = ["http"];
    proto.type = "file";
    proto.parameters = [{ name: "evil", in: "query" }];
    proto.separator = "|";
    proto.parameter = "evil";
    assertEquals(compileOpenAPI(document), clean);
    const build = api(document);
    const got = build("GET /a", JSON.parse('{"__proto__": ["x", "y"], "constructor": "c"}'));
    assertEquals(got.url, `https://${HOST}/v1/a?__proto__=x|y`);
    assertEquals(got.headers, { constructor: "c" });
    assertEquals(
      build("POST /a", JSON.parse('{"__proto__": ["x", "y"], "toString": "t"}')).body,
      "__proto__=x&__proto__=y&toString=t",
    );
    assertEquals(build("PUT /a", JSON.parse('{"__proto__": {"k": 1}}')).body, { k: 1 });
  } finally {
    for (const key of keys) delete proto[key];
  }
  assertEquals(Object.getPrototypeOf({}), Object.prototype);
});

Deno.test("Swagger 2.0: nothing the caller passed is changed", () => {
  const document = swagger({
    "/a": {
      get: { parameters: [listParameter("query", "tsv")] },
      post: { parameters: [{ name: "b", in: "body", schema: {} }] },
    },
  }, { securityDefinitions: { k: { type: "apiKey", name: "X-Key", in: "header" } } });
  const before = JSON.stringify(document);
  compileOpenAPI(document);
  const build = api(document);
  const values = { list: ["a", "b"] };
  build("GET /a", values);
  const body = { b: { nested: [1] } };
  build("POST /a", body);
  assertEquals(JSON.stringify(document), before);
  assertEquals(values, { list: ["a", "b"] });
  assertEquals(body, { b: { nested: [1] } });
});

Deno.test("Swagger 2.0: huge parameter lists compile, and every message stays under 1 KB", () => {
  const count = 20_000;
  const many = Array.from(
    { length: count },
    (_, i) => ({ name: `p${i}`, in: "query", type: "string" }),
  );
  const long = "x".repeat(100_000);
  const document = swagger({
    "/many": { get: { parameters: many } },
    [`/${long}`]: { get: { parameters: [{ name: long, in: "query", collectionFormat: long }] } },
  });
  const table = compileOpenAPI(document);
  assertEquals(table.operations["GET /many"].parameters?.length, count);
  const build = api(document);
  assertEquals(build("GET /many", { p19999: "z" }).url, `https://${HOST}/v1/many?p19999=z`);
  const error = errorOf(() => build(`GET /${long}`));
  assert(error.message.length < 1024, `${error.message.length}`);
  assertStringIncludes(error.message, "collectionFormat");
  const host = errorOf(() => compileOpenAPI(swagger({}, { host: long + "/" })));
  assert(host.message.length < 1024);
});

Deno.test("fromOpenAPITable() checks the separator and body parameter a Swagger 2.0 table holds", () => {
  const table = (operation: Record<string, unknown>) => ({
    format: "routecast-openapi-table/1" as const,
    server: "https://api.example.com",
    operations: { "GET /a": operation },
  });
  const good = fromOpenAPITable(table({
    parameters: [{ in: "query", name: "q", explode: false, separator: "\t" }],
  })) as unknown as Loose;
  assertEquals(good("GET /a", { q: ["a", "b"] }).url, "https://api.example.com/a?q=a%09b");
  assertThrows(
    () => fromOpenAPITable(table({ parameters: [{ in: "query", name: "q", separator: "," }] })),
    TypeError,
    'Invalid OpenAPI table at operations["GET /a"].parameters[0].separator: found ",", expected " ", "\\t" or "|"',
  );
  assertThrows(
    () =>
      fromOpenAPITable(table({
        body: { type: "application/json", encoding: { f: { separator: "&" } } },
      })),
    TypeError,
    'operations["GET /a"].body.encoding.f.separator: found "&"',
  );
  assertThrows(
    () => fromOpenAPITable(table({ body: { type: "application/json", parameter: 1 } })),
    TypeError,
    'operations["GET /a"].body.parameter: expected a string, found number',
  );
  const carried = fromOpenAPITable({
    format: "routecast-openapi-table/1",
    server: "https://api.example.com",
    operations: { "POST /a": { body: { type: "text/plain", parameter: "text" } } },
  }) as unknown as Loose;
  assertEquals(carried("POST /a", { text: "hi" }).body, "hi");
});

Deno.test("Swagger 2.0: swagger-client's choices that routecast departs from (the listed differences)", () => {
  // swagger-client takes schemes[0], and http with no schemes; routecast https when listed or none.
  const spec = swagger({ "/a": { get: { operationId: "a" } } }, { schemes: ["http", "https"] });
  assertEquals(SwaggerClient.buildRequest({ spec, operationId: "a" }).url, `http://${HOST}/v1/a`);
  assertEquals(api(spec)("GET /a").url, `https://${HOST}/v1/a`);
  const none = swagger({ "/a": { get: { operationId: "a" } } }, { schemes: undefined });
  assertEquals(
    SwaggerClient.buildRequest({ spec: none, operationId: "a" }).url,
    `http://${HOST}/v1/a`,
  );
  assertEquals(api(none)("GET /a").url, `https://${HOST}/v1/a`);
  // swagger-client writes a csv path list's comma as %2C.
  const path = swagger({
    "/p/{list}": { get: { operationId: "p", parameters: [listParameter("path", "csv")] } },
  });
  assertEquals(
    SwaggerClient.buildRequest({ spec: path, operationId: "p", parameters: { list: ["a", "b"] } })
      .url,
    `http://${HOST}/v1/p/a%2Cb`.replace("http:", "https:"),
  );
  assertEquals(api(path)("GET /p/{list}", { list: ["a", "b"] }).url, `https://${HOST}/v1/p/a,b`);
  // A body parameter on GET (difference 40): swagger-client sends a body, which fetch refuses.
  const search = swagger({
    "/s": {
      get: {
        operationId: "s",
        parameters: [
          { name: "ids", in: "body", schema: { type: "array", items: { type: "integer" } } },
          { name: "q", in: "query", type: "string" },
        ],
      },
    },
  });
  const theirs = SwaggerClient.buildRequest({
    spec: search,
    operationId: "s",
    parameters: { ids: [1, 2], q: "a" },
  });
  assertEquals([theirs.method, theirs.body], ["GET", [1, 2]]);
  assertEquals(
    errorOf(() => api(search)("GET /s", { ids: [1, 2], q: "a" })).message,
    'Invalid parameter "ids" for "GET /s": expected one of the operation\'s parameters "q"; a GET request has no body (or the strict: false option)',
  );
  assertEquals(api(search)("GET /s", { q: "a" }).url, `https://${HOST}/v1/s?q=a`);
});

Deno.test("Swagger 2.0: the real documents compile, every operation without a problem", () => {
  for (
    const name of [
      "docker-engine",
      "kubernetes",
      "alertmanager",
      "slack-web",
      "azure-resource-links",
      "azure-storage",
      "azure-spellcheck",
      "gitea",
      "openstf",
      "collection-formats",
    ]
  ) {
    const document = JSON.parse(
      Deno.readTextFileSync(new URL(`./testdata/swagger2/${name}/swagger.json`, import.meta.url)),
    );
    const table = compileOpenAPI(document);
    const routes = Object.keys(table.operations);
    assert(routes.length > 0, name);
    const problems = routes.filter((route) => table.operations[route].error !== undefined);
    assertEquals(problems, [], name);
    // The table is JSON: a round trip builds the same requests.
    assertEquals(compileOpenAPI(document), JSON.parse(JSON.stringify(table)));
  }
});

Deno.test("Swagger 2.0: securityDefinitions read as OpenAPI 3 securitySchemes, security as it is", () => {
  const document = swagger({
    "/a": { get: { security: [{ key: [] }, { login: [] }] }, put: { security: [] }, post: {} },
  }, {
    security: [{ oauth: ["read"] }],
    securityDefinitions: {
      key: { type: "apiKey", name: "X-Key", in: "header", description: "d" },
      token: { type: "apiKey", name: "token", in: "query" },
      login: { type: "basic" },
      oauth: { type: "oauth2", flow: "implicit", authorizationUrl: "https://x", scopes: {} },
      odd: { type: "other" },
      broken: "not an object",
    },
  });
  const { document: converted, pathItem } = fromSwagger2(document);
  assertEquals((converted.components as Record<string, unknown>).securitySchemes, {
    key: { type: "apiKey", name: "X-Key", in: "header", description: "d" },
    token: { type: "apiKey", name: "token", in: "query" },
    login: { type: "http", scheme: "basic" },
    oauth: { type: "oauth2", flows: {} },
    odd: { type: "other" },
    broken: "not an object",
  });
  assertEquals(converted.security, [{ oauth: ["read"] }]);
  const item = pathItem(new Resolver(document), document.paths["/a"], "/a") as Record<
    string,
    Record<string, unknown>
  >;
  const paths = { "/a": item };
  assertEquals(paths["/a"].get.security, [{ key: [] }, { login: [] }]);
  assertEquals(paths["/a"].put.security, []);
  assertEquals(paths["/a"].post.security, undefined);
  assertEquals(converted.servers, [{ url: `https://${HOST}/v1` }]);
});

Deno.test({
  name: "Swagger 2.0: securityDefinitions with rule 26's credentials (apiKey, basic, oauth2)",
  fn() {
    const document = swagger({
      "/header": { get: { security: [{ key: [] }] } },
      "/query": { get: { security: [{ token: [] }] } },
      "/basic": { get: { security: [{ login: [] }] } },
      "/oauth": { get: {} },
      "/open": { get: { security: [] } },
    }, {
      security: [{ oauth: [] }],
      securityDefinitions: {
        key: { type: "apiKey", name: "X-Key", in: "header" },
        token: { type: "apiKey", name: "token", in: "query" },
        login: { type: "basic" },
        oauth: { type: "oauth2", flow: "implicit", authorizationUrl: "https://x", scopes: {} },
      },
    });
    const credentials = {
      key: "k1",
      token: "t 1",
      login: { username: "ü", password: "p" },
      oauth: "o1",
    };
    for (
      const build of [
        api(document, { credentials }),
        api(compileOpenAPI(document), { credentials }),
      ]
    ) {
      assertEquals(build("GET /header").headers, { "x-key": "k1" });
      assertEquals(build("GET /query").url, `https://${HOST}/v1/query?token=t%201`);
      assertEquals(build("GET /basic").headers, {
        authorization: "Basic " + btoa(String.fromCharCode(...new TextEncoder().encode("ü:p"))),
      });
      assertEquals(build("GET /oauth").headers, { authorization: "Bearer o1" });
      assertEquals(build("GET /open").headers, {});
    }
    assertThrows(() => api(document, { credentials: { nope: "x" } }), TypeError);
  },
});

Deno.test("Swagger 2.0: fromOpenAPI() converts a path item on its first call, once, and only that path", () => {
  const reads = { n: 0 };
  const other = { n: 0 };
  const document = swagger({
    "/a": {
      get: counted({
        parameters: [{ name: "tags", in: "query", type: "array", collectionFormat: "pipes" }],
      }, reads),
    },
    "/b": { post: counted({ parameters: [{ name: "n", in: "formData", type: "string" }] }, other) },
  });
  const builder = fromOpenAPI(document);
  const call = builder as unknown as Loose;
  assertEquals(reads.n + other.n, 0, "making the builder read an operation");
  assertEquals(call("GET /a", { tags: ["x", "y"] }).url, `https://${HOST}/v1/a?tags=x|y`);
  const afterFirst = reads.n;
  assert(afterFirst > 0);
  assertEquals(other.n, 0, "a call of /a converted /b");
  assertEquals(call("GET /a", { tags: ["z"] }).url, `https://${HOST}/v1/a?tags=z`);
  assertEquals(reads.n, afterFirst, "a second call converted /a again");
  assertEquals(call("POST /b", { n: "1" }).body, "n=1");
  assert(other.n > 0);
  // The lazy builder and the compiled table agree.
  assertEquals(
    fromOpenAPITable(compileOpenAPI(document))("GET /a" as never, { tags: ["x"] } as never).url,
    `https://${HOST}/v1/a?tags=x`,
  );
});

Deno.test("Swagger 2.0: a path item's trace, OpenAPI 3's servers and components, are not read", () => {
  const document = swagger({
    "/a": { get: {}, trace: {} },
  }, {
    // Not Swagger 2.0: a document that has them is read as Swagger 2.0 says.
    servers: [{ url: "https://elsewhere.example" }],
    components: { securitySchemes: { token: { type: "http", scheme: "bearer" } } },
    securityDefinitions: { key: { type: "apiKey", name: "k", in: "query" } },
    security: [{ key: [] }],
  });
  assertEquals(Object.keys(compileOpenAPI(document).operations), ["GET /a"]);
  const call = api(document, { credentials: { key: "s3cret" } });
  assertEquals(call("GET /a").url, `https://${HOST}/v1/a?k=s3cret`);
  assertThrows(() => call("TRACE /a"), TypeError, "Unknown operation");
  assertThrows(
    () => api(document, { credentials: { token: "s3cret" } }),
    TypeError,
    '"token"',
  );
});

Deno.test("Swagger 2.0: $refs lead anywhere in the document, where they are written", () => {
  const document = swagger({
    "/a": { $ref: "#/x-items/a" },
  }, {
    "x-items": {
      a: { get: { parameters: [{ $ref: "#/x-parameters/limit" }] } },
    },
    "x-parameters": { limit: { name: "limit", in: "query", type: "integer" } },
  });
  assertEquals(api(document)("GET /a", { limit: 5 }).url, `https://${HOST}/v1/a?limit=5`);
  assertEquals(compileOpenAPI(document).operations["GET /a"], {
    parameters: [{ in: "query", name: "limit", explode: false }],
  });
});

Deno.test("Swagger 2.0: the vendored OpenAPI 3 conversions the benchmarks compare are not stale", async () => {
  for (const name of ["kubernetes", "slack-web", "docker-engine"]) {
    const at = new URL(`./testdata/swagger2/${name}/`, import.meta.url);
    const text = Deno.readTextFileSync(new URL("swagger.json", at));
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
    const hash = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join(
      "",
    );
    assertEquals(
      Deno.readTextFileSync(new URL("openapi3.sha256", at)).trim(),
      hash,
      `${name}: run scripts/convert_swagger2.mjs`,
    );
    // The same operations, each without a problem, from both.
    const converted = compileOpenAPI(
      JSON.parse(Deno.readTextFileSync(new URL("openapi3.json", at))),
    );
    const original = compileOpenAPI(JSON.parse(text));
    assertEquals(Object.keys(converted.operations).sort(), Object.keys(original.operations).sort());
    for (const table of [converted, original]) {
      assertEquals(Object.values(table.operations).filter((o) => o.error !== undefined), [], name);
    }
  }
});
