/**
 * Issue 29, "Hardening, round four", the description side: what
 * `compileOpenAPI` (and so `fromOpenAPI`) reads of a description, and what
 * it lets reach a request. A polluted `Object.prototype` changes nothing; a
 * media type, a header parameter's name or a server cannot add a header or
 * move the host; a problem in one operation or path is that operation's;
 * only the versions whose rules are implemented are read; every message is
 * bounded however deep or wide the description. Linear time is held by
 * tests/linear_time_test.ts, the command line by tests/cli_test.ts.
 */
import {
  compileOpenAPI,
  fromOpenAPI,
  fromOpenAPITable,
  type OpenAPITable,
} from "@routecast/endpoint/openapi";
import { toCurl } from "@routecast/endpoint";
import { assert, assertEquals, assertStringIncludes, assertThrows } from "@std/assert";
import { counted } from "./_reads.ts";

const BASE = "https://api.example.com";
const MAX_MESSAGE = 1024;

/** A description with `paths`, and `extra` at the top. */
function describe(paths: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    openapi: "3.1.0",
    info: { title: "Test", version: "1" },
    servers: [{ url: BASE }],
    paths,
    ...extra,
  };
}

/** A builder without its types: these tests call routes the description gets wrong. */
// deno-lint-ignore no-explicit-any
type Loose = (route: string, options?: Record<string, unknown>) => any;

function errorOf(call: () => unknown): TypeError {
  try {
    call();
  } catch (error) {
    assert(error instanceof TypeError, `expected a TypeError, got ${error}`);
    return error;
  }
  throw new Error("expected a TypeError, got none");
}

// Item 1: own properties only.

/** A description that uses every field the compiler reads, and hand-made holes. */
function richDescription() {
  const sparseParameters: unknown[] = [];
  sparseParameters.length = 2;
  sparseParameters[1] = { name: "after", in: "query" };
  const sparseServers: unknown[] = [];
  sparseServers.length = 1;
  return describe({
    "/items/{id}": {
      parameters: [{ name: "id", in: "path", style: "label", explode: true }],
      servers: [{ url: "https://{region}.example.com", variables: { region: { default: "eu" } } }],
      get: {
        parameters: [
          { $ref: "#/components/parameters/Limit" },
          { name: "X-Trace", in: "header" },
          { name: "session", in: "cookie", explode: false },
          { name: "filter", in: "query", content: { "application/json": {} } },
          { name: "tags", in: "query", style: "pipeDelimited", allowReserved: true },
        ],
        responses: {},
      },
      post: {
        servers: [{ url: "/uploads" }],
        requestBody: {
          content: {
            "application/x-www-form-urlencoded": {
              schema: { $ref: "#/components/schemas/Item" },
              encoding: {
                meta: { style: "deepObject", explode: true },
                doc: { contentType: "application/json" },
              },
            },
          },
        },
        responses: {},
      },
      put: { requestBody: { $ref: "#/components/requestBodies/Item" }, responses: {} },
      patch: { parameters: sparseParameters, responses: {} },
      delete: { parameters: [{ $ref: "#/components/parameters/Missing/5" }], responses: {} },
      options: { servers: sparseServers, responses: {} },
    },
    "/raw": {
      post: { requestBody: { content: { "application/octet-stream": {} } }, responses: {} },
    },
  }, {
    servers: [{ url: `${BASE}/{version}`, variables: { version: { default: "v1" } } }],
    components: {
      parameters: {
        Limit: { $ref: "#/components/parameters/LimitTarget" },
        LimitTarget: { name: "limit", in: "query", explode: false },
        Missing: [1, 2],
      },
      schemas: {
        Item: {
          allOf: [{ properties: { url: {} } }, { $ref: "#/components/schemas/Base" }],
          oneOf: [{ properties: { data: {} } }],
        },
        Base: { anyOf: [{ properties: { method: {}, name: {} } }] },
      },
      requestBodies: {
        Item: {
          content: {
            // An encoding is a form's: a JSON body ignores it.
            "application/merge-patch+json": {
              schema: { type: "object" },
              encoding: { meta: { style: "deepObject" } },
            },
          },
        },
      },
    },
  });
}

/** Every field the compiler reads, and the names of the methods and locations. */
const READ_FIELDS = [
  "server",
  "servers",
  "url",
  "variables",
  "default",
  "parameters",
  "in",
  "name",
  "style",
  "explode",
  "allowReserved",
  "schema",
  "type",
  "content",
  "requestBody",
  "encoding",
  "contentType",
  "$ref",
  "error",
  "json",
  "kind",
  "openapi",
  "swagger",
  "paths",
  "get",
  "put",
  "post",
  "delete",
  "options",
  "head",
  "patch",
  "trace",
  "properties",
  "allOf",
  "oneOf",
  "anyOf",
  "components",
  "fields",
  "body",
  "format",
  "operations",
  "0",
  "1",
  "5",
  "region",
  "version",
  "application/json",
  "application/x-www-form-urlencoded",
  "*/*",
  "/items/{id}",
  "x-extra",
];
const POLLUTION: unknown[] = [
  "https://evil.example",
  "header",
  "form",
  true,
  [{ url: "https://evil.example" }],
  {
    url: "https://evil.example",
    default: "evil.example",
    name: "evil",
    in: "query",
    $ref: "#/components/parameters/LimitTarget",
    properties: { baseUrl: {} },
    get: { parameters: [{ name: "evil", in: "query" }] },
  },
];

