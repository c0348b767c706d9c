/**
 * SECURITY.md's guarantees on `./openapi`'s own code (issue 29): a polluted
 * Object.prototype changes no table, declaration or request; the messages a
 * table makes stay under 1 KB; no value or key that a caller passes can end a
 * query value or pair (`allowReserved`, deepObject keys, form bodies), a
 * cookie, or a header. The deno.json `test:unsafe-proto` task runs this file
 * again with `--unstable-unsafe-proto`, where `__proto__` is a setter as in
 * Node.js and browsers.
 */
import {
  compileOpenAPI,
  fromOpenAPI,
  fromOpenAPITable,
  type OpenAPITable,
} from "@routecast/endpoint/openapi";
import { createEndpoint } from "@routecast/endpoint";
import fc from "fast-check";
import { assert, assertEquals, assertStringIncludes, assertThrows } from "@std/assert";
import { assertProperty } from "./_fc.ts";

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
    // The server options read every operation's servers.
    () => fromOpenAPI(DESCRIPTION, { server: 0 }),
    () => fromOpenAPITable(table, { server: 0 }),
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
  // What the compile's own records carry (a Swagger 2.0 conversion, the server options' scan).
  ["pathItem", () => ({ get: { parameters: [{ in: "query", name: "evil" }] } })],
  ["parameter", () => ({ in: "query", name: "evil" })],
  ["withServers", () => []],
  ["pathItem", "evil"],
  ["parameter", "evil"],
  ["withServers", "evil"],
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
    const table = (type: string): OpenAPITable => ({
      format: "routecast-openapi-table/1",
      server: BASE,
      operations: { "POST /x": { body: { type, kind: "data" } } },
    });
    // A media type that is not one is refused with the table, in a bounded message.
    if (/^[A-Za-z]+$/.test(text)) fromOpenAPITable(table(`multipart/${text}`));
    else boundedMessage(() => fromOpenAPITable(table(`multipart/${text}`)));
    // A long one reaches the call.
    const api = fromOpenAPITable(table(`multipart/x${"y".repeat(text.length)}`));
    const message = boundedMessage(() => api("POST /x", { a: 1 }));
    assertStringIncludes(message, `the operation's body is "multipart/`);
    assert(message.endsWith(`…", expected the body as data`), message);
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
    'Invalid OpenAPI table at ["a\\r\\nb"]: unknown field, expected "format", "server", "servers", "schemes", "security" or "operations"',
  );
});

// No value or key ends a query value, a pair, a cookie or a header.

/** Characters that end or split a query, a pair, a cookie or a header, and others. */
const HOSTILE = [..."#&=+?/[]:@!$'(),;* a\"\\é\r\n\0"];
/** Keys that are also special names. */
const SPECIAL_KEYS = ["__proto__", "constructor", "headers", "url", "method", "data", "x]=1&admin"];

const text = fc.string({ unit: fc.constantFrom(...HOSTILE), maxLength: 12 });
const key = fc.oneof(text, fc.constantFrom(...SPECIAL_KEYS));
/** A plain object with own keys (`__proto__` included), in order. */
const members = fc.uniqueArray(fc.tuple(key, text), {
  minLength: 1,
  maxLength: 4,
  selector: ([name]) => name,
}).map((entries) => Object.fromEntries(entries) as Record<string, string>);
const items = fc.array(text, { minLength: 1, maxLength: 4 });

/** The pairs of a query or form body, names and values percent-decoded. */
function pairsOf(query: string): [string, string][] {
  return query.split("&").map((pair) => {
    const equals = pair.indexOf("=");
    assert(equals >= 0, `no "=" in ${JSON.stringify(pair)} of ${JSON.stringify(query)}`);
    return [decodeURIComponent(pair.slice(0, equals)), decodeURIComponent(pair.slice(equals + 1))];
  });
}

/** The pairs of a url's query; the url must parse and have no fragment. */
function queryPairs(url: string): [string, string][] {
  const parsed = new URL(url);
  assertEquals(parsed.hash, "", url);
  return pairsOf(url.slice(url.indexOf("?") + 1));
}

