/**
 * DECISIONS.md rule 25: `fromOpenAPI` writes every parameter of a declared
 * operation where its description puts it, in its style; the OpenAPI
 * Specification's "Style Examples" table (3.0.3 and 3.1.1, with RFC 6570
 * where the table departs from the normative reference it cites); bodies,
 * servers, `$ref`s, names that collide with options, the operation table.
 */
import {
  compileOpenAPI,
  fromOpenAPI,
  fromOpenAPITable,
  type OpenAPITable,
} from "@routecast/endpoint/openapi";
import fc from "fast-check";
import { assert, assertEquals, assertThrows } from "@std/assert";
import { assertProperty } from "./_fc.ts";

const BASE = "https://api.example.com";

/** A description with one operation per path, for the tables below. */
function describe(paths: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    openapi: "3.1.0",
    info: { title: "Test", version: "1" },
    servers: [{ url: BASE }],
    paths,
    ...extra,
  };
}

const STRING = "blue";
const ARRAY = ["blue", "black", "brown"];
const OBJECT = { R: 100, G: 200, B: 150 };

Deno.test("fromOpenAPI() writes path parameters as the style table says (RFC 6570 for label lists)", () => {
  const cases: [string, boolean, unknown, string][] = [
    ["simple", false, STRING, "blue"],
    ["simple", false, ARRAY, "blue,black,brown"],
    ["simple", false, OBJECT, "R,100,G,200,B,150"],
    ["simple", true, ARRAY, "blue,black,brown"],
    ["simple", true, OBJECT, "R=100,G=200,B=150"],
    ["label", false, STRING, ".blue"],
    ["label", false, ARRAY, ".blue,black,brown"],
    ["label", false, OBJECT, ".R,100,G,200,B,150"],
    ["label", true, ARRAY, ".blue.black.brown"],
    ["label", true, OBJECT, ".R=100.G=200.B=150"],
    ["matrix", false, STRING, ";color=blue"],
    ["matrix", false, "", ";color"],
    ["matrix", false, ARRAY, ";color=blue,black,brown"],
    ["matrix", false, OBJECT, ";color=R,100,G,200,B,150"],
    ["matrix", true, ARRAY, ";color=blue;color=black;color=brown"],
    ["matrix", true, OBJECT, ";R=100;G=200;B=150"],
  ];
  for (const [style, explode, value, written] of cases) {
    const api = fromOpenAPI(describe({
      "/items/{color}": {
        get: {
          parameters: [{ name: "color", in: "path", required: true, style, explode }],
          responses: {},
        },
      },
    }));
    assertEquals(
      api("GET /items/{color}", { color: value as string }).url,
      `${BASE}/items/${written}`,
      `${style} ${explode} ${JSON.stringify(value)}`,
    );
  }
});

Deno.test("fromOpenAPI() writes query parameters as the style table says, on every method", () => {
  const cases: [string | undefined, boolean | undefined, unknown, string][] = [
    [undefined, undefined, STRING, "color=blue"],
    [undefined, undefined, "", "color="],
    [undefined, undefined, ARRAY, "color=blue&color=black&color=brown"],
    [undefined, undefined, OBJECT, "R=100&G=200&B=150"],
    ["form", false, ARRAY, "color=blue,black,brown"],
    ["form", false, OBJECT, "color=R,100,G,200,B,150"],
    ["spaceDelimited", false, ARRAY, "color=blue%20black%20brown"],
    ["pipeDelimited", false, ARRAY, "color=blue|black|brown"],
    ["deepObject", true, OBJECT, "color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150"],
    // Where the specification defines nothing, as swagger-client writes it.
    ["spaceDelimited", false, OBJECT, "color=R,100,G,200,B,150"],
    ["pipeDelimited", true, ARRAY, "color=blue&color=black&color=brown"],
    ["deepObject", true, ARRAY, "color=blue&color=black&color=brown"],
    ["deepObject", false, ARRAY, "color=blue,black,brown"],
    [
      "deepObject",
      true,
      { a: { b: 1 }, c: [1, 2] },
      "color%5Ba%5D=%7B%22b%22%3A1%7D&color%5Bc%5D=%5B1%2C2%5D",
    ],
    ["deepObject", true, STRING, "color=blue"],
    // Values RFC 6570 leaves out.
    [undefined, undefined, [], ""],
    [undefined, undefined, {}, ""],
    [undefined, undefined, null, ""],
  ];
  for (const method of ["get", "post", "delete"]) {
    for (const [style, explode, value, written] of cases) {
      const parameter: Record<string, unknown> = { name: "color", in: "query" };
      if (style !== undefined) parameter.style = style;
      if (explode !== undefined) parameter.explode = explode;
      const api = fromOpenAPI(describe({
        "/items": { [method]: { parameters: [parameter], responses: {} } },
      }));
      const result = api(`${method.toUpperCase()} /items`, { color: value });
      assertEquals(
        result.url,
        `${BASE}/items${written === "" ? "" : "?" + written}`,
        `${method} ${style} ${explode} ${JSON.stringify(value)}`,
      );
      assertEquals(result.body, undefined);
    }
  }
});