Deno.test("compileOpenAPI() reads own properties only: a polluted Object.prototype changes no table and no request", () => {
  const description = richDescription();
  const calls = (table: OpenAPITable) => {
    const api = fromOpenAPITable(table) as unknown as Loose;
    return [
      ["GET /items/{id}", { id: 7, limit: [1, 2], "X-Trace": "t", session: "s", tags: ["a/b"] }],
      ["POST /items/{id}", { id: 7, url: "u", meta: { a: 1 }, doc: { b: 2 } }],
      ["PUT /items/{id}", { id: 7, method: "m" }],
      ["PATCH /items/{id}", { id: 7, after: 1 }],
      ["DELETE /items/{id}", { id: 7 }],
      ["OPTIONS /items/{id}", { id: 7 }],
      ["POST /raw", { data: "x" }],
    ].map(([route, options]) => {
      try {
        return JSON.stringify(api(route as string, options as Record<string, unknown>));
      } catch (error) {
        return `${(error as Error).name}: ${(error as Error).message}`;
      }
    });
  };
  const clean = compileOpenAPI(description);
  const cleanCalls = calls(clean);
  // The description is the compiler's to read; the table, the builder's (tests/openapi_test.ts).
  assertEquals(clean.operations["PATCH /items/{id}"].error?.includes("parameters[0]"), true);
  assertEquals(clean.operations["OPTIONS /items/{id}"].error?.includes("servers[0]"), true);
  assertEquals(clean.operations["DELETE /items/{id}"].error?.includes("leads to no"), true);
  assertEquals(clean.operations["POST /items/{id}"].server, `${BASE}/uploads`);
  const prototype = Object.prototype as Record<string, unknown>;
  for (const key of READ_FIELDS) {
    for (const value of POLLUTION) {
      let polluted: OpenAPITable | string;
      try {
        prototype[key] = value;
        polluted = compileOpenAPI(description);
      } catch (error) {
        polluted = String(error);
      } finally {
        delete prototype[key];
      }
      assertEquals(polluted, clean, `Object.prototype[${JSON.stringify(key)}]`);
      assertEquals(
        calls(polluted as OpenAPITable),
        cleanCalls,
        `Object.prototype[${JSON.stringify(key)}]`,
      );
    }
  }
  assertEquals(READ_FIELDS.filter((key) => key in {}), []);
});

Deno.test("compileOpenAPI() keeps __proto__ and constructor keys as data: paths, parameters, media types, encodings", () => {
  const description = JSON.parse(`{
    "openapi": "3.0.3",
    "servers": [{ "url": "${BASE}" }],
    "paths": {
      "__proto__": { "get": {} },
      "/a": {
        "post": {
          "parameters": [{ "name": "__proto__", "in": "query" }, { "name": "constructor", "in": "header" }],
          "requestBody": { "content": { "application/x-www-form-urlencoded": {
            "encoding": { "__proto__": { "style": "deepObject" } }
          } } }
        }
      }
    }
  }`);
  const table = compileOpenAPI(description);
  assertEquals(Object.keys(table.operations), ["GET __proto__", "POST /a"]);
  assertEquals(Object.getPrototypeOf(table.operations), Object.prototype);
  assertStringIncludes(table.operations["GET __proto__"].error!, 'does not start with "/"');
  const post = table.operations["POST /a"];
  assertEquals(post.parameters?.map((parameter) => parameter.name), ["__proto__", "constructor"]);
  assertEquals(Object.keys(post.body!.encoding!), ["__proto__"]);
  assertEquals(Object.getPrototypeOf(post.body!.encoding!), Object.prototype);
});

// Item 2: nothing from a description or a table adds a header.

const BAD_MEDIA_TYPES = [
  "text/plain\r\nX-Injected: yes",
  "application/json\r\nX-Injected: yes",
  "application/x+json; a=\r\nX-Injected: yes",
  "text/plain\nX-Injected: yes",
  "text/plain\0",
  'text/plain; charset="utf-8\r\nX-Injected: yes"',
  'text/plain; charset="\0"',
  'text/plain; charset="open',
  "text/plain; charset",
  "text/plain; =x",
  "text/plain; a b",
  "text/plain,text/html",
  " text/plain",
  "text/plain ",
  "text",
  "/plain",
  "text/",
  "text/plain/x",
  "text /plain",
  "",
];
const GOOD_MEDIA_TYPES = [
  "text/plain",
  "application/json;charset=UTF-8",
  'text/plain; charset="utf-8"',
  'text/plain; x="a\\"b\\\\c"',
  "text/plain ;\tcharset=utf-8 ; format=flowed",
  "text/plain;",
  "multipart/form-data; boundary=abc",
  "application/vnd.api+json",
  "*/*",
  "application/*",
];

Deno.test("compileOpenAPI() refuses a request body media type that is not one: that operation reports it", () => {
  for (const type of BAD_MEDIA_TYPES) {
    const description = describe({
      "/a": { post: { requestBody: { content: { [type]: {} } }, responses: {} } },
      "/b": { post: { requestBody: { content: { "text/plain": {} } }, responses: {} } },
    });
    const table = compileOpenAPI(description);
    const message =
      `Invalid OpenAPI description at paths["/a"].post.requestBody.content: media type ${
        JSON.stringify(type)
      } is not a media type, expected "type/subtype" with optional "; name=value" parameters`;
    assertEquals(table.operations["POST /a"], { error: message });
    const api = fromOpenAPI(description);
    assertThrows(() => api("POST /a", { data: "x" }), TypeError, message);
    assertEquals(api("POST /b", { data: "x" }).headers, { "content-type": "text/plain" });
  }
  for (const type of GOOD_MEDIA_TYPES) {
    const table = compileOpenAPI(describe({
      "/a": { post: { requestBody: { content: { [type]: {} } }, responses: {} } },
    }));
    assertEquals(table.operations["POST /a"].error, undefined, type);
  }
  // Every type listed is checked, not only the one a body goes with.
  const second = compileOpenAPI(describe({
    "/a": {
      post: {
        requestBody: { content: { "application/json": {}, "text/plain\r\nX: y": {} } },
        responses: {},
      },
    },
  }));
  assertStringIncludes(second.operations["POST /a"].error!, 'media type "text/plain\\r\\nX: y"');
});

