/**
 * SECURITY.md's guarantees on `./openapi`'s own code (issue 29): a polluted
 * Object.prototype changes no table, declaration or request; the messages a
 * table makes stay under 1 KB. The deno.json `test:unsafe-proto` task runs this file
 * again with `--unstable-unsafe-proto`, where `__proto__` is a setter as in
 * Node.js and browsers.
 */
import {
  compileOpenAPI,
  fromOpenAPI,
  fromOpenAPITable,
  type OpenAPITable,
} from "@routecast/endpoint/openapi";
import { assert, assertEquals, assertStringIncludes, assertThrows } from "@std/assert";

const BASE = "https://api.example.com";
const MAX_MESSAGE = 1024;
const FORM = "application/x-www-form-urlencoded";

/** One operation per location and style, with bodies of every kind. */
const DESCRIPTION = {
  openapi: "3.1.0",
  info: { title: "Every location and style", version: "1" },
  servers: [{ url: BASE }],
  paths: {
    "/p/{simple}/{label}/{matrix}/{exploded}": {
      get: {
        parameters: [
          { name: "simple", in: "path", required: true },
          { name: "label", in: "path", required: true, style: "label" },
          { name: "matrix", in: "path", required: true, style: "matrix", explode: true },
          { name: "exploded", in: "path", required: true, explode: true },
          { name: "form", in: "query" },
          { name: "csv", in: "query", explode: false },
          { name: "space", in: "query", style: "spaceDelimited", explode: false },
          { name: "pipe", in: "query", style: "pipeDelimited", explode: false },
          { name: "deep", in: "query", style: "deepObject", explode: true },
          { name: "reserved", in: "query", allowReserved: true },
          { name: "json", in: "query", content: { "application/json": {} } },
          { name: "X-Header", in: "header" },
          { name: "X-Exploded", in: "header", explode: true },
          { name: "session", in: "cookie" },
          { name: "prefs", in: "cookie", explode: false },
        ],
        responses: {},
      },
    },
    "/json": {
      post: {
        requestBody: {
          content: {
            "application/merge-patch+json": {
              schema: { type: "object", properties: { url: { type: "string" } } },
              // Not read: a JSON body has no encoding.
              encoding: { a: { style: "deepObject", explode: true } },
            },
          },
        },
        responses: {},
      },
    },
    "/form": {
      post: {
        requestBody: {
          content: {
            [FORM]: {
              schema: { type: "object" },
              encoding: {
                deep: { style: "deepObject", explode: true },
                tags: { explode: false },
                raw: { allowReserved: true },
                meta: { contentType: "application/json" },
              },
            },
          },
        },
        responses: {},
      },
    },
    "/plain-form": {
      put: { requestBody: { content: { [FORM]: { schema: { type: "object" } } } }, responses: {} },
    },
    "/upload": {
      post: { requestBody: { content: { "multipart/form-data": {} } }, responses: {} },
    },
    "/elsewhere": { servers: [{ url: "https://other.example" }], get: { responses: {} } },
    "/broken": {
      get: { parameters: [{ name: "x", in: "query", style: "matrix" }], responses: {} },
    },
  },
};

const PATH = "GET /p/{simple}/{label}/{matrix}/{exploded}";

/** Calls covering every location, style and body kind: lists and objects, then scalars. */
const CALLS: [string, Record<string, unknown>?][] = [
  [PATH, {
    simple: ["a", "b"],
    label: { x: "1", y: "2" },
    matrix: ["m", "n"],
    exploded: { k: "v" },
    form: ["a b", "c"],
    csv: ["a", "b"],
    space: ["a", "b"],
    pipe: { k: "v", l: "w" },
    deep: { k: "v", n: "1" },
    reserved: ["a/b?c", "d"],
    json: { a: [1] },
    "X-Header": ["h1", "h2"],
    "X-Exploded": { k: "v" },
    session: { k: "v" },
    prefs: ["p", "q"],
  }],
  [PATH, {
    simple: "s",
    label: "l",
    matrix: "m",
    exploded: "e",
    form: "f",
    csv: 1,
    deep: "d",
    reserved: "a/b?c",
    json: "[1]",
    "X-Header": "h",
    session: "s",
    prefs: "p",
    extra: "x",
  }],
  ["POST /json", { url: "https://example.com/hook", a: 1, headers: { "x-a": "1" } }],
  ["POST /form", {
    deep: { k: "v" },
    tags: ["a", "b"],
    raw: "a/b?c",
    meta: { x: 1 },
    plain: ["p", 1],
    other: "x",
  }],
  ["PUT /plain-form", { other: { k: "v" }, plain: ["a&b", "c"] }],
  ["POST /upload", { data: "raw", headers: { "content-type": "multipart/form-data; boundary=x" } }],
  ["POST /upload", { file: "x" }],
  ["GET /elsewhere"],
  ["GET /broken"],
  ["GET /not-declared", { a: ["1", "2"], b: { k: "v" } }],
];