Deno.test("fromOpenAPI() writes list items and object members that are lists or objects as JSON text", () => {
  const api = fromOpenAPI(describe({
    "/search": {
      get: {
        parameters: [
          { name: "properties", in: "query" },
          { name: "pairs", in: "query", explode: false },
          { name: "X-Filter", in: "header" },
        ],
        responses: {},
      },
    },
  }));
  const result = api("GET /search", {
    properties: [{ a: 1 }, "b", [2]],
    pairs: { k: { v: 1 } },
    "X-Filter": [{ x: 1 }],
  });
  assertEquals(
    result.url,
    `${BASE}/search?properties=%7B%22a%22%3A1%7D&properties=b&properties=%5B2%5D&pairs=k,%7B%22v%22%3A1%7D`,
  );
  assertEquals(result.headers, { "x-filter": '{"x":1}' });
});

Deno.test("fromOpenAPI() applies defaults of declared parameters wherever they go", () => {
  const api = fromOpenAPI(describe({
    "/pods/{name}": {
      delete: {
        parameters: [
          { name: "name", in: "path", required: true, content: { "application/json": {} } },
          { name: "dryRun", in: "query" },
          { name: "X-Request-Id", in: "header" },
          { name: "session", in: "cookie" },
        ],
        responses: {},
      },
    },
  })).defaults({ dryRun: "All", "X-Request-Id": "default", session: "s", name: { id: 1 } });
  const route = "DELETE /pods/{name}";
  assertEquals(api(route), {
    method: "delete",
    url: `${BASE}/pods/%7B%22id%22%3A1%7D?dryRun=All`,
    headers: { "x-request-id": "default", cookie: "session=s" },
  });
  const given = api(route, { name: "web", dryRun: ["a", "b"], "X-Request-Id": "r", session: null });
  assertEquals(given.url, `${BASE}/pods/web?dryRun=a&dryRun=b`);
  // null over a default leaves the parameter out, as for every parameter.
  assertEquals(given.headers, { "x-request-id": "r" });
});

Deno.test("fromOpenAPI() sends a non-GET operation's query parameters to the query, beside data", () => {
  const api = fromOpenAPI(describe({
    "/api/v1/namespaces/{namespace}/pods": {
      parameters: [{ name: "namespace", in: "path", required: true }],
      post: {
        parameters: [
          { name: "dryRun", in: "query" },
          { name: "fieldManager", in: "query" },
        ],
        requestBody: { content: { "application/json": { schema: { type: "object" } } } },
        responses: {},
      },
    },
  }));
  const route = "POST /api/v1/namespaces/{namespace}/pods";
  const created = api(route, {
    namespace: "default",
    dryRun: "All",
    fieldManager: "kubectl",
    metadata: { name: "web" },
  });
  assertEquals(
    created.url,
    `${BASE}/api/v1/namespaces/default/pods?dryRun=All&fieldManager=kubectl`,
  );
  assertEquals(created.body, { metadata: { name: "web" } });
  assertEquals(created.headers, { "content-type": "application/json" });
  const withData = api(route, { namespace: "default", dryRun: "All", data: "{}" });
  assertEquals(withData.url, `${BASE}/api/v1/namespaces/default/pods?dryRun=All`);
  assertEquals(withData.body, "{}");
});

Deno.test("fromOpenAPI() writes allowReserved and JSON-content query parameters", () => {
  const api = fromOpenAPI(describe({
    "/search": {
      get: {
        parameters: [
          { name: "path", in: "query", allowReserved: true },
          { name: "filter", in: "query", content: { "application/json": { schema: {} } } },
          { name: "text", in: "query", content: { "text/plain": { schema: {} } } },
        ],
        responses: {},
      },
    },
  }));
  assertEquals(
    api("GET /search", { path: "a/b?c=d&e%20f g", filter: { x: [1, "é"] }, text: "a b" }).url,
    // Reserved characters pass but & (and #), which would end the value.
    `${BASE}/search?path=a/b?c=d%26e%20f%20g&filter=%7B%22x%22%3A%5B1%2C%22%C3%A9%22%5D%7D&text=a%20b`,
  );
  // A string is JSON text already.
  assertEquals(api("GET /search", { filter: "[1]" }).url, `${BASE}/search?filter=%5B1%5D`);
  // A bigint is its digits: JSON has no bigint, and JSON.stringify throws.
  assertEquals(api("GET /search", { filter: [1n] }).url, `${BASE}/search?filter=%5B1%5D`);
  assertThrows(
    () => api("GET /search", { filter: new Map() }),
    TypeError,
    'Invalid value for parameter "filter": it cannot be written as JSON, found an instance of Map, expected JSON data',
  );
});

Deno.test("fromOpenAPI() writes header parameters in simple style and cookie parameters in one cookie header", () => {
  const api = fromOpenAPI(describe({
    "/me": {
      get: {
        parameters: [
          { name: "X-Request-Id", in: "header" },
          { name: "X-Tags", in: "header" },
          { name: "X-Color", in: "header", explode: true },
          { name: "X-Plain", in: "header" },
          { name: "session", in: "cookie" },
          { name: "prefs", in: "cookie", explode: false },
          { name: "ids", in: "cookie" },
          { name: "color", in: "cookie", explode: false },
        ],
        responses: {},
      },
    },
  }));
  const result = api("GET /me", {
    "X-Request-Id": "r 1/é",
    "X-Tags": ["a", "b"],
    "X-Color": OBJECT,
    "X-Plain": OBJECT,
    session: "s 1;x",
    prefs: ["p", "q"],
    ids: [1, 2],
    color: OBJECT,
  });
  assertEquals(result.url, `${BASE}/me`);
  assertEquals(result.headers, {
    "x-request-id": "r 1/é",
    "x-tags": "a,b",
    "x-color": "R=100,G=200,B=150",
    "x-plain": "R,100,G,200,B,150",
    cookie: "session=s%201%3Bx; prefs=p%2Cq; ids=1; ids=2; color=R%2C100%2CG%2C200%2CB%2C150",
  });
  // A caller's own cookie header replaces the whole cookie header (rule 26).
  assertEquals(
    api("GET /me", { session: "s", headers: { cookie: "theme=dark" } }).headers,
    { cookie: "theme=dark" },
  );
  // A header parameter wins over a header of the same name; one that is not given leaves it.
  const defaults = api.defaults({ headers: { "x-request-id": "default", "x-tags": "kept" } });
  assertEquals(defaults("GET /me", { "X-Request-Id": "given" }).headers, {
    "x-request-id": "given",
    "x-tags": "kept",
  });
  assertThrows(
    () => api("GET /me", { "X-Request-Id": "a\r\nb" }),
    TypeError,
    'Invalid value for header "x-request-id": it contains CR, LF or NUL (CR at index 1), expected a single-line value',
  );
});