Deno.test("toCurl() never gets a header from a description's media type", () => {
  const api = fromOpenAPI(describe({
    "/a": {
      post: {
        requestBody: { content: { "text/plain\r\nX-Injected: yes": {} } },
        responses: {},
      },
    },
  }));
  assertThrows(() => toCurl(api("POST /a", { data: "x" })), TypeError, "is not a media type");
});

Deno.test("fromOpenAPITable() refuses a body type that is not a media type", () => {
  for (const type of BAD_MEDIA_TYPES) {
    const table = {
      format: "routecast-openapi-table/1",
      operations: { "POST /a": { body: { type, kind: "data" } } },
    } as unknown as OpenAPITable;
    for (const make of [fromOpenAPITable, fromOpenAPI]) {
      assertThrows(
        () => make(table),
        TypeError,
        `Invalid OpenAPI table at operations["POST /a"].body.type: media type ${
          JSON.stringify(type)
        } is not a media type`,
      );
    }
  }
  for (const type of GOOD_MEDIA_TYPES) {
    fromOpenAPITable({
      format: "routecast-openapi-table/1",
      operations: { "POST /a": { body: { type, kind: "data" } } },
    });
  }
});

Deno.test("compileOpenAPI() refuses a header parameter that is not an HTTP token or names the host", () => {
  const cases: [string, string][] = [
    ["bad header", "is not an HTTP token, expected a header name"],
    ["X-A\r\nX-Injected: yes", "is not an HTTP token, expected a header name"],
    ["X-A\0", "is not an HTTP token, expected a header name"],
    ["", "expected a non-empty string"],
    ["Host", "would set the host, which only the base url gives, expected another header name"],
    ["host", "would set the host"],
    ["HOST", "would set the host"],
    ["hOsT", "would set the host"],
  ];
  for (const [name, detail] of cases) {
    // On the operation, and on its path (where it is every operation's).
    const description = describe({
      "/a": { get: { parameters: [{ name, in: "header" }], responses: {} } },
      "/p": { parameters: [{ name, in: "header" }], get: { responses: {} }, put: {} },
      "/b": { get: { parameters: [{ name: "Hosting", in: "header" }], responses: {} } },
    });
    const table = compileOpenAPI(description);
    const api = fromOpenAPI(description) as unknown as Loose;
    for (
      const [route, where] of [["GET /a", '"/a"].get'], ["GET /p", '"/p"]'], ["PUT /p", '"/p"]']]
    ) {
      const error = table.operations[route].error!;
      assertStringIncludes(error, `Invalid OpenAPI description at paths[${where}.parameters[0]`);
      assertStringIncludes(error, detail);
      assertThrows(() => api(route, { [name]: "evil.example" }), TypeError, detail);
    }
    assertEquals(api("GET /b", { Hosting: "x" }).headers, { hosting: "x" });
  }
  // A cookie or query parameter named host goes where it is declared, never to the host.
  const api = fromOpenAPI(describe({
    "/c": {
      get: { parameters: [{ name: "host", in: "cookie" }, { name: "Host", in: "query" }] },
    },
  }));
  const built = api("GET /c", { host: "evil.example", Host: "evil.example" });
  assertEquals(built.url, `${BASE}/c?Host=evil.example`);
  assertEquals(built.headers, { cookie: "host=evil.example" });
});

Deno.test("fromOpenAPITable() refuses a header parameter that is not an HTTP token or names the host", () => {
  const table = (name: string) =>
    ({
      format: "routecast-openapi-table/1",
      server: BASE,
      operations: { "GET /a": { parameters: [{ in: "header", name }] } },
    }) as OpenAPITable;
  for (const name of ["Host", "host", "a b", "a\r\nb", "a\0", ""]) {
    assertThrows(
      () => fromOpenAPITable(table(name)),
      TypeError,
      `Invalid OpenAPI table at operations["GET /a"].parameters[0].name: header parameter ${
        JSON.stringify(name)
      }`,
    );
  }
  assertEquals(fromOpenAPITable(table("X-Host"))("GET /a", { "X-Host": "h" }).headers, {
    "x-host": "h",
  });
});

// Item 4: one bad part is that part's.

Deno.test("compileOpenAPI() records a path item it cannot read for each method of that path, and builds the others", () => {
  const cases: [unknown, string][] = [
    [
      { $ref: "#/components/pathItems/Missing" },
      '$ref "#/components/pathItems/Missing" leads to no definition',
    ],
    [{ $ref: "#/components/pathItems/A" }, "loops without reaching a definition"],
    [{ $ref: "other.json#/paths/~1a" }, "points into another document"],
    [{ $ref: "#paths" }, 'is not a JSON pointer, expected "#/..."'],
    [{ $ref: "#/%E0%A4%A" }, "is not a percent-encoded JSON pointer"],
    [1, "expected a path item (an object), found number"],
    [[], "expected a path item (an object), found an array"],
    [null, "expected a path item (an object), found null"],
  ];
  for (const [item, detail] of cases) {
    const description = describe({ "/bad": item, "/ok": { get: { responses: {} } } }, {
      components: {
        pathItems: {
          A: { $ref: "#/components/pathItems/B" },
          B: { $ref: "#/components/pathItems/A" },
        },
      },
    });
    const table = compileOpenAPI(description);
    const methods = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"];
    assertEquals(Object.keys(table.operations), [...methods.map((m) => `${m} /bad`), "GET /ok"]);
    const api = fromOpenAPI(description) as unknown as Loose;
    for (const method of methods) {
      const error = table.operations[`${method} /bad`].error!;
      assert(error.startsWith('Invalid OpenAPI description at paths["/bad"]: '), error);
      assertStringIncludes(error, detail);
      assertThrows(() => api(`${method} /bad`), TypeError, detail);
    }
    assertEquals(api("GET /ok").url, `${BASE}/ok`);
  }
});