/** What `name` with `value` gives, in pairs, by style: exploded, deepObject, or one pair. */
function expectedPairs(
  name: string,
  value: string | string[] | Record<string, string>,
  style: "explode" | "deepObject" | "single",
): [string, string][] | string[] {
  if (typeof value === "string") return [[name, value]];
  if (Array.isArray(value)) {
    return style === "single" ? [name] : value.map((item): [string, string] => [name, item]);
  }
  const entries = Object.entries(value);
  if (style === "single") return [name];
  return entries.map((
    [k, v],
  ): [string, string] => [style === "deepObject" ? `${name}[${k}]` : k, v]);
}

/** A value's strings (items, keys and members) as one text. */
function textOf(value: string | string[] | Record<string, string>): string {
  return typeof value === "string"
    ? value
    : Array.isArray(value)
    ? value.join()
    : Object.entries(value).join();
}

/** Pairs compared with what was expected: whole pairs, or only names where values are joined. */
function assertPairs(pairs: [string, string][], expected: [string, string][] | string[]) {
  assertEquals(
    typeof expected[0] === "string" ? pairs.map(([name]) => name) : pairs,
    expected,
  );
}

const STYLES = [
  ["form", { explode: true }, "explode"],
  ["csv", { explode: false }, "single"],
  ["space", { style: "spaceDelimited", explode: false }, "single"],
  ["pipe", { style: "pipeDelimited", explode: false }, "single"],
  ["deep", { style: "deepObject", explode: true }, "deepObject"],
] as const;

Deno.test("fromOpenAPI() writes no value or key of a query parameter that ends its value or pair, allowReserved or not", () => {
  for (const allowReserved of [false, true]) {
    const api = fromOpenAPI({
      ...DESCRIPTION,
      paths: {
        "/q": {
          post: {
            parameters: STYLES.map(([name, style]) => ({
              name,
              in: "query",
              allowReserved,
              ...style,
            })),
            requestBody: {
              content: {
                [FORM]: {
                  encoding: Object.fromEntries(
                    STYLES.map(([name, style]) => [`body_${name}`, { allowReserved, ...style }]),
                  ),
                },
              },
            },
            responses: {},
          },
        },
      },
    });
    for (const [name, , style] of STYLES) {
      assertProperty(
        fc.property(fc.oneof(text, items, members), (value) => {
          const query = api("POST /q", { [name]: value });
          assertPairs(queryPairs(query.url), expectedPairs(name, value, style));
          // The same in a form body's property, by its encoding.
          const field = `body_${name}`;
          const form = api("POST /q", { [field]: value });
          assertPairs(pairsOf(form.body as string), expectedPairs(field, value, style));
        }),
        200,
      );
    }
  }
});

Deno.test("fromOpenAPI() writes a JSON-content query parameter with allowReserved as one pair", () => {
  const api = fromOpenAPI({
    ...DESCRIPTION,
    paths: {
      "/j": {
        get: {
          parameters: [{
            name: "j",
            in: "query",
            allowReserved: true,
            content: { "application/json": {} },
          }],
          responses: {},
        },
      },
    },
  });
  assertEquals(
    api("GET /j", { j: { "a&b=c": "#x" } }).url,
    `${BASE}/j?j=%7B%22a%26b=c%22:%22%23x%22%7D`,
  );
  assertProperty(
    fc.property(fc.oneof(text, items, members), (value) => {
      assertEquals(queryPairs(api("GET /j", { j: value }).url), [
        ["j", typeof value === "string" ? value : JSON.stringify(value)],
      ]);
    }),
    200,
  );
});

Deno.test("createEndpoint() writes no object key that ends a pair, in deepObject and exploded form", () => {
  const base = { baseUrl: BASE };
  const forms = [
    [createEndpoint(base), "deepObject"],
    [createEndpoint(base, { objects: "deepObject" }), "deepObject"],
    [createEndpoint(base, { objects: "explode" }), "explode"],
  ] as const;
  assertEquals(
    createEndpoint(base)("GET /x", { filter: { "x]=1&admin": "1" } }).url,
    `${BASE}/x?filter%5Bx%5D%3D1%26admin%5D=1`,
  );
  for (const [api, style] of forms) {
    assertProperty(
      fc.property(members, (value) => {
        assertPairs(
          queryPairs(api("GET /x", { filter: value }).url),
          expectedPairs("filter", value, style),
        );
      }),
      200,
    );
  }
});