Deno.test("fromOpenAPI() builds JSON bodies with the operation's media type", () => {
  const operation = (content: Record<string, unknown>) => ({
    post: { requestBody: { content }, responses: {} },
  });
  const api = fromOpenAPI(describe({
    "/json": operation({ "application/json": {} }),
    "/patch": operation({ "application/merge-patch+json": {}, "application/json-patch+json": {} }),
    "/first-json": operation({ "text/plain": {}, "application/vnd.api+json": {} }),
    "/wildcard": operation({ "*/*": {} }),
    "/nothing": { post: { responses: {} } },
  }));
  const cases: [string, string][] = [
    ["/json", "application/json"],
    ["/patch", "application/merge-patch+json"],
    ["/first-json", "application/vnd.api+json"],
    ["/wildcard", "application/json"],
    ["/nothing", "application/json; charset=utf-8"],
  ];
  // An operation without a requestBody takes no keys but with strict: false (rule 26).
  const loose = fromOpenAPI(describe({ "/nothing": { post: { responses: {} } } }), {
    strict: false,
  });
  for (const [path, type] of cases) {
    const result = (path === "/nothing" ? loose : api)(`POST ${path}`, { a: 1, b: null });
    assertEquals(result.body, { a: 1, b: null }, path);
    assertEquals(result.headers, { "content-type": type }, path);
  }
  // The caller's content type wins; data replaces the body.
  assertEquals(
    api("POST /patch", { a: 1, headers: { "Content-Type": "application/json" } }).headers,
    { "content-type": "application/json" },
  );
  assertEquals(api("POST /patch", { data: "[]" }).body, "[]");
  // Only multipart/form-data changes how the body is written: a form type named beside JSON is
  // the header alone (docs/any-api.md), so the form body goes as data.
  const both = fromOpenAPI(describe({
    "/both": operation({ "application/json": {}, "application/x-www-form-urlencoded": {} }),
  }));
  const form = { "content-type": "application/x-www-form-urlencoded" };
  assertEquals(both("POST /both", { a: 1, headers: form }).body, { a: 1 });
  assertEquals(both("POST /both", { data: "a=1", headers: form }).body, "a=1");
});

Deno.test("fromOpenAPI() builds form bodies as swagger-client encodes them", () => {
  const api = fromOpenAPI(describe({
    "/v1/customers": {
      post: {
        requestBody: {
          content: {
            "application/x-www-form-urlencoded": {
              schema: { type: "object" },
              encoding: {
                metadata: { style: "deepObject", explode: true },
                expand: { style: "deepObject", explode: true },
                tags: { style: "form", explode: false },
                reserved: { allowReserved: true },
                json: { contentType: "application/json" },
              },
            },
          },
        },
        responses: {},
      },
    },
  }));
  const result = api("POST /v1/customers", {
    email: "a+b@example.com",
    "odd name": "it's (x)*!",
    metadata: { order: "6735", nested: { a: 1 } },
    expand: ["a", "b"],
    tags: ["x", "y"],
    reserved: "a/b?c",
    json: { x: 1 },
    plain: ["p", 2, true],
    objects: [{ a: 1 }],
    object: { a: 1 },
    skipped: null,
    at: new Date(0),
  });
  assertEquals(result.headers, { "content-type": "application/x-www-form-urlencoded" });
  assertEquals(
    result.body,
    [
      "email=a%2Bb%40example.com",
      "odd%20name=it's%20(x)*!",
      "metadata%5Border%5D=6735&metadata%5Bnested%5D=%7B%22a%22%3A1%7D",
      "expand=a&expand=b",
      "tags=x,y",
      "reserved=a/b?c",
      "json=%7B%22x%22%3A1%7D",
      "plain=p,2,true",
      "objects=%5B%7B%22a%22%3A1%7D%5D",
      "object=%7B%22a%22%3A1%7D",
      "at=1970-01-01T00%3A00%3A00.000Z",
    ].join("&"),
  );
  // A caller's data and content type still win.
  const raw = api("POST /v1/customers", {
    data: "email=x",
    headers: { "content-type": "text/plain" },
  });
  assertEquals([raw.body, raw.headers["content-type"]], ["email=x", "text/plain"]);
});