Deno.test("compileOpenAPI() records a path without a leading / for each of its operations, and builds the others", () => {
  const description = describe({
    "pets": { get: { responses: {} }, post: { responses: {} } },
    "pets/{id}": { $ref: "#/components/pathItems/Missing" },
    "/ok": { get: { responses: {} } },
  });
  const table = compileOpenAPI(description);
  const message = 'Invalid OpenAPI description at paths.pets: path "pets" does not start with "/"';
  assertEquals(table.operations["GET pets"], { error: message });
  assertEquals(table.operations["POST pets"], { error: message });
  assertStringIncludes(table.operations["GET pets/{id}"].error!, "does not start with");
  const api = fromOpenAPI(description) as unknown as Loose;
  assertThrows(() => api("GET pets"), TypeError, message);
  assertEquals(api("GET /ok").url, `${BASE}/ok`);
});

Deno.test("compileOpenAPI() reports a shared part's problem where it is written, to every operation that uses it", () => {
  const description = describe({
    "/a": { get: { parameters: [{ $ref: "#/components/parameters/Bad" }], responses: {} } },
    "/b": { get: { parameters: [{ $ref: "#/components/parameters/Bad" }], responses: {} } },
    "/c": { post: { requestBody: { $ref: "#/components/requestBodies/Bad" } } },
    "/d": { post: { requestBody: { $ref: "#/components/requestBodies/Bad" } } },
  }, {
    components: {
      parameters: { Bad: { name: "x", in: "query", style: "matrix" } },
      requestBodies: {
        Bad: {
          content: {
            "application/json": { schema: { allOf: [{ $ref: "#/components/schemas/Nowhere" }] } },
          },
        },
      },
    },
  });
  const table = compileOpenAPI(description);
  const parameter =
    'Invalid OpenAPI description at components.parameters.Bad.style: "matrix" is not a style of query parameters';
  const schema =
    'Invalid OpenAPI description at components.requestBodies.Bad.content["application/json"].schema.allOf[0]: $ref "#/components/schemas/Nowhere" leads to no definition';
  for (
    const [route, message] of [["GET /a", parameter], ["GET /b", parameter], ["POST /c", schema], [
      "POST /d",
      schema,
    ]]
  ) {
    assertStringIncludes(table.operations[route].error!, message);
  }
});

Deno.test("compileOpenAPI() gives each operation its own copy of a shared request body", () => {
  const body = {
    content: {
      "application/x-www-form-urlencoded": {
        schema: { type: "object", properties: { data: {} }, additionalProperties: false },
        encoding: { data: { style: "form", explode: false } },
      },
      "multipart/form-data": { encoding: { file: { contentType: "image/png" } } },
    },
  };
  const ref = { $ref: "#/components/requestBodies/Shared" };
  const table = compileOpenAPI(describe(
    { "/a": { post: { requestBody: ref } }, "/b": { put: { requestBody: ref } } },
    { components: { requestBodies: { Shared: body } } },
  ));
  // deno-lint-ignore no-explicit-any
  const a = table.operations["POST /a"].body as any;
  // deno-lint-ignore no-explicit-any
  const b = table.operations["PUT /b"].body as any;
  assertEquals(a, b);
  assertEquals(a.fields, ["data"]);
  // Changing one operation's body changes no other's, at any depth.
  a.type = "text/plain";
  a.fields.push("x");
  a.closed.push("x");
  a.encoding.data.style = "pipeDelimited";
  a.multipart.file.contentType = "text/plain";
  assertEquals(b.type, "application/x-www-form-urlencoded");
  assertEquals(b.fields, ["data"]);
  assertEquals(b.closed, ["data"]);
  assertEquals(b.encoding.data.style, "form");
  assertEquals(b.multipart.file.contentType, "image/png");
});

Deno.test("compileOpenAPI() walks allOf, oneOf and anyOf at any depth, with no RangeError", () => {
  for (const depth of [10_000, 100_000]) {
    let schema: Record<string, unknown> = { properties: { url: {}, data: {} } };
    for (let i = 0; i < depth; i++) schema = { [["allOf", "oneOf", "anyOf"][i % 3]]: [{}, schema] };
    const description = describe({
      "/a": { post: { requestBody: { content: { "application/json": { schema } } } } },
    });
    assertEquals(compileOpenAPI(description).operations["POST /a"], {
      body: { type: "application/json", fields: ["url", "data"] },
    });
    const api = fromOpenAPI(description);
    assertEquals(api("POST /a", { url: "u" }).url, `${BASE}/a`);
    // At the bottom, a $ref that leads nowhere is that operation's problem, in a bounded message.
    let broken: Record<string, unknown> = { $ref: "#/components/schemas/Nowhere" };
    for (let i = 0; i < depth; i++) broken = { allOf: [broken] };
    const error = compileOpenAPI(describe({
      "/a": { post: { requestBody: { content: { "application/json": { schema: broken } } } } },
    })).operations["POST /a"].error!;
    assert(error.length <= MAX_MESSAGE, `${error.length} characters`);
    assert(
      error.startsWith(
        'Invalid OpenAPI description at paths["/a"].post.requestBody.content["application/json"].schema.allOf[0]',
      ),
      error,
    );
    assert(error.endsWith('.allOf[0]: $ref "#/components/schemas/Nowhere" leads to no definition'));
    assertStringIncludes(error, "…");
  }
});