Deno.test("fromOpenAPI() writes deepObject keys that cannot add a parameter, allowReserved or not", () => {
  for (const allowReserved of [false, true]) {
    const api = fromOpenAPI({
      ...DESCRIPTION,
      paths: {
        "/d": {
          post: {
            parameters: [
              { name: "filter", in: "query", style: "deepObject", explode: true, allowReserved },
            ],
            requestBody: {
              content: {
                [FORM]: {
                  encoding: { meta: { style: "deepObject", explode: true, allowReserved } },
                },
              },
            },
            responses: {},
          },
        },
      },
    });
    const hostile = JSON.parse('{"x]=1&admin": "1", "__proto__": "p", "a#b": "c", "k": "v&w=x#y"}');
    const query = api("POST /d", { filter: hostile }).url;
    const form = api("POST /d", { meta: hostile }).body as string;
    if (allowReserved) {
      assertEquals(
        query,
        `${BASE}/d?filter[x]%3D1%26admin]=1&filter[__proto__]=p&filter[a%23b]=c&filter[k]=v%26w=x%23y`,
      );
      assertEquals(
        form,
        "meta[x]%3D1%26admin]=1&meta[__proto__]=p&meta[a%23b]=c&meta[k]=v%26w=x%23y",
      );
    } else {
      assertEquals(
        query,
        `${BASE}/d?filter%5Bx%5D%3D1%26admin%5D=1&filter%5B__proto__%5D=p&filter%5Ba%23b%5D=c&filter%5Bk%5D=v%26w%3Dx%23y`,
      );
    }
    assertPairs(queryPairs(query), expectedPairs("filter", hostile, "deepObject"));
    assertPairs(pairsOf(form), expectedPairs("meta", hostile, "deepObject"));
  }
});

Deno.test("fromOpenAPI() writes cookie parameters whose values and keys cannot add a cookie", () => {
  const api = fromOpenAPI({
    ...DESCRIPTION,
    paths: {
      "/c": {
        get: {
          parameters: [
            { name: "session", in: "cookie" },
            { name: "prefs", in: "cookie", explode: false },
            { name: "a;b=c", in: "cookie" },
          ],
          responses: {},
        },
      },
    },
  });
  assertEquals(
    api("GET /c", {
      session: 'v; admin=1, "x"\r\n',
      prefs: JSON.parse('{"__proto__": "p;q", "k=1": "v"}'),
      "a;b=c": ["\0", ";"],
    }).headers.cookie,
    "session=v%3B%20admin%3D1%2C%20%22x%22%0D%0A; prefs=__proto__%2Cp%3Bq%2Ck%3D1%2Cv; a%3Bb%3Dc=%00; a%3Bb%3Dc=%3B",
  );
  assertProperty(
    fc.property(
      fc.oneof(text, items, members),
      fc.oneof(text, items, members),
      (session, prefs) => {
        const cookie = api("GET /c", { session, prefs }).headers.cookie as string;
        const pairs = cookie.split("; ").map((pair): [string, string] => {
          // Percent-encoded unreserved text: no ;, comma, space, quote, CR or LF.
          assert(/^[A-Za-z0-9%._~-]*=[A-Za-z0-9%._~-]*$/.test(pair), pair);
          const equals = pair.indexOf("=");
          return [
            decodeURIComponent(pair.slice(0, equals)),
            decodeURIComponent(pair.slice(equals + 1)),
          ];
        });
        // Exploded (the default): one cookie per item or member; else one cookie, items joined.
        assertEquals(pairs.slice(0, -1), expectedPairs("session", session, "explode"));
        const [name, value] = pairs.at(-1)!;
        assertEquals(name, "prefs");
        if (typeof prefs === "string") assertEquals(value, prefs);
      },
    ),
    200,
  );
});