/** What the builders and the compiler give: every result or error, as text. */
function outcomes(): string[] {
  const out: string[] = [];
  const attempt = (run: () => unknown) => {
    try {
      out.push(JSON.stringify(run()));
    } catch (error) {
      out.push(`${(error as Error).name}: ${(error as Error).message}`);
    }
  };
  attempt(() => compileOpenAPI(DESCRIPTION));
  const table = compileOpenAPI(DESCRIPTION);
  const builders = [
    () => fromOpenAPI(DESCRIPTION),
    () => fromOpenAPI(table),
    () => fromOpenAPITable(table),
    () => fromOpenAPITable(JSON.parse(JSON.stringify(table))),
  ];
  for (const make of builders) {
    for (const [route, options] of CALLS) {
      // A builder made while polluted: its table and plans are read then.
      attempt(() => make()(route, options));
    }
  }
  return out;
}

/**
 * Every field a table, a declaration or a description can have, with values
 * that would change what is built if they were read through the prototype.
 */
const POLLUTION: [string, unknown][] = [
  ["format", "routecast-openapi-table/1"],
  ["server", "https://evil.example"],
  ["operations", { "GET /evil": {} }],
  ["parameters", [{ in: "query", name: "evil" }]],
  ["body", { type: "application/evil", kind: "form" }],
  ["error", "polluted"],
  ["in", "header"],
  ["name", "evil"],
  ["style", "deepObject"],
  ["style", "label"],
  ["style", "pipeDelimited"],
  ["explode", true],
  ["explode", false],
  ["allowReserved", true],
  ["json", true],
  ["type", "text/evil"],
  ["kind", "form"],
  ["kind", "data"],
  ["encoding", { other: { json: true }, plain: { style: "deepObject", explode: true } }],
  ["fields", ["headers", "a"]],
  ["openapi", "3.0.0"],
  ["swagger", "2.0"],
  ["paths", { "/evil": { get: { responses: {} } } }],
  ["servers", [{ url: "https://evil.example" }]],
  ["url", "https://evil.example"],
  ["variables", { v: { default: "evil" } }],
  ["requestBody", { content: { [FORM]: {} } }],
  ["content", { "application/json": {} }],
  ["contentType", "application/json"],
  ["schema", { type: "object", properties: { headers: {} } }],
  ["properties", { headers: {}, a: {} }],
  ["allOf", [{ properties: { headers: {} } }]],
  ["$ref", "#/paths"],
  ["required", false],
  ["post", { responses: {} }],
  ["delete", { responses: {} }],
  ["x-evil", "evil"],
];

Deno.test("fromOpenAPI(), fromOpenAPITable() and compileOpenAPI() build on a polluted Object.prototype what they build on a clean one", () => {
  const clean = outcomes();
  // The calls reach every location, style and body kind, and some fail on purpose.
  assert(clean.some((outcome) => outcome.includes("cookie")), "a cookie is written");
  assert(clean.some((outcome) => outcome.startsWith("TypeError")), "an error is reported");
  const prototype = Object.prototype as Record<string, unknown>;
  const changed: string[] = [];
  for (const [key, value] of POLLUTION) {
    let polluted: string[];
    try {
      prototype[key] = value;
      polluted = outcomes();
    } finally {
      delete prototype[key];
    }
    const first = polluted.findIndex((outcome, i) => outcome !== clean[i]);
    if (first >= 0) changed.push(`${key} = ${JSON.stringify(value)}: ${polluted[first]}`);
  }
  assertEquals(POLLUTION.filter(([key]) => key in {}), []);
  assertEquals(changed, []);
});