Deno.test("compileOpenAPI() keeps the option fields of a schema in a cycle of allOf whichever operation reads it first", () => {
  // A and B are each other's part: what one gives, the other gives too.
  const description = describe({
    "/a": {
      post: {
        requestBody: {
          content: { "application/json": { schema: { $ref: "#/components/schemas/A" } } },
        },
      },
    },
    "/b": {
      post: {
        requestBody: {
          content: { "application/json": { schema: { $ref: "#/components/schemas/B" } } },
        },
      },
    },
    "/c": {
      post: {
        requestBody: {
          content: { "application/json": { schema: { $ref: "#/components/schemas/C" } } },
        },
      },
    },
  }, {
    components: {
      schemas: {
        A: { properties: { url: {} }, allOf: [{ $ref: "#/components/schemas/B" }] },
        B: { properties: { data: {} }, allOf: [{ $ref: "#/components/schemas/A" }] },
        C: { properties: { method: {} }, oneOf: [{ $ref: "#/components/schemas/B" }] },
      },
    },
  });
  // The names of a cycle come in the order of the walk that first met it; as a set, they are
  // the same whichever operation comes first.
  const fields = (table: OpenAPITable) =>
    Object.values(table.operations).map((operation) => [...operation.body!.fields!].sort());
  const expected = [["data", "url"], ["data", "url"], ["data", "method", "url"]];
  assertEquals(fields(compileOpenAPI(description)), expected);
  const paths = description.paths as Record<string, unknown>;
  const reversed = { ...description, paths: Object.fromEntries(Object.entries(paths).reverse()) };
  assertEquals(fields(compileOpenAPI(reversed)), [...expected].reverse());
  // And each is a parameter, not the option of its name.
  const api = fromOpenAPI(description);
  assertEquals(api("POST /b", { url: "u", data: "d" }).body, { url: "u", data: "d" });
});

// Items 5 and 8: servers.

Deno.test("compileOpenAPI() resolves a relative operation or path server against the description's, never drops it", () => {
  const description = describe({
    "/files": { post: { servers: [{ url: "/uploads" }], responses: {} } },
    "/v2/files": { servers: [{ url: "v2" }], get: { responses: {} } },
    "/cdn": {
      get: { servers: [{ url: "//cdn.example.com/{v}", variables: { v: { default: "x" } } }] },
    },
    "/same": { get: { servers: [{ url: "/v1/" }] } },
  }, { servers: [{ url: `${BASE}/v1/` }] });
  const table = compileOpenAPI(description);
  assertEquals(table.operations["POST /files"].server, `${BASE}/uploads`);
  assertEquals(table.operations["GET /v2/files"].server, `${BASE}/v1/v2`);
  assertEquals(table.operations["GET /cdn"].server, "https://cdn.example.com/x");
  assertEquals(table.operations["GET /same"].server, undefined);
  const api = fromOpenAPI(description);
  assertEquals(api("POST /files").url, `${BASE}/uploads/files`);
  assertEquals(api("GET /cdn").url, "https://cdn.example.com/x/cdn");
  assertEquals(api("GET /same").url, `${BASE}/v1/same`);
  // options.baseUrl overrides every server, as always.
  assertEquals(
    fromOpenAPI(description, { baseUrl: "https://sandbox.example.com" })("POST /files").url,
    "https://sandbox.example.com/files",
  );
  // Without an absolute server to resolve it against, it needs a baseUrl, as the description's own.
  for (const extra of [{ servers: [{ url: "/api" }] }, { servers: [] }, { servers: undefined }]) {
    const relative = describe({ "/files": { post: { servers: [{ url: "/uploads" }] } } }, extra);
    // Recorded as written where the description's servers are (rule 26's server option reads it).
    assertEquals(
      compileOpenAPI(relative).operations["POST /files"],
      extra.servers?.length ? { servers: [{ url: "/uploads" }] } : {},
    );
    assertThrows(
      () => fromOpenAPI(relative)("POST /files"),
      TypeError,
      'Missing baseUrl for "POST /files": expected a baseUrl option or default',
    );
  }
});

const BAD_SERVERS: [string, string][] = [
  ["javascript:alert(1)", "is not an http: or https: URL"],
  ["file:///etc/passwd", "is not an http: or https: URL"],
  ["ftp://files.example.com", "is not an http: or https: URL"],
  ["api://", "is not an http: or https: URL"],
  ["localhost:8080", "is not an http: or https: URL"],
  ["https://user:secret@api.example.com", 'has userinfo ("user@")'],
  ["https://api.example.com@evil.example/v1", 'has userinfo ("user@")'],
  ["https://api.example.com/?key=1", "has a query or fragment"],
  ["https://api.example.com/#x", "has a query or fragment"],
  ["https://api.example.com/\r\nX-Injected: yes", 'holds a control character, a space or "\\"'],
  ["https://api.exa\tmple.com", 'holds a control character, a space or "\\"'],
  ["https://api.example.com\\@evil.example", 'holds a control character, a space or "\\"'],
  ["https:///evil.example", "has no host"],
  ["https://api.example.com:99999", "is not a valid URL"],
];

/** A server url as a message quotes it: its userinfo as "***" (SECURITY.md, bounded messages). */
function shown(url: string): string {
  return JSON.stringify(url.replace(/\/\/[^/\\]*@/, "//***@"));
}