Deno.test("fromOpenAPI() asks for data when the operation takes only media types it does not write", () => {
  const api = fromOpenAPI(describe({
    "/upload": {
      post: {
        parameters: [{ name: "name", in: "query" }],
        requestBody: { content: { "multipart/mixed": {}, "application/octet-stream": {} } },
        responses: {},
      },
    },
  }));
  assertThrows(
    () => api("POST /upload", { name: "a.zip", file: "bytes" }),
    TypeError,
    'Invalid parameter "file" for "POST /upload": the operation\'s body is "multipart/mixed", expected the body as data',
  );
  // A multipart body's content type carries the boundary its client writes: none is set.
  // A binary type is. (multipart/form-data bodies: tests/openapi_multipart_test.ts.)
  const form = new FormData();
  const upload = api("POST /upload", { name: "a.zip", data: form });
  assertEquals(upload.url, `${BASE}/upload?name=a.zip`);
  assertEquals(upload.body, form);
  assertEquals(upload.headers, {});
  const binary = fromOpenAPI(describe({
    "/blob": {
      put: { requestBody: { content: { "application/octet-stream": {} } }, responses: {} },
    },
  }));
  const bytes = new Uint8Array([1, 2]);
  assertEquals(binary("PUT /blob", { data: bytes }).headers, {
    "content-type": "application/octet-stream",
  });
});

Deno.test("fromOpenAPI(): a declared parameter or body field named like an option is that parameter", () => {
  const description = describe({
    "/v1/webhook_endpoints": {
      post: {
        requestBody: {
          content: {
            "application/x-www-form-urlencoded": {
              schema: { $ref: "#/components/schemas/Hook" },
            },
          },
        },
        responses: {},
      },
    },
    "/tasks": {
      post: {
        requestBody: {
          content: {
            "application/json": {
              schema: { allOf: [{ type: "object", properties: { data: { type: "object" } } }] },
            },
          },
        },
        responses: {},
      },
    },
    "/search": {
      get: {
        parameters: [{ name: "method", in: "query" }, { name: "url", in: "query" }],
        responses: {},
      },
    },
  }, {
    components: {
      schemas: { Hook: { type: "object", properties: { url: { type: "string" } } } },
    },
  });
  const api = fromOpenAPI(description);
  const hook = api("POST /v1/webhook_endpoints", { url: "https://example.com/hook" });
  assertEquals(hook.url, `${BASE}/v1/webhook_endpoints`);
  assertEquals(hook.body, "url=https%3A%2F%2Fexample.com%2Fhook");
  const task = api("POST /tasks", { data: { name: "Buy milk" } });
  assertEquals(task.body, { data: { name: "Buy milk" } });
  // A body the operation takes as */* names its fields too (Kubernetes' ConfigMap has data).
  const configMap = fromOpenAPI(describe({
    "/configmaps": {
      post: {
        requestBody: {
          content: {
            "*/*": { schema: { type: "object", properties: { data: { type: "object" } } } },
          },
        },
        responses: {},
      },
    },
  }))("POST /configmaps", { data: { key: "value" }, kind: "ConfigMap" });
  assertEquals(configMap.body, { data: { key: "value" }, kind: "ConfigMap" });
  assertEquals(configMap.headers, { "content-type": "application/json" });
  const search = api("GET /search", { method: "fast", url: "x" });
  assertEquals([search.method, search.url], ["get", `${BASE}/search?method=fast&url=x`]);
  // The named options of those names are set with defaults(); other routes keep them.
  assertEquals(api.defaults({ data: "raw" })("POST /tasks").body, "raw");
  assertEquals(
    fromOpenAPI(description, { strict: false })("POST /other", { data: "raw" }).body,
    "raw",
  );
  // merge() carries them apart from the options, and parse() reads them back
  // (tests/option_collisions_test.ts has every option name in every place).
  const merged = api.merge("POST /v1/webhook_endpoints", { url: "https://example.com/hook" });
  assertEquals(merged.url, "/v1/webhook_endpoints");
  assertEquals(api.parse(merged), hook);
  // Beside no route string, method and url are the route.
  assertEquals(
    api({ method: "POST", url: "/tasks", data: { x: 1 } }).body,
    { data: { x: 1 } },
  );
});