Deno.test("fromOpenAPITable() reads a hand-made table's declarations as own fields only", () => {
  // Fields left out, as compileOpenAPI leaves out defaults: each is read as absent.
  const table: OpenAPITable = {
    format: "routecast-openapi-table/1",
    server: BASE,
    operations: {
      "GET /items/{id}": {
        parameters: [{ in: "path", name: "id" }, { in: "query", name: "q" }],
      },
      "POST /items": { body: { type: FORM, kind: "form" } },
      "PUT /items": { body: { type: "application/json" } },
    },
  };
  const build = () => {
    const api = fromOpenAPITable(table);
    return [
      api("GET /items/{id}", { id: ["a", "b"], q: ["x&y", "z"] }),
      api("POST /items", { a: { k: "v" } }),
      api("PUT /items", { a: 1 }),
    ].map(({ url, headers, body }) => ({ url, headers, body }));
  };
  const expected: unknown[] = [
    { url: `${BASE}/items/a,b?q=x%26y&q=z`, headers: {}, body: undefined },
    {
      url: `${BASE}/items`,
      headers: { "content-type": FORM },
      body: "a=%7B%22k%22%3A%22v%22%7D",
    },
    { url: `${BASE}/items`, headers: { "content-type": "application/json" }, body: { a: 1 } },
  ];
  assertEquals(build(), expected);
  const prototype = Object.prototype as Record<string, unknown>;
  const pollution: Record<string, unknown> = {
    style: "label",
    explode: true,
    allowReserved: true,
    json: true,
    kind: "data",
    encoding: { a: { style: "deepObject", explode: true } },
    error: "polluted",
    server: "https://evil.example",
  };
  let polluted: unknown;
  try {
    Object.assign(prototype, pollution);
    polluted = build();
  } finally {
    for (const key of Object.keys(pollution)) delete prototype[key];
  }
  assertEquals(polluted, expected);
});

// Bounded messages: what a table holds is shown cut and escaped.

/** The message of what `run` throws, checked to be a TypeError of at most 1 KB on one line. */
function boundedMessage(run: () => unknown): string {
  let message: string | undefined;
  try {
    run();
  } catch (error) {
    assert(error instanceof TypeError, String(error));
    message = error.message;
  }
  assert(message !== undefined, "no error");
  assert(message.length <= MAX_MESSAGE, `${message.length} characters`);
  assert(!/[\0\r\n]/.test(message), `unescaped CR, LF or NUL: ${message}`);
  return message;
}

const HUGE = [
  "E".repeat(100_000),
  "line\r\nInjected: yes\r\n" + "x".repeat(100_000),
  "\0".repeat(100_000),
  "\ud800".repeat(100_000),
  "é😀".repeat(50_000),
];

Deno.test("fromOpenAPITable() reports a table's error text cut and escaped, under 1 KB", () => {
  for (const error of HUGE) {
    const api = fromOpenAPITable({
      format: "routecast-openapi-table/1",
      server: BASE,
      operations: { "GET /x": { error } },
    });
    const message = boundedMessage(() => api("GET /x"));
    assert(message.endsWith("…"), message);
    // The start of the text is kept, control characters written as escapes.
    assertEquals(message.slice(0, 10), JSON.stringify(error).slice(1, 11));
  }
  const message = boundedMessage(() =>
    fromOpenAPITable({
      format: "routecast-openapi-table/1",
      server: BASE,
      operations: { "GET /x": { error: 'Bad "x"\r\n\\ \0 \ud800 \u{1F600} end' } },
    })("GET /x")
  );
  assertEquals(message, 'Bad "x"\\r\\n\\ \\u0000 \\ud800 \u{1F600} end');
  // compileOpenAPI's own errors are one line under 1 KB: shown as written.
  const description = {
    ...DESCRIPTION,
    paths: {
      "/broken": {
        get: {
          parameters: [{ name: "x".repeat(100_000), in: "query", style: "matrix" }],
          responses: {},
        },
      },
    },
  };
  const table = compileOpenAPI(description);
  const error = (table.operations["GET /broken"] as { error: string }).error;
  assertEquals(boundedMessage(() => fromOpenAPITable(table)("GET /broken")), error);
  assertEquals(boundedMessage(() => fromOpenAPI(description)("GET /broken")), error);
});

Deno.test("fromOpenAPITable() bounds the media type in 'expected the body as data' and a table's unknown key", () => {
  for (const text of HUGE) {
    const api = fromOpenAPITable({
      format: "routecast-openapi-table/1",
      server: BASE,
      operations: { "POST /x": { body: { type: `multipart/${text}`, kind: "data" } } },
    });
    const message = boundedMessage(() => api("POST /x", { a: 1 }));
    assertStringIncludes(message, "the operation's body is multipart/");
    assert(message.endsWith("…, expected the body as data"), message);
    boundedMessage(() =>
      fromOpenAPITable({
        format: "routecast-openapi-table/1",
        operations: {},
        [text]: 1,
      } as unknown as OpenAPITable)
    );
  }
  assertThrows(
    () =>
      fromOpenAPITable({
        format: "routecast-openapi-table/1",
        operations: {},
        "a\r\nb": 1,
      } as unknown as OpenAPITable),
    TypeError,
    'Invalid OpenAPI table at ["a\\r\\nb"]: unknown field, expected "format", "server", "operations"',
  );
});