Deno.test("compileOpenAPI() refuses a description whose first server can be no base url", () => {
  for (const [url, detail] of BAD_SERVERS) {
    const description = describe({ "/a": { get: { responses: {} } } }, { servers: [{ url }] });
    const message = `Invalid OpenAPI description at servers[0].url: ${shown(url)} ${detail}`;
    assertThrows(() => compileOpenAPI(description), TypeError, message);
    assertThrows(() => fromOpenAPI(description, { baseUrl: BASE }), TypeError, message);
  }
  // A variable's default is used as written; the url it gives is checked all the same.
  assertThrows(
    () =>
      compileOpenAPI(describe({}, {
        servers: [{
          url: "https://{host}/v1",
          variables: { host: { default: "api.example.com@evil.example" } },
        }],
      })),
    TypeError,
    'Invalid OpenAPI description at servers[0].url: with its variables at their defaults, "https://***@evil.example/v1" has userinfo',
  );
  // A relative one stays allowed: a call needs a baseUrl, and says so (not "Invalid baseUrl").
  for (const url of ["/x://y", "/api/v3", "//api.example.com", "api.example.com/v1", ""]) {
    const description = describe({ "/a": { get: { responses: {} } } }, { servers: [{ url }] });
    assertEquals(compileOpenAPI(description).server, undefined);
    assertThrows(
      () => fromOpenAPI(description)("GET /a"),
      TypeError,
      'Missing baseUrl for "GET /a": expected a baseUrl option or default',
    );
    assertEquals(fromOpenAPI(description, { baseUrl: BASE })("GET /a").url, `${BASE}/a`);
  }
  assertThrows(
    () => compileOpenAPI(describe({}, { servers: [{ url: "/api?v=1" }] })),
    TypeError,
    'Invalid OpenAPI description at servers[0].url: "/api?v=1" has a query or fragment',
  );
  for (
    const url of ["HTTPS://API.example.com", "http://localhost:8080/api", "https://[::1]:8443"]
  ) {
    assertEquals(compileOpenAPI(describe({}, { servers: [{ url }] })).server, url);
  }
});

Deno.test("compileOpenAPI() records an operation's or path's server that can be no base url as that operation's problem", () => {
  for (const [url, detail] of [...BAD_SERVERS, ["/a?x=1", "has a query or fragment"]]) {
    const description = describe({
      "/a": { get: { servers: [{ url }], responses: {} } },
      "/p": { servers: [{ url }], get: { responses: {} }, put: { responses: {} } },
      "/ok": { get: { responses: {} } },
    });
    const table = compileOpenAPI(description);
    const api = fromOpenAPI(description) as unknown as Loose;
    for (
      const [route, where] of [["GET /a", '"/a"].get'], ["GET /p", '"/p"]'], ["PUT /p", '"/p"]']]
    ) {
      const error = table.operations[route].error!;
      assertStringIncludes(error, `Invalid OpenAPI description at paths[${where}.servers[0].url: `);
      assertStringIncludes(error, detail);
      assertThrows(() => api(route), TypeError, detail);
    }
    assertEquals(api("GET /ok").url, `${BASE}/ok`);
  }
  // A relative one whose resolution leaves the description's host is refused the same way.
  const error = compileOpenAPI(describe({
    "/a": { get: { servers: [{ url: "//user@evil.example" }] } },
  })).operations["GET /a"].error!;
  assertStringIncludes(
    error,
    `resolved against "${BASE}", "https://***@evil.example/" has userinfo`,
  );
});

Deno.test("fromOpenAPITable() takes as servers only what can be a base url", () => {
  const table = (server: string, own?: string) =>
    ({
      format: "routecast-openapi-table/1",
      server,
      operations: { "GET /a": own === undefined ? {} : { server: own } },
    }) as OpenAPITable;
  for (const [url, detail] of [...BAD_SERVERS, ["/api", "is not an http: or https: URL"]]) {
    assertThrows(
      () => fromOpenAPITable(table(url)),
      TypeError,
      `Invalid OpenAPI table at server: ${shown(url)} ${detail}`,
    );
    assertThrows(
      () => fromOpenAPITable(table(BASE, url)),
      TypeError,
      `Invalid OpenAPI table at operations["GET /a"].server: ${shown(url)} ${detail}`,
    );
  }
  assertEquals(
    fromOpenAPITable(table(BASE, "https://b.example.com/v2"))("GET /a").url,
    "https://b.example.com/v2/a",
  );
});

// Item 7: versions.

Deno.test("compileOpenAPI() reads only the versions whose rules it implements: 3.0.x and 3.1.x", () => {
  for (const version of ["3.0.0", "3.0.4", "3.1.0", "3.1.1", "3.1.10"]) {
    const description = describe({ "/a": { get: {} } }, { openapi: version });
    assertEquals(Object.keys(compileOpenAPI(description).operations), ["GET /a"], version);
  }
  for (
    const version of [
      "3.2.0",
      "3.99",
      "3.1",
      "3.0",
      "3.10.0",
      "3.1.0-rc1",
      "3.01.0",
      "4.0.0",
      "",
      3.1,
      undefined,
    ]
  ) {
    const description = describe({ "/a": { get: {} } }, { openapi: version });
    const message = `Invalid OpenAPI description: openapi is ${
      typeof version === "string" ? JSON.stringify(version) : typeof version
    }, expected an OpenAPI 3.0 or 3.1 document with openapi "3.0.x" or "3.1.x"`;
    assertThrows(() => compileOpenAPI(description), TypeError, message);
    assertThrows(() => fromOpenAPI(description), TypeError, message);
  }
  assertThrows(
    () => compileOpenAPI({ swagger: "1.2", paths: {} }),
    TypeError,
    'Invalid OpenAPI description: swagger is "1.2", expected an OpenAPI 3.0 or 3.1 document with openapi "3.0.x" or "3.1.x", or swagger "2.0"',
  );
  // A version is shown, never converted with the description's own toString.
  let called = false;
  const sneaky = {
    toString() {
      called = true;
      return "2.0";
    },
  };
  for (const description of [{ swagger: sneaky }, { openapi: sneaky }]) {
    assertThrows(() => compileOpenAPI(description), TypeError, "an object");
  }
  assertEquals(called, false);
});