Deno.test("fromOpenAPI() takes the baseUrl from servers: the operation's, the path's, the description's", () => {
  const description = describe({
    "/a": { get: { responses: {} } },
    "/b": { servers: [{ url: "https://b.example.com/" }], get: { responses: {} } },
    "/c": {
      servers: [{ url: "https://b.example.com" }],
      get: {
        servers: [{
          url: "https://{region}.example.com/{v}",
          variables: { region: { default: "eu" }, v: { default: "v2", enum: ["v2"] } },
        }],
        responses: {},
      },
    },
  }, { servers: [{ url: "https://api.example.com/v1/" }] });
  const api = fromOpenAPI(description);
  assertEquals(api("GET /a").url, "https://api.example.com/v1/a");
  assertEquals(api("GET /b").url, "https://b.example.com/b");
  assertEquals(api("GET /c").url, "https://eu.example.com/v2/c");
  assertEquals(
    fromOpenAPI(description, { strict: false })("GET /undeclared").url,
    "https://api.example.com/v1/undeclared",
  );
  // options.baseUrl, defaults() and a call's baseUrl override them all.
  const sandbox = fromOpenAPI(description, { baseUrl: "https://sandbox.example.com" });
  for (const path of ["/a", "/b", "/c"]) {
    assertEquals(sandbox(`GET ${path}`).url, `https://sandbox.example.com${path}`);
    assertEquals(
      api.defaults({ baseUrl: "https://d.example.com" })(`GET ${path}`).url,
      `https://d.example.com${path}`,
    );
    assertEquals(
      api(`GET ${path}`, { baseUrl: "https://e.example.com" }).url,
      `https://e.example.com${path}`,
    );
  }
  // A relative server needs a baseUrl.
  const relative = describe({ "/pets": { get: { responses: {} } } }, {
    servers: [{ url: "/api/v3" }],
  });
  assertThrows(
    () => fromOpenAPI(relative)("GET /pets"),
    TypeError,
    'Missing baseUrl for "GET /pets": expected a baseUrl option or default',
  );
  assertEquals(
    fromOpenAPI(relative, { baseUrl: "https://petstore.example.com/api/v3" })("GET /pets").url,
    "https://petstore.example.com/api/v3/pets",
  );
  assertThrows(
    () => fromOpenAPI(describe({}, { servers: [{ url: "https://{x}.example.com" }] })),
    TypeError,
    'Invalid OpenAPI description at servers[0].variables: server variable "x" has no default, expected a string default',
  );
  // options.baseUrl is checked when the builder is made, as every option is (rule 26), not at a call.
  const table = compileOpenAPI(description);
  for (
    const [baseUrl, message] of [
      ["/api/v3", 'Invalid baseUrl "/api/v3": expected an absolute URL'],
      ["", 'Invalid baseUrl "": expected an absolute URL'],
      [3, "Invalid baseUrl number: expected an absolute URL"],
      [null, "Invalid baseUrl null: expected an absolute URL"],
      ["javascript:alert(1)", 'Invalid baseUrl "javascript:alert(1)": expected an absolute URL'],
      ["https://h.example/?k=1", 'Invalid baseUrl "https://h.example/?k=1": it has a query'],
      ["https://h.example/#x", 'Invalid baseUrl "https://h.example/#x": it has a query'],
    ] as const
  ) {
    for (const make of [fromOpenAPI.bind(null, description), fromOpenAPITable.bind(null, table)]) {
      assertThrows(() => make({ baseUrl } as never), TypeError, message);
    }
  }
});

Deno.test("fromOpenAPI() follows local $refs, path-level parameters, and leaves recursive schemas alone", () => {
  const api = fromOpenAPI(describe({
    "/pets/{petId}": {
      parameters: [
        { $ref: "#/components/parameters/PetId" },
        { name: "limit", in: "query", style: "form", explode: false },
      ],
      get: {
        parameters: [
          { name: "limit", in: "query" },
          { $ref: "#/components/parameters/Fields" },
        ],
        responses: {},
      },
      put: {
        requestBody: { $ref: "#/components/requestBodies/Pet" },
        responses: {},
      },
    },
    "/alias/{petId}": { $ref: "#/paths/~1pets~1%7BpetId%7D" },
    "/undeclared": { $ref: "#/paths/~1pets~1%7BpetId%7D" },
    // ~1 and ~0 without percent-encoding (RFC 6901).
    "/tilde": { get: { parameters: [{ $ref: "#/components/parameters/a~1b~0c" }], responses: {} } },
  }, {
    components: {
      parameters: {
        "a/b~c": { name: "tilde", in: "query" },
        PetId: { name: "petId", in: "path", required: true, schema: { type: "integer" } },
        Fields: { $ref: "#/components/parameters/FieldsTarget" },
        FieldsTarget: { name: "fields", in: "query", explode: false },
      },
      requestBodies: {
        Pet: { content: { "application/json": { schema: { $ref: "#/components/schemas/Node" } } } },
      },
      schemas: {
        Node: {
          type: "object",
          properties: { url: { type: "string" }, child: { $ref: "#/components/schemas/Node" } },
        },
      },
    },
  }));
  // The operation's limit (form, exploded) wins over the path's (not exploded).
  assertEquals(
    api("GET /pets/{petId}", { petId: 7, limit: [1, 2], fields: ["a", "b"] }).url,
    `${BASE}/pets/7?limit=1&limit=2&fields=a,b`,
  );
  const put = api("PUT /pets/{petId}", { petId: 7, url: "u", child: { url: "v" } });
  assertEquals(put.body, { url: "u", child: { url: "v" } });
  assertEquals(put.url, `${BASE}/pets/7`);
  assertEquals(
    api("GET /alias/{petId}", { petId: 1, limit: [1, 2] }).url,
    `${BASE}/alias/1?limit=1&limit=2`,
  );
  assertEquals(api("GET /tilde", { tilde: "x" }).url, `${BASE}/tilde?tilde=x`);
  // A path parameter that the path does not name is declared all the same: never sent elsewhere.
  const undeclared = api("GET /undeclared", { petId: 1 });
  assertEquals([undeclared.url, undeclared.headers], [`${BASE}/undeclared`, {}]);
});

Deno.test("fromOpenAPI() refuses what is not an OpenAPI 3 description, naming where", () => {
  const cases: [unknown, string][] = [
    [
      null,
      "Invalid OpenAPI description null: expected a parsed OpenAPI 3.0 or 3.1 document, or a Swagger 2.0 one (an object; parse YAML first)",
    ],
    [
      "openapi: 3.0.0",
      'Invalid OpenAPI description "openapi: 3.0.0": expected a parsed OpenAPI 3.0 or 3.1 document',
    ],
    [
      { swagger: 2, paths: {} },
      'Invalid OpenAPI description: swagger is "2", expected an OpenAPI 3.0 or 3.1 document with openapi "3.0.x" or "3.1.x", or swagger "2.0"',
    ],
    [
      { openapi: "2.0" },
      'Invalid OpenAPI description: openapi is "2.0", expected an OpenAPI 3.0 or 3.1 document',
    ],
  ];
  for (const [description, message] of cases) {
    assertThrows(() => fromOpenAPI(description as object), TypeError, message);
  }
});