Deno.test("fromOpenAPI() refuses CR, LF and NUL in a header parameter's value, items and keys", () => {
  const api = fromOpenAPI({
    ...DESCRIPTION,
    paths: {
      "/h": {
        get: {
          parameters: [
            { name: "X-Plain", in: "header" },
            { name: "X-Exploded", in: "header", explode: true },
          ],
          responses: {},
        },
      },
    },
  });
  for (const name of ["X-Plain", "X-Exploded"]) {
    for (const value of ["a\r\nx-admin: 1", ["a", "\n"], { "k\0": "v" }, { k: "\r" }]) {
      const message = boundedMessage(() => api("GET /h", { [name]: value }));
      assertStringIncludes(message, "contains CR, LF or NUL");
    }
  }
  assertProperty(
    fc.property(fc.oneof(text, items, members), (value) => {
      let headers: Record<string, unknown>;
      try {
        headers = api("GET /h", { "X-Exploded": value }).headers;
      } catch (error) {
        assert(
          error instanceof TypeError && /contains CR, LF or NUL/.test(error.message),
          String(error),
        );
        assert(/[\r\n\0]/.test(textOf(value)), JSON.stringify(value));
        return;
      }
      assertEquals(Object.keys(headers), ["x-exploded"]);
      assert(!/[\r\n\0]/.test(headers["x-exploded"] as string));
    }),
    200,
  );
});

Deno.test("fromOpenAPI() writes a form body's own __proto__ and option-named members as fields", () => {
  const api = fromOpenAPI(DESCRIPTION);
  const body =
    api("PUT /plain-form", JSON.parse('{"__proto__": "p&q", "plain": {"__proto__": "#"}}')).body;
  assertEquals(body, "__proto__=p%26q&plain=%7B%22__proto__%22%3A%22%23%22%7D");
  assertEquals(Object.getPrototypeOf({}), Object.prototype);
});

Deno.test("fromOpenAPITable() writes allowReserved parameter names that end no pair", () => {
  const names = ["a=b", "c&d", "e#f", "g[h]", "i%zz", "j k"];
  const api = fromOpenAPITable({
    format: "routecast-openapi-table/1",
    server: BASE,
    operations: {
      "GET /n": { parameters: names.map((name) => ({ in: "query", name, allowReserved: true })) },
    },
  });
  const values = Object.fromEntries(names.map((name) => [name, `${name}=&#`]));
  const { url } = api("GET /n", values);
  assertEquals(
    url,
    `${BASE}/n?a%3Db=a=b=%26%23&c%26d=c%26d=%26%23&e%23f=e%23f=%26%23&g[h]=g[h]=%26%23&i%25zz=i%25zz=%26%23&j%20k=j%20k=%26%23`,
  );
  assertEquals(queryPairs(url), Object.entries(values));
  const lists = Object.fromEntries(names.map((name) => [name, [name, "#"]]));
  assertEquals(
    queryPairs(api("GET /n", lists).url),
    names.flatMap((name) => [[name, name], [name, "#"]]),
  );
});

/** An operation with a JSON query parameter, a form body with a JSON property and one without. */
const JSON_VALUES = {
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  servers: [{ url: "https://api.example.com" }],
  paths: {
    "/search": {
      get: {
        parameters: [{ name: "filter", in: "query", content: { "application/json": {} } }],
        responses: {},
      },
      post: {
        requestBody: {
          content: {
            "application/x-www-form-urlencoded": {
              encoding: { meta: { contentType: "application/json" } },
            },
          },
        },
        responses: {},
      },
    },
  },
};