// Item 6: bounded messages.

Deno.test("compileOpenAPI() keeps every message under 1 KB for huge keys and deep nesting", () => {
  const huge = "k".repeat(1_000_000);
  const nul = "\0".repeat(100_000);
  let deep: unknown = { $ref: `#/${huge}` };
  for (let i = 0; i < 20_000; i++) deep = { anyOf: [deep] };
  const components: Record<string, unknown> = {};
  let chain = "#/components/x";
  for (let i = 0; i < 5000; i++) chain += "/" + huge.slice(0, 100);
  const operations: unknown[] = [
    { [huge]: { get: {} } },
    { [`/${huge}`]: { get: { parameters: [{ name: huge + " ", in: "header" }] } } },
    { [`/${nul}`]: { get: { parameters: [{ name: "Host", in: "header" }] } } },
    { "/a": { get: { parameters: [{ name: nul, in: "header" }] } } },
    { "/a": { get: { parameters: [{ name: "x", in: huge }] } } },
    { "/a": { get: { parameters: [{ name: "x", in: "query", style: huge }] } } },
    { "/a": { get: { parameters: [{ $ref: `#/${huge}` }] } } },
    { "/a": { get: { parameters: [{ $ref: chain }] } } },
    { "/a": { get: { parameters: [{ $ref: huge }] } } },
    { "/a": { post: { requestBody: { content: { [huge + "\r\n"]: {} } } } } },
    { "/a": { post: { requestBody: { content: { "application/json": { schema: deep } } } } } },
    {
      "/a": {
        post: {
          requestBody: {
            content: {
              "application/x-www-form-urlencoded": { encoding: { [huge]: { style: huge } } },
            },
          },
        },
      },
    },
    { "/a": { get: { servers: [{ url: `ftp://${huge}` }] } } },
    { "/a": { get: { servers: [{ url: `https://{${huge}}` }] } } },
    { "/a": { [huge]: {}, get: { servers: [{ url: `/${huge}?`, variables: {} }] } } },
    { [huge]: { $ref: `#/${nul}` } },
  ];
  for (const paths of operations) {
    const table = compileOpenAPI(describe(paths as Record<string, unknown>, { components }));
    const errors = Object.values(table.operations).map((operation) => operation.error);
    assert(
      errors.length > 0 && errors.every((error) => error !== undefined),
      JSON.stringify(table).slice(0, 500),
    );
    for (const error of errors) assert(error!.length <= MAX_MESSAGE, `${error!.length} characters`);
  }
  const documents: unknown[] = [
    { openapi: huge },
    { openapi: "3.1.0", paths: huge },
    { openapi: "3.1.0", servers: [{ url: `ftp://${huge}` }] },
    { openapi: "3.1.0", servers: [{ url: `https://{${huge}}` }] },
    {
      openapi: "3.1.0",
      servers: [{ url: `https://{${nul}}`, variables: { [nul]: { default: "@" } } }],
    },
    { openapi: "3.1.0", servers: huge },
    { swagger: huge },
    huge,
  ];
  for (const description of documents) {
    const { message } = errorOf(() => compileOpenAPI(description as object));
    assert(message.length <= MAX_MESSAGE, `${message.length} characters`);
  }
});

Deno.test("compileOpenAPI() and fromOpenAPITable() refuse a flag that is not true or false, at its place", () => {
  const form = "application/x-www-form-urlencoded";
  const table = compileOpenAPI(describe({
    "/a": { get: { parameters: [{ name: "x", in: "query", explode: "yes" }], responses: {} } },
    "/b": {
      get: { parameters: [{ name: "x", in: "query", allowReserved: 1 }], responses: {} },
    },
    "/c": {
      post: {
        requestBody: {
          content: { [form]: { schema: {}, encoding: { meta: { explode: null } } } },
        },
        responses: {},
      },
    },
  }));
  const errors = Object.fromEntries(
    Object.entries(table.operations).map(([route, operation]) => [route, operation.error]),
  );
  assertEquals(errors, {
    "GET /a":
      'Invalid OpenAPI description at paths["/a"].get.parameters[0].explode: expected true or false, found "yes"',
    "GET /b":
      'Invalid OpenAPI description at paths["/b"].get.parameters[0].allowReserved: expected true or false, found number',
    "POST /c":
      `Invalid OpenAPI description at paths["/c"].post.requestBody.content["${form}"].encoding.meta.explode: expected true or false, found null`,
  });
  assertThrows(
    () =>
      fromOpenAPITable({
        format: "routecast-openapi-table/1",
        operations: {
          "POST /c": { body: { type: form, kind: "form", encoding: { meta: { json: "no" } } } },
        },
      } as unknown as OpenAPITable),
    TypeError,
    'Invalid OpenAPI table at operations["POST /c"].body.encoding.meta.json: expected true or false, found "no"',
  );
});