Deno.test("fromOpenAPI() reports a problem in one operation when that route is called, and builds the others", () => {
  const cases: [Record<string, unknown>, string][] = [
    [
      describe({ "/a": { get: { parameters: [{ name: "x", in: "body" }] } } }),
      'Invalid OpenAPI description at paths["/a"].get.parameters[0].in: found "body", expected "path", "query", "header" or "cookie" (or swagger "2.0" at the top)',
    ],
    [
      describe({ "/a": { get: { parameters: [{ name: "x", in: "query", style: "matrix" }] } } }),
      'Invalid OpenAPI description at paths["/a"].get.parameters[0].style: "matrix" is not a style of query parameters, expected "form", "spaceDelimited", "pipeDelimited" or "deepObject"',
    ],
    [
      describe({ "/a": { get: { parameters: [{ in: "query" }] } } }),
      'Invalid OpenAPI description at paths["/a"].get.parameters[0].name: expected a non-empty string, found undefined',
    ],
    [
      describe({ "/a": { get: { parameters: [{ $ref: "other.yaml#/X" }] } } }),
      'Invalid OpenAPI description at paths["/a"].get.parameters[0]: $ref "other.yaml#/X" points into another document, expected a reference inside this one',
    ],
    [
      describe({ "/a": { get: { parameters: [{ $ref: "#/components/parameters/Missing" }] } } }),
      'Invalid OpenAPI description at paths["/a"].get.parameters[0]: $ref "#/components/parameters/Missing" leads to no definition',
    ],
    [
      describe({ "/a": { get: { parameters: [{ $ref: "#/components/parameters/A" }] } } }, {
        components: {
          parameters: {
            A: { $ref: "#/components/parameters/B" },
            B: { $ref: "#/components/parameters/A" },
          },
        },
      }),
      'Invalid OpenAPI description at paths["/a"].get.parameters[0]: $ref "#/components/parameters/A" loops without reaching a definition',
    ],
    [
      describe({ "/a": { get: { parameters: {} } } }),
      'Invalid OpenAPI description at paths["/a"].get.parameters: expected an array, found an object',
    ],
    [
      describe({ "/a": { get: { parameters: [{ name: "bad header", in: "header" }] } } }),
      'Invalid OpenAPI description at paths["/a"].get.parameters[0].name: header parameter "bad header" is not an HTTP token, expected a header name',
    ],
  ];
  for (const [description, message] of cases) {
    const table = compileOpenAPI(description);
    const { error } = table.operations["GET /a"];
    assert(error?.includes(message), error);
    for (
      const api of [fromOpenAPI(description), fromOpenAPITable(JSON.parse(JSON.stringify(table)))]
    ) {
      assertThrows(() => api("GET /a"), TypeError, message);
      assertThrows(() => api({ url: "/a" }), TypeError, message);
    }
  }
  // A path's own parameters that cannot be read make each of its operations report them.
  const shared = fromOpenAPI(describe({
    "/s": {
      parameters: [{ name: "", in: "query" }],
      get: { responses: {} },
      put: { responses: {} },
    },
    "/ok": { get: { parameters: [{ name: "x", in: "query" }], responses: {} } },
    "x-codegen-contextRoot": "/ignored",
  }));
  for (const route of ["GET /s", "PUT /s"]) {
    assertThrows(
      () => shared(route),
      TypeError,
      'Invalid OpenAPI description at paths["/s"].parameters[0].name: expected a non-empty string, found ""',
    );
  }
  assertEquals(shared("GET /ok", { x: 1 }).url, `${BASE}/ok?x=1`);
  // What only the path tells is reported when the route is first used.
  const api = fromOpenAPI(describe({ "/p/{a b}": { get: { responses: {} } } }));
  assertThrows(
    () => api({ method: "GET", url: "/p/{a b}" }),
    TypeError,
    'Invalid operation "GET /p/{a b}": path parameter "a b" cannot be a URI template variable, expected letters, digits, "_", "-" and "."',
  );
});

Deno.test("fromOpenAPI() keeps rule 9 and requires every path parameter", () => {
  const api = fromOpenAPI(describe({
    "/files/{name}/{rest}": {
      get: {
        parameters: [
          { name: "name", in: "path", required: true },
          { name: "rest", in: "path", required: true, style: "label" },
        ],
        responses: {},
      },
    },
  }));
  assertThrows(
    () => api("GET /files/{name}/{rest}", { name: "..", rest: "x" }),
    TypeError,
    'Invalid value for parameter "name": ".." would form a "." or ".." path segment',
  );
  assertThrows(
    () => api("GET /files/{name}/{rest}" as string, { name: "a" }),
    TypeError,
    'Missing parameter "rest" for "GET /files/{name}/{rest}": expected a value for every {name} in the path',
  );
  assertEquals(
    api("GET /files/{name}/{rest}", { name: "a b", rest: "c" }).url,
    `${BASE}/files/a%20b/.c`,
  );
  // A literal ":" in an OpenAPI path is text, not a :name placeholder.
  const colon = fromOpenAPI(
    describe({
      "/v1/{name}:cancel": { post: { responses: {} } },
      "/x/:y": { get: { responses: {} } },
    }),
    { strict: false },
  );
  assertEquals(colon("POST /v1/{name}:cancel", { name: "op1" }).url, `${BASE}/v1/op1:cancel`);
  assertEquals(colon("GET /x/:y", { y: 1 }).url, `${BASE}/x/:y?y=1`);
});