Deno.test("fromOpenAPI() writes JSON values without calling toJSON, and as JSON.stringify on plain data", () => {
  const api = fromOpenAPI(JSON_VALUES) as unknown as (route: string, options: unknown) => {
    url: string;
    body: unknown;
  };
  // Each way routecast writes JSON text: a query parameter, a JSON form property, a plain one.
  const writers: [string, (value: unknown) => string][] = [
    ["query", (filter) => decodeURIComponent(api("GET /search", { filter }).url.split("=")[1])],
    ["form", (meta) => decodeURIComponent(String(api("POST /search", { meta }).body).slice(5))],
    ["plain", (plain) => decodeURIComponent(String(api("POST /search", { plain }).body).slice(6))],
  ];
  let calls = 0;
  class Money {
    toJSON() {
      calls++;
      return "1 EUR";
    }
  }
  const date = new Date(Date.UTC(2024, 0, 2));
  for (const [label, write] of writers) {
    const wrong = (value: unknown, found: string) => {
      const error = assertThrows(() => write(value), TypeError);
      assertStringIncludes(error.message, "it cannot be written as JSON, " + found, label);
      assert(error.message.length < 1024);
      return error;
    };
    // No toJSON is called: a class instance is not JSON data, and a polluted one is ignored.
    wrong({ price: new Money() }, 'found an instance of Money for key "price"');
    const clean = write({ a: [1, { b: null }], d: date, n: 12345678901234567890n });
    assertEquals(
      clean,
      '{"a":[1,{"b":null}],"d":"2024-01-02T00:00:00.000Z","n":12345678901234567890}',
    );
    const prototypes = [Object.prototype, Array.prototype, Date.prototype, BigInt.prototype];
    const saved = prototypes.map((prototype) =>
      Object.getOwnPropertyDescriptor(prototype, "toJSON")
    );
    try {
      for (const prototype of prototypes) {
        Object.defineProperty(prototype, "toJSON", {
          value: () => (calls++, "evil"),
          configurable: true,
          writable: true,
        });
      }
      assertEquals(write({ a: [1, { b: null }], d: date, n: 12345678901234567890n }), clean);
    } finally {
      prototypes.forEach((prototype, i) => {
        delete (prototype as { toJSON?: unknown }).toJSON;
        if (saved[i] !== undefined) Object.defineProperty(prototype, "toJSON", saved[i]!);
      });
    }
    assertEquals(calls, 0, label);
    // A getter is read once; a hole is null, undefined left out, as JSON.stringify writes them.
    let reads = 0;
    // deno-lint-ignore no-sparse-arrays
    const holes = [, undefined, 1];
    assertEquals(
      write({
        get once() {
          return ++reads;
        },
        holes,
        gone: undefined,
        ["__proto__"]: "x",
      }),
      JSON.stringify({ once: 1, holes, ["__proto__"]: "x" }),
    );
    assertEquals(reads, 1);
    // Anything else is a TypeError that names the parameter.
    const name = label === "query" ? "filter" : label === "form" ? "meta" : "plain";
    for (
      const [value, found] of [
        [{ f: () => 1 }, 'found function for key "f"'],
        [{ s: Symbol("s") }, 'found symbol for key "s"'],
        [{ m: new Map() }, 'found an instance of Map for key "m"'],
        [{ d: new Date(NaN) }, 'found an invalid Date for key "d"'],
      ] as const
    ) {
      assertStringIncludes(wrong(value, found).message, `parameter "${name}"`);
    }
    const cycle: Record<string, unknown> = {};
    cycle.self = { cycle };
    wrong(cycle, "it contains a cycle");
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    wrong({ deep }, "nested more than 64 levels deep");
    const cause = new Error("mine");
    const throwing = new Date(0);
    throwing.toISOString = () => {
      throw cause;
    };
    assertEquals(wrong({ throwing }, "expected toISOString() to return a string").cause, cause);
    const long = [] as unknown[];
    long.length = 2 ** 32 - 1;
    wrong({ long }, "found a list of 4294967295 items");
  }
});

Deno.test("writeJson() writes what JSON.stringify writes on plain data", async () => {
  const { writeJson } = await import("../src/endpoint/kit.ts");
  const key = fc.oneof(fc.string({ unit: "binary" }), fc.constantFrom("__proto__", "constructor"));
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      fc.string({ unit: "binary" }),
      fc.string({
        unit: fc.integer({ min: 0xd7f0, max: 0xe010 }).map((c) => String.fromCharCode(c)),
      }),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.oneof(tie("value"), fc.constant(undefined))),
      fc.sparseArray(tie("value")),
      fc.dictionary(key, fc.oneof(tie("value"), fc.constant(undefined)), {
        noNullPrototype: false,
      }),
    ),
  }));
  assertProperty(
    fc.property(value, (item) => {
      assertEquals(writeJson(item, "x"), JSON.stringify(item));
    }),
    500,
  );
});