Deno.test("fromOpenAPI() compiles an operation's path item on its first call, once, and only that path", () => {
  const reads = { n: 0 };
  const other = { n: 0 };
  const operation = counted({
    parameters: [{ name: "q", in: "query", schema: { type: "string" } }],
    responses: {},
  }, reads);
  const description = describe({
    "/a": { get: operation },
    "/b": { get: counted({ responses: {} }, other), post: { responses: {} } },
  });
  const builder = fromOpenAPI(description);
  const api = builder as unknown as Loose;
  assertEquals(reads.n, 0, "making the builder read an operation");
  assertEquals(api("GET /a", { q: "x" }).url, `${BASE}/a?q=x`);
  const afterFirst = reads.n;
  assert(afterFirst > 0);
  assertEquals(other.n, 0, "a call of /a compiled /b");
  assertEquals(api("GET /a", { q: "y" }).url, `${BASE}/a?q=y`);
  assertEquals(reads.n, afterFirst, "a second call compiled /a again");
  // merge() asks for the operation's declaration too.
  assertEquals(builder.merge("GET /b", {}).url, "/b");
  assert(other.n > 0);
  // compileOpenAPI() reads every operation, as before.
  const eager = { n: 0 };
  compileOpenAPI(describe({ "/a": { get: counted({ responses: {} }, eager) } }));
  assert(eager.n > 0);
});

Deno.test("fromOpenAPI() reports a problem of an operation on each call of it, and builds the same requests as its compiled table", () => {
  const description = describe({
    "/bad": { get: { parameters: [{ $ref: "#/components/parameters/Missing" }], responses: {} } },
    "/items/{id}": {
      parameters: [{ name: "id", in: "path", required: true, style: "label" }],
      get: { parameters: [{ name: "tags", in: "query", explode: false }], responses: {} },
      post: {
        requestBody: { content: { "application/x-www-form-urlencoded": { schema: {} } } },
        responses: {},
      },
    },
  });
  const lazy = fromOpenAPI(description) as unknown as Loose;
  const compiled = fromOpenAPITable(compileOpenAPI(description)) as unknown as Loose;
  for (let i = 0; i < 2; i++) {
    assertThrows(() => lazy("GET /bad"), TypeError, '"#/components/parameters/Missing"');
  }
  assertThrows(() => compiled("GET /bad"), TypeError, '"#/components/parameters/Missing"');
  for (
    const [route, values] of [
      ["GET /items/{id}", { id: "7", tags: ["a", "b"] }],
      ["POST /items/{id}", { id: "7", name: "n" }],
    ] as const
  ) {
    assertEquals(lazy(route, values), compiled(route, values));
  }
  // A method the path does not have is no operation.
  assertThrows(() => lazy("DELETE /items/{id}", { id: "7" }), TypeError, "Unknown operation");
  const loose = fromOpenAPI(description, { strict: false }) as unknown as Loose;
  assertEquals(loose("DELETE /items/{id}", { id: "7" }).url, `${BASE}/items/7`);
});

Deno.test("fromOpenAPI() and fromOpenAPITable() of its JSON table build the same requests with rule 26's options", () => {
  const description = {
    openapi: "3.1.0",
    info: { title: "All of rule 26", version: "1" },
    servers: [
      {
        url: "https://{region}.api.example.com/v1",
        variables: { region: { default: "eu", enum: ["eu", "us"] } },
      },
      { url: "https://sandbox.example.com/v1" },
    ],
    components: {
      securitySchemes: {
        token: { type: "http", scheme: "bearer" },
        key: { type: "apiKey", in: "query", name: "app_key" },
        session: { type: "apiKey", in: "cookie", name: "sid" },
      },
    },
    security: [{ token: [] }, { key: [], session: [] }],
    paths: {
      "/items": {
        get: { parameters: [{ name: "tag", in: "query", schema: { type: "array" } }] },
        post: {
          security: [{ key: [], session: [] }],
          requestBody: {
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  additionalProperties: false,
                  properties: { name: { type: "string" } },
                },
              },
            },
          },
        },
      },
      "/files": {
        servers: [{
          url: "https://{region}.uploads.example.com",
          variables: { region: { default: "eu" } },
        }],
        post: {
          security: [],
          requestBody: { content: { "multipart/form-data": { schema: { type: "object" } } } },
        },
      },
    },
  };
  const table = JSON.parse(JSON.stringify(compileOpenAPI(description)));
  assert(!JSON.stringify(table).includes("s3cret"));
  for (
    const options of [
      { credentials: { token: "s3cret" }, serverVariables: { region: "us" } },
      { credentials: { key: "k", session: "s3cret" }, server: 1 },
      { credentials: { token: "s3cret", key: "k", session: "s" }, server: 0, strict: false },
    ]
  ) {
    const direct = fromOpenAPI(description, options) as unknown as Loose;
    const tabled = fromOpenAPITable(table, options) as unknown as Loose;
    for (
      const [route, values] of [
        ["GET /items", { tag: ["a", "b"] }],
        ["POST /items", { name: "n" }],
        ["POST /files", { note: "x", file: new Blob(["b"]) }],
      ] as const
    ) {
      const a = direct(route, values);
      const b = tabled(route, values);
      assertEquals({ ...a, body: undefined }, { ...b, body: undefined }, route);
      if (a.body instanceof FormData) {
        assertEquals([...a.body.keys()], [...(b.body as FormData).keys()]);
      } else assertEquals(a.body, b.body);
    }
    for (const api of [direct, tabled]) {
      if (options.strict === false) {
        // A key the closed body does not list goes into it; a route outside goes without credentials.
        assertEquals(api("POST /items", { name: "n", extra: 1 }).body, { name: "n", extra: 1 });
        assert(!JSON.stringify(api("GET /item", { q: 1 })).includes("s3cret"));
        continue;
      }
      const error = assertThrows(() => api("POST /items", { name: "n", extra: 1 }), TypeError);
      assert(!error.message.includes("s3cret"), error.message);
      assertThrows(() => api("GET /item"), TypeError, 'did you mean "GET /items"');
    }
  }
});