Deno.test("fromOpenAPI() builds other routes as createEndpoint does, with options.config", () => {
  const api = fromOpenAPI(describe({ "/a": { get: { responses: {} } } }), {
    defaults: { headers: { authorization: "Bearer x" }, per_page: 2 },
    config: { lists: "pipe" },
    strict: false,
  });
  assertEquals(api("GET /b", { id: [1, 2], q: "a+b" }), {
    method: "get",
    url: `${BASE}/b?per_page=2&id=1|2&q=a%2Bb`,
    headers: { authorization: "Bearer x" },
  });
  assertThrows(
    () => fromOpenAPI(describe({}), { base: "x" } as never),
    TypeError,
    'Invalid option "base": expected one of "baseUrl", "defaults", "config", "credentials", "server", "serverVariables" or "strict"',
  );
  assertThrows(
    () => fromOpenAPI(describe({}), { config: { lists: "x" } } as never),
    TypeError,
    'Invalid config.lists "x"',
  );
  assertThrows(() => fromOpenAPI(describe({}), 5 as never), TypeError, "Invalid options number");
});

/** A description that uses every kind of declaration, for the table tests. */
const EVERYTHING = describe({
  "/items/{id}": {
    parameters: [{ name: "id", in: "path", required: true, style: "matrix", explode: true }],
    get: {
      parameters: [
        { name: "tags", in: "query", style: "pipeDelimited", explode: false },
        { name: "created", in: "query", style: "deepObject", explode: true },
        { name: "raw", in: "query", allowReserved: true },
        { name: "filter", in: "query", content: { "application/json": {} } },
        { name: "X-Trace", in: "header" },
        { name: "session", in: "cookie" },
      ],
      responses: {},
    },
    post: {
      servers: [{ url: "https://upload.example.com" }],
      parameters: [{ name: "dryRun", in: "query" }],
      requestBody: {
        content: {
          "application/x-www-form-urlencoded": {
            schema: { type: "object", properties: { url: {}, data: {} } },
            encoding: {
              meta: { style: "deepObject", explode: true },
              j: { contentType: "application/json" },
            },
          },
        },
      },
      responses: {},
    },
  },
});

Deno.test("compileOpenAPI() writes the table: OpenAPI's fields, defaults left out", () => {
  assertEquals(compileOpenAPI(EVERYTHING), {
    format: "routecast-openapi-table/1",
    server: BASE,
    operations: {
      "GET /items/{id}": {
        parameters: [
          { in: "query", name: "tags", style: "pipeDelimited" },
          { in: "query", name: "created", style: "deepObject", explode: true },
          { in: "query", name: "raw", allowReserved: true },
          { in: "query", name: "filter", json: true },
          { in: "header", name: "X-Trace" },
          { in: "cookie", name: "session" },
          { in: "path", name: "id", style: "matrix", explode: true },
        ],
      },
      "POST /items/{id}": {
        parameters: [{ in: "query", name: "dryRun" }, {
          in: "path",
          name: "id",
          style: "matrix",
          explode: true,
        }],
        body: {
          type: "application/x-www-form-urlencoded",
          kind: "form",
          fields: ["url", "data"],
          encoding: { meta: { style: "deepObject", explode: true }, j: { json: true } },
        },
        server: "https://upload.example.com",
      },
    } as OpenAPITable["operations"],
  });
});

Deno.test("fromOpenAPITable() of the table, through JSON, builds what fromOpenAPI() builds", () => {
  const fromDescription = fromOpenAPI(EVERYTHING);
  const table = JSON.parse(JSON.stringify(compileOpenAPI(EVERYTHING)));
  const fromTable = fromOpenAPITable(table);
  const alsoFromTable = fromOpenAPI(table);
  // A copy is kept: changing the table afterwards changes nothing.
  table.operations["GET /items/{id}"].parameters[0].style = "form";
  const scalar = fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean());
  const value = fc.oneof(
    scalar,
    fc.array(scalar, { minLength: 1, maxLength: 3 }),
    fc.dictionary(fc.constantFrom("a", "b"), scalar, { minKeys: 1, maxKeys: 2 }),
  );
  const names = [
    "id",
    "tags",
    "created",
    "raw",
    "filter",
    "X-Trace",
    "session",
    "dryRun",
    "url",
    "data",
    "meta",
    "j",
    "extra",
  ];
  assertProperty(
    fc.property(
      fc.constantFrom("GET", "POST"),
      fc.dictionary(fc.constantFrom(...names), value, { maxKeys: 6 }),
      (method, parameters) => {
        const outcome = (api: typeof fromDescription) => {
          try {
            return api(`${method} /items/{id}`, { id: 1, ...parameters });
          } catch (error) {
            return `${(error as Error).name}: ${(error as Error).message}`;
          }
        };
        const expected = outcome(fromDescription);
        assertEquals(outcome(fromTable), expected);
        assertEquals(outcome(alsoFromTable), expected);
      },
    ),
    300,
  );
});

Deno.test("fromOpenAPITable() refuses what compileOpenAPI() could not have written", () => {
  const cases: [unknown, string][] = [
    [
      [],
      "Invalid OpenAPI table at the top: expected an operation table (an object), found an array",
    ],
    [
      { format: "x", operations: {} },
      'Invalid OpenAPI table at format: found "x", expected "routecast-openapi-table/1"',
    ],
    [
      { format: "routecast-openapi-table/1" },
      "Invalid OpenAPI table at operations: expected the operations (an object), found undefined",
    ],
    [
      { format: "routecast-openapi-table/1", operations: {}, extra: 1 },
      'Invalid OpenAPI table at extra: unknown field, expected "format", "server", "servers", "schemes", "security" or "operations"',
    ],
    [
      { format: "routecast-openapi-table/1", operations: { "get /a": {} } },
      'Invalid OpenAPI table at operations["get /a"]: expected a key "<METHOD> <path>" with the method upper-case',
    ],
    [
      {
        format: "routecast-openapi-table/1",
        operations: { "GET /a": { parameters: [{ in: "body", name: "x" }] } },
      },
      'Invalid OpenAPI table at operations["GET /a"].parameters[0].in: found "body", expected "path", "query", "header" or "cookie"',
    ],
    [
      {
        format: "routecast-openapi-table/1",
        operations: { "GET /a": { parameters: [{ in: "header", name: "x", style: "form" }] } },
      },
      'Invalid OpenAPI table at operations["GET /a"].parameters[0].style: style "form", expected "simple"',
    ],
    [
      {
        format: "routecast-openapi-table/1",
        operations: { "GET /a": { parameters: [{ in: "query", name: "x", explode: "yes" }] } },
      },
      'Invalid OpenAPI table at operations["GET /a"].parameters[0].explode: expected true or false, found "yes"',
    ],
    [
      {
        format: "routecast-openapi-table/1",
        operations: { "GET /a": { body: { kind: "xml", type: "application/xml" } } },
      },
      'Invalid OpenAPI table at operations["GET /a"].body.kind: found "xml", expected "json", "form", "multipart" or "data"',
    ],
  ];
  for (const [table, message] of cases) {
    assertThrows(() => fromOpenAPITable(table as OpenAPITable), TypeError, message);
  }
});

Deno.test("fromOpenAPI() keeps keys such as __proto__ as data, in descriptions, tables and calls", () => {
  const description = JSON.parse(`{
    "openapi": "3.0.0", "info": { "title": "t", "version": "1" },
    "servers": [{ "url": "${BASE}" }],
    "paths": {
      "/__proto__": { "get": { "parameters": [{ "name": "__proto__", "in": "query" }, { "name": "constructor", "in": "header" }], "responses": {} } }
    },
    "components": { "parameters": { "__proto__": { "name": "x", "in": "query" } } }
  }`);
  const api = fromOpenAPI(description);
  const result = api(
    "GET /__proto__",
    JSON.parse('{ "__proto__": ["a", "b"], "constructor": "c" }'),
  );
  assertEquals(result.url, `${BASE}/__proto__?__proto__=a&__proto__=b`);
  assertEquals(Object.keys(result.headers), ["constructor"]);
  assert(!("polluted" in {}));
  const table = compileOpenAPI(description);
  assertEquals(Object.keys(table.operations), ["GET /__proto__"]);
  assertEquals(
    fromOpenAPITable(JSON.parse(JSON.stringify(table)))("GET /__proto__", { __proto__: null }).url,
    `${BASE}/__proto__`,
  );
});

Deno.test("fromOpenAPI(): endpoint(x) is parse(merge(x)) for generated calls", () => {
  const api = fromOpenAPI(EVERYTHING);
  const scalar = fc.oneof(fc.string({ maxLength: 5 }), fc.integer());
  const value = fc.oneof(scalar, fc.array(scalar, { minLength: 1, maxLength: 2 }));
  assertProperty(
    fc.property(
      fc.constantFrom("GET", "POST"),
      fc.dictionary(
        fc.constantFrom("tags", "created", "raw", "X-Trace", "session", "dryRun", "meta", "other"),
        value,
        { maxKeys: 5 },
      ),
      (method, parameters) => {
        const route = `${method} /items/{id}`;
        const options = { id: 2, ...parameters };
        const outcome = (call: () => unknown) => {
          try {
            return call();
          } catch (error) {
            return `${(error as Error).name}: ${(error as Error).message}`;
          }
        };
        assertEquals(
          outcome(() => api(route, options)),
          outcome(() => api.parse(api.merge(route, options))),
        );
      },
    ),
    300,
  );
});

Deno.test("fromOpenAPI() takes a path name as RFC 6570 names a variable, with '-' (rule 18) and without '%'", () => {
  const names = ["id", "a.b", "a-b", "owner_id", "A9", "x.y.z", "-a"];
  for (const name of names) {
    const api = fromOpenAPI(describe({ [`/p/{${name}}`]: { get: { responses: {} } } }));
    assertEquals(api(`GET /p/{${name}}`, { [name]: "v" }).url, `${BASE}/p/v`, name);
  }
  for (const name of ["", ".a", "a.", "a..b", "a%20b", "a%2Db", "a b", "a/b", "é", "a\r\nb"]) {
    const api = fromOpenAPI(describe({ [`/p/{${name}}`]: { get: { responses: {} } } }));
    const error = assertThrows(() => api({ method: "GET", url: `/p/{${name}}` }), TypeError);
    assert(
      error.message.includes("cannot be a URI template variable"),
      `${name}: ${error.message}`,
    );
  }
});
