/**
 * `credentials` of `fromOpenAPI` and `fromOpenAPITable` (docs/design.md rule
 * 26): every scheme kind and location, alternatives, `security: []`, the
 * optional `{}`, the caller's headers over a credential's, the cookie header,
 * the table, and hostile input. Credentials are never shown: not in
 * `DEFAULTS`, the table, `JSON.stringify` of the builder, or any message.
 */
import { assert, assertEquals, assertThrows } from "@std/assert";
import { compileOpenAPI, fromOpenAPI, fromOpenAPITable } from "@routecast/endpoint/openapi";

const BASE = "https://api.example.com";
const SECRET = "s3cr3t-Tok3n";

const SCHEMES = {
  appKey: { type: "apiKey", in: "query", name: "app_key" },
  headerKey: { type: "apiKey", in: "header", name: "X-API-Key" },
  session: { type: "apiKey", in: "cookie", name: "sid" },
  bearer: { type: "http", scheme: "bearer" },
  basic: { type: "http", scheme: "Basic" },
  digest: { type: "http", scheme: "Digest" },
  oauth: {
    type: "oauth2",
    flows: { implicit: { authorizationUrl: "https://a.example", scopes: {} } },
  },
  oidc: { type: "openIdConnect", openIdConnectUrl: "https://a.example/.well-known" },
  mtls: { type: "mutualTLS" },
};

// deno-lint-ignore no-explicit-any
type Json = any;

function describe(paths: Json, extra: Json = {}): Json {
  return {
    openapi: "3.1.0",
    info: { title: "Credentials", version: "1" },
    servers: [{ url: BASE }],
    components: { securitySchemes: SCHEMES },
    paths,
    ...extra,
  };
}

function only(scheme: string): Json {
  return { get: { security: [{ [scheme]: [] }], responses: {} } };
}

const KINDS = describe({
  "/query": only("appKey"),
  "/header": only("headerKey"),
  "/cookie": {
    get: {
      security: [{ session: [] }],
      parameters: [{ name: "theme", in: "cookie" }],
      responses: {},
    },
  },
  "/bearer": only("bearer"),
  "/basic": only("basic"),
  "/digest": only("digest"),
  "/oauth": only("oauth"),
  "/oidc": only("oidc"),
});

Deno.test("credentials: each scheme kind goes where the description says", () => {
  const api = fromOpenAPI(KINDS, {
    credentials: {
      appKey: "k &=1",
      headerKey: "hk",
      session: "c;1 ",
      bearer: "bt",
      basic: { username: "Aladdin", password: "open sesame" },
      digest: 'username="a", response="b"',
      oauth: "ot",
      oidc: "it",
    },
  });
  assertEquals(api("GET /query"), {
    method: "get",
    url: `${BASE}/query?app_key=k%20%26%3D1`,
    headers: {},
  });
  assertEquals(api("GET /header").headers, { "x-api-key": "hk" });
  // Beside cookie parameters, after them, encoded as they are.
  assertEquals(api("GET /cookie", { theme: "dark" }).headers, {
    cookie: "theme=dark; sid=c%3B1%20",
  });
  assertEquals(api("GET /cookie").headers, { cookie: "sid=c%3B1%20" });
  // A cookie parameter of the credential's name does not replace it, as a query one does: both
  // cookies go, the parameter's first (docs/any-api.md).
  const same = fromOpenAPI(
    describe({
      "/c": {
        get: {
          security: [{ session: [], appKey: [] }],
          parameters: [{ name: "sid", in: "cookie" }, { name: "app_key", in: "query" }],
          responses: {},
        },
      },
    }),
    { credentials: { session: "c", appKey: "k" } },
  );
  assertEquals(same("GET /c", { sid: "mine", app_key: "own" }), {
    method: "get",
    url: `${BASE}/c?app_key=own`,
    headers: { cookie: "sid=mine; sid=c" },
  });
  assertEquals(api("GET /bearer").headers, { authorization: "Bearer bt" });
  // RFC 7617's example.
  assertEquals(api("GET /basic").headers, { authorization: "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==" });
  assertEquals(api("GET /digest").headers, { authorization: 'Digest username="a", response="b"' });
  assertEquals(api("GET /oauth").headers, { authorization: "Bearer ot" });
  assertEquals(api("GET /oidc").headers, { authorization: "Bearer it" });
});

Deno.test("credentials: basic is base64 of UTF-8 user:password (RFC 7617), bearer any case", () => {
  const api = fromOpenAPI(
    describe({ "/basic": only("basic"), "/b": only("b") }, {
      components: {
        securitySchemes: { basic: SCHEMES.basic, b: { type: "http", scheme: "BEARER" } },
      },
    }),
    { credentials: { basic: { username: "jürgen", password: "pä:ss" }, b: "t" } },
  );
  const expected = btoa(
    String.fromCharCode(...new TextEncoder().encode("jürgen:pä:ss")),
  );
  assertEquals(api("GET /basic").headers.authorization, `Basic ${expected}`);
  assertEquals(expected, "asO8cmdlbjpww6Q6c3M=");
  assertEquals(api("GET /b").headers.authorization, "Bearer t");
});

Deno.test("credentials: the first non-empty alternative that they satisfy, all of its schemes", () => {
  const api = (credentials: Json) =>
    fromOpenAPI(
      describe({
        "/a": {
          get: {
            security: [{}, { bearer: [], headerKey: [] }, { appKey: [] }, { basic: [] }],
            responses: {},
          },
        },
      }),
      { credentials },
    );
  // Both schemes of the second alternative.
  assertEquals(api({ bearer: "b", headerKey: "h", appKey: "q" })("GET /a"), {
    method: "get",
    url: `${BASE}/a`,
    headers: { authorization: "Bearer b", "x-api-key": "h" },
  });
  // Not satisfied whole: the next one, and nothing of the unsatisfied one.
  assertEquals(api({ bearer: "b", appKey: "q" })("GET /a"), {
    method: "get",
    url: `${BASE}/a?app_key=q`,
    headers: {},
  });
  assertEquals(
    api({ basic: { username: "u", password: "p" } })("GET /a").headers.authorization,
    "Basic dTpw",
  );
  // {} means optional: with none satisfied, nothing is sent.
  assertEquals(api({ headerKey: "h" })("GET /a"), { method: "get", url: `${BASE}/a`, headers: {} });
  assertEquals(api({})("GET /a"), { method: "get", url: `${BASE}/a`, headers: {} });
});

Deno.test("credentials: never sent to an operation with security: [], none, or to another route", () => {
  const description = describe({
    "/open": { get: { security: [], responses: {} } },
    "/optional": { get: { security: [{}], responses: {} } },
    "/inherit": { get: { responses: {} }, post: { responses: {} } },
    "/unknown": { get: { security: [{ nowhere: [] }], responses: {} } },
  }, { security: [{ bearer: [] }] });
  const api = fromOpenAPI(description, { credentials: { bearer: SECRET, appKey: SECRET } });
  assertEquals(api("GET /open").headers, {});
  assertEquals(api("GET /optional").headers, {});
  assertEquals(api("GET /unknown").headers, {});
  assertEquals(api("GET /inherit").headers, { authorization: `Bearer ${SECRET}` });
  assertEquals(api("POST /inherit", { data: { x: 1 } }).headers.authorization, `Bearer ${SECRET}`);
  // Not an operation of the description: strict refuses it (its message shows no credential),
  // and with strict: false it is built as createEndpoint builds it, without credentials.
  const loose = fromOpenAPI(description, {
    credentials: { bearer: SECRET, appKey: SECRET },
    strict: false,
  });
  for (const route of ["GET /other", "GET /inherit/", `GET ${BASE}/inherit`, "PUT /inherit"]) {
    const error = assertThrows(() => api(route, { q: 1 }), TypeError, "Unknown operation");
    assert(!error.message.includes(SECRET), route);
    const built = loose(route, { q: 1 });
    assertEquals(built.headers.authorization, undefined, route);
    assert(!JSON.stringify(built).includes(SECRET), route);
  }
  // A description with no security at all sends nothing.
  const none = fromOpenAPI(describe({ "/x": { get: { responses: {} } } }), {
    credentials: { bearer: SECRET },
  });
  assertEquals(none("GET /x").headers, {});
});

Deno.test("credentials: a url that moves the route gets none; they go to the base url in effect", () => {
  const description = describe({
    "/me": { get: { security: [{ bearer: [] }], responses: {} } },
    "/search": {
      get: {
        security: [{ bearer: [] }],
        parameters: [{ name: "baseUrl", in: "query" }, { name: "url", in: "query" }],
        responses: {},
      },
    },
  });
  const evil = "https://evil.example";
  for (const strict of [true, false]) {
    const api = fromOpenAPI(description, { credentials: { bearer: SECRET }, strict });
    // A url option, a full url or a changed merge() result is no longer the operation.
    const moved: (() => Json)[] = [
      () => api("GET /me", { url: `${evil}/me` }),
      () => api({ method: "GET", url: `${evil}/me` }),
      () => api.parse({ ...api.merge("GET /me"), url: `${evil}/me` }),
      () => api.parse({ ...api.merge("GET /me"), method: "POST" }),
    ];
    for (const call of moved) {
      if (strict) {
        const error = assertThrows(call, TypeError, "Unknown operation");
        assert(!error.message.includes(SECRET));
      } else {
        const built = call();
        assert(!JSON.stringify(built).includes(SECRET), built.url);
      }
    }
    // Declared parameters named baseUrl and url are parameters: the credential stays at the server.
    const search = api("GET /search", { baseUrl: evil, url: evil });
    assertEquals(new URL(search.url).origin, BASE);
    assertEquals(search.headers.authorization, `Bearer ${SECRET}`);
  }
  // A baseUrl the caller gives (options, defaults() or a call) is the base url in effect.
  const api = fromOpenAPI(description, { credentials: { bearer: SECRET } });
  for (
    const built of [
      fromOpenAPI(description, {
        credentials: { bearer: SECRET },
        baseUrl: "https://sandbox.test",
      })(
        "GET /me",
      ),
      api.defaults({ baseUrl: "https://sandbox.test" })("GET /me"),
      api("GET /me", { baseUrl: "https://sandbox.test" }),
    ]
  ) {
    assertEquals(built.url, "https://sandbox.test/me");
    assertEquals(built.headers.authorization, `Bearer ${SECRET}`);
  }
});

Deno.test("credentials: a header the caller sets wins, null removes it; a cookie header replaces all", () => {
  const api = fromOpenAPI(
    describe({
      "/a": {
        get: {
          security: [{ bearer: [], session: [], headerKey: [] }],
          parameters: [{ name: "theme", in: "cookie" }, { name: "X-API-Key", in: "header" }],
          responses: {},
        },
      },
    }),
    { credentials: { bearer: "b", session: "s", headerKey: "k" } },
  );
  const all = { authorization: "Bearer b", "x-api-key": "k", cookie: "theme=t; sid=s" };
  assertEquals(api("GET /a", { theme: "t" }).headers, all);
  assertEquals(
    api("GET /a", { headers: { Authorization: "Token mine" } }).headers.authorization,
    "Token mine",
  );
  assertEquals(api("GET /a", { headers: { authorization: null } }).headers, {
    "x-api-key": "k",
    cookie: "sid=s",
  });
  assertEquals(
    api("GET /a", { headers: { authorization: undefined } }).headers.authorization,
    "Bearer b",
  );
  // A declared header parameter of the same name is the caller's too.
  assertEquals(api("GET /a", { "X-API-Key": "given" }).headers["x-api-key"], "given");
  // In defaults.
  const defaulted = api.defaults({ headers: { authorization: "Token d", cookie: "own=1" } });
  assertEquals(defaulted("GET /a", { theme: "t" }).headers, {
    authorization: "Token d",
    "x-api-key": "k",
    cookie: "own=1",
  });
  assertEquals(defaulted("GET /a", { headers: { cookie: null } }).headers.cookie, "sid=s");
  const options = fromOpenAPI(
    describe({ "/a": only("bearer") }),
    { credentials: { bearer: "b" }, defaults: { headers: { authorization: "Token o" } } },
  );
  assertEquals(options("GET /a").headers, { authorization: "Token o" });
  assertEquals(options("GET /a", { headers: { authorization: null } }).headers, {});
});

Deno.test("credentials: a query credential goes after the parameters, unless a declared one of its name is given", () => {
  const api = fromOpenAPI(
    describe({
      "/a": {
        post: {
          security: [{ appKey: [] }],
          parameters: [{ name: "app_key", in: "query" }, { name: "page", in: "query" }],
          requestBody: { content: { "application/json": {} } },
          responses: {},
        },
      },
    }),
    { credentials: { appKey: "q" } },
  );
  assertEquals(api("POST /a", { page: 2, name: "n" }), {
    method: "post",
    url: `${BASE}/a?page=2&app_key=q`,
    headers: { "content-type": "application/json" },
    body: { name: "n" },
  });
  assertEquals(api("POST /a", { app_key: "mine" }).url, `${BASE}/a?app_key=mine`);
  assertEquals(api.defaults({ app_key: "d" })("POST /a").url, `${BASE}/a?app_key=d`);
});

Deno.test("credentials: fromOpenAPITable() serves many tenants from one table, which holds no credential", () => {
  const table = compileOpenAPI(KINDS);
  const text = JSON.stringify(table);
  assertEquals(table.schemes?.appKey, { type: "apiKey", in: "query", name: "app_key" });
  assertEquals(table.schemes?.oauth, { type: "oauth2" });
  assertEquals(table.operations["GET /basic"].security, [["basic"]]);
  const round = JSON.parse(text);
  const a = fromOpenAPITable(round, { credentials: { bearer: "tenant-a" } });
  const b = fromOpenAPITable(round, { credentials: { bearer: "tenant-b" } });
  const direct = fromOpenAPI(KINDS, { credentials: { bearer: "tenant-a" } });
  assertEquals(a("GET /bearer").headers.authorization, "Bearer tenant-a");
  assertEquals(b("GET /bearer").headers.authorization, "Bearer tenant-b");
  for (const route of Object.keys(table.operations)) {
    assertEquals(a(route), direct(route), route);
    assertEquals(fromOpenAPI(round, { credentials: { bearer: "tenant-a" } })(route), direct(route));
  }
  // The description's own requirements are written once, at the top.
  const inherited = compileOpenAPI(
    describe({
      "/x": { get: { responses: {} }, put: { security: [{ bearer: [] }], responses: {} } },
    }, {
      security: [{ bearer: [] }, {}],
    }),
  );
  assertEquals(inherited.security, [["bearer"]]);
  assertEquals(inherited.operations, { "GET /x": {}, "PUT /x": {} });
});

Deno.test("credentials are copied when the builder is made, and never shown", () => {
  const credentials: Json = { bearer: SECRET, basic: { username: "u", password: SECRET } };
  const api = fromOpenAPI(KINDS, { credentials });
  credentials.bearer = "changed";
  credentials.basic.password = "changed";
  assertEquals(api("GET /bearer").headers.authorization, `Bearer ${SECRET}`);
  assertEquals(api("GET /basic").headers.authorization, `Basic ${btoa(`u:${SECRET}`)}`);
  const shown = [
    String(JSON.stringify(api)),
    JSON.stringify(api.DEFAULTS),
    JSON.stringify(api.defaults({ headers: { x: "1" } }).DEFAULTS),
    JSON.stringify(api.merge("GET /bearer", {})),
    JSON.stringify(compileOpenAPI(KINDS)),
    Deno.inspect(api, { depth: 10, showHidden: true }),
  ];
  for (const text of shown) {
    assert(!text.includes(SECRET) && !text.includes(btoa(`u:${SECRET}`)), text);
  }
  // Errors on calls never show it.
  for (
    const call of [
      () => api("GET /bearer", { headers: { "x-a": "a\nb" } }),
      () => api("GET /x y z"),
    ]
  ) {
    const error = assertThrows(call, TypeError);
    assert(!error.message.includes(SECRET));
  }
});

/** Every message of a refused credential, checked never to hold `secret`. */
function refused(credentials: unknown, includes: string, secret = SECRET): void {
  const error = assertThrows(
    () => fromOpenAPI(KINDS, { credentials } as Json),
    TypeError,
    includes,
  );
  assert(!error.message.includes(secret), error.message);
  assert(error.message.length < 1024);
  const table = compileOpenAPI(KINDS);
  const again = assertThrows(() => fromOpenAPITable(table, { credentials } as Json), TypeError);
  assertEquals(again.message, error.message);
}

Deno.test("credentials: an unknown scheme or a value of the wrong shape is a TypeError when the builder is made", () => {
  refused(
    { nope: SECRET },
    'Invalid credentials: "nope" is not a security scheme of the description, expected "appKey", "headerKey", "session", "bearer", "basic" or 4 more',
  );
  assertThrows(
    () => fromOpenAPI(describe({}, { components: {} }), { credentials: { a: SECRET } }),
    TypeError,
    'Invalid credentials: "a" is not a security scheme of the description, which defines none',
  );
  refused(
    SECRET,
    "Invalid credentials: found string, expected an object keyed by security scheme names",
  );
  refused([SECRET], "Invalid credentials: found an array");
  refused(
    { bearer: 1234 },
    'Invalid credential for "bearer": found number, expected a string',
    "1234",
  );
  refused(
    { bearer: [SECRET] },
    'Invalid credential for "bearer": found an array, expected a string',
  );
  refused({ bearer: { token: SECRET } }, 'Invalid credential for "bearer": found an object');
  refused({ appKey: { username: "u", password: SECRET } }, 'Invalid credential for "appKey"');
  refused(
    { basic: SECRET },
    'Invalid credential for "basic": found string, expected { username, password } for http basic',
  );
  refused({ basic: { username: "u" } }, "expected { username, password }");
  refused(
    { basic: { username: "u", password: SECRET, extra: 1 } },
    "expected { username, password }",
  );
  refused(
    { basic: { username: "u", password: 1 } },
    'Invalid credential for "basic": found number',
  );
  refused({ basic: { username: "a:b", password: SECRET } }, 'its username contains ":"', "a:b");
  refused({ mtls: SECRET }, 'Invalid credential for "mtls": a mutualTLS scheme');
  // undefined and null are no credential.
  assertEquals(
    fromOpenAPI(KINDS, { credentials: { bearer: undefined } })("GET /bearer").headers,
    {},
  );
  assertEquals(
    fromOpenAPI(KINDS, { credentials: { bearer: null } } as Json)("GET /bearer").headers,
    {},
  );
});

Deno.test("credentials: CR, LF or NUL is refused as in a header value, and the message never holds it", () => {
  for (const bad of ["\r", "\n", "\0"]) {
    const secret = `${SECRET}${bad}injected: 1`;
    for (const scheme of ["appKey", "headerKey", "session", "bearer", "digest", "oauth"]) {
      refused(
        { [scheme]: secret },
        `Invalid credential for "${scheme}": it contains CR, LF or NUL at index 12`,
        SECRET,
      );
    }
    refused({ basic: { username: secret, password: "p" } }, "it contains CR, LF or NUL", SECRET);
    refused({ basic: { username: "u", password: secret } }, "it contains CR, LF or NUL", SECRET);
  }
});

Deno.test("credentials: a bad scheme of the description is refused only when a credential names it", () => {
  const description = describe({ "/a": only("bearer") }, {
    components: {
      securitySchemes: {
        bearer: SCHEMES.bearer,
        where: { type: "apiKey", in: "body", name: "k" },
        unnamed: { type: "apiKey", in: "header", name: "bad name" },
        // The host is the base url's alone: a credential never sets it.
        host: { type: "apiKey", in: "header", name: "hOST" },
        noScheme: { type: "http" },
        kind: { type: "magic" },
        dangling: { $ref: "#/components/securitySchemes/missing" },
      },
    },
    security: [{ where: [] }],
  });
  const api = fromOpenAPI(description, { credentials: { bearer: "b" } });
  assertEquals(api("GET /a").headers.authorization, "Bearer b");
  for (const name of ["where", "unnamed", "host", "noScheme", "kind", "dangling"]) {
    assertThrows(
      () => fromOpenAPI(description, { credentials: { [name]: SECRET } }),
      TypeError,
      `Invalid credentials: the description's scheme "${name}" cannot be sent`,
    );
  }
  // Requirements that are not a list of objects: the operations that use them report it.
  const broken = fromOpenAPI(
    describe(
      { "/a": { get: { responses: {} } }, "/b": { get: { security: "x", responses: {} } } },
      { security: [1] },
    ),
  );
  assertThrows(
    () => broken("GET /a"),
    TypeError,
    "Invalid OpenAPI description at security: expected security requirements (objects), found number",
  );
  assertThrows(
    () => broken("GET /b"),
    TypeError,
    'Invalid OpenAPI description at paths["/b"].get.security: expected an array of requirements, found "x"',
  );
});

Deno.test("credentials: __proto__ as a scheme name and a key, and a polluted Object.prototype", () => {
  const description = describe({
    "/a": { get: { security: JSON.parse('[{"__proto__": []}]'), responses: {} } },
  }, {
    components: {
      securitySchemes: JSON.parse('{"__proto__": {"type": "http", "scheme": "bearer"}}'),
    },
  });
  const credentials = JSON.parse(`{"__proto__": "${SECRET}"}`);
  const api = fromOpenAPI(description, { credentials });
  assertEquals(api("GET /a").headers, { authorization: `Bearer ${SECRET}` });
  const table = JSON.parse(JSON.stringify(compileOpenAPI(description)));
  assertEquals(Object.keys(table.schemes), ["__proto__"]);
  assertEquals(
    fromOpenAPITable(table, { credentials })("GET /a").headers.authorization,
    `Bearer ${SECRET}`,
  );
  assertEquals(({} as Json).type, undefined);
  const proto = Object.prototype as Json;
  try {
    proto.bearer = "polluted";
    proto.username = "u";
    proto.password = "p";
    proto.type = "http";
    proto.scheme = "bearer";
    proto.security = [["bearer"]];
    const polluted = fromOpenAPI(KINDS, { credentials: {} });
    assertEquals(polluted("GET /bearer").headers, {});
    assertEquals(fromOpenAPI(KINDS)("GET /bearer").headers, {});
    assertThrows(
      () => fromOpenAPI(KINDS, { credentials: { basic: {} } } as Json),
      TypeError,
      "expected { username, password }",
    );
    // A table's scheme or operation takes nothing from the prototype either.
    const plain = fromOpenAPITable(
      { format: "routecast-openapi-table/1", server: BASE, operations: { "GET /a": {} } },
      { credentials: {} },
    );
    assertEquals(plain("GET /a").headers, {});
    assertThrows(
      () =>
        fromOpenAPITable({
          format: "routecast-openapi-table/1",
          schemes: { x: {} },
          operations: {},
        }),
      TypeError,
      "Invalid OpenAPI table at schemes.x",
    );
  } finally {
    for (const key of ["bearer", "username", "password", "type", "scheme", "security"]) {
      delete proto[key];
    }
  }
});

Deno.test("credentials: a scheme named like an option is a scheme, and a credential never becomes an option", () => {
  const names = ["headers", "baseUrl", "url", "data", "method", "request", "mediaType"];
  const securitySchemes = Object.fromEntries(
    names.map((name) => [name, { type: "apiKey", in: "header", name: `x-${name}` }]),
  );
  const description = describe({
    "/a": { get: { security: [Object.fromEntries(names.map((n) => [n, []]))], responses: {} } },
  }, {
    components: { securitySchemes },
  });
  const api = fromOpenAPI(description, {
    credentials: Object.fromEntries(names.map((n) => [n, `v-${n}`])),
  });
  assertEquals(api("GET /a"), {
    method: "get",
    url: `${BASE}/a`,
    headers: Object.fromEntries(names.map((n) => [`x-${n.toLowerCase()}`, `v-${n}`])),
  });
});

Deno.test("credentials: a huge credentials object or requirement list stays linear and its message bounded", () => {
  const many: Record<string, string> = {};
  for (let i = 0; i < 100_000; i++) many[`s${i}`] = SECRET;
  const error = assertThrows(() => fromOpenAPI(KINDS, { credentials: many }), TypeError);
  assert(error.message.length < 1024 && !error.message.includes(SECRET));
  const securitySchemes: Record<string, unknown> = {};
  for (let i = 0; i < 20_000; i++) securitySchemes[`s${i}`] = { type: "http", scheme: "bearer" };
  const alternatives = Object.keys(securitySchemes).map((name) => ({ [name]: [] }));
  const description = describe({ "/a": { get: { security: alternatives, responses: {} } } }, {
    components: { securitySchemes },
  });
  const api = fromOpenAPI(description, { credentials: { s19999: "last" } });
  assertEquals(api("GET /a").headers.authorization, "Bearer last");
  const unknown = assertThrows(
    () => fromOpenAPI(description, { credentials: { ["x".repeat(100_000)]: "v" } }),
    TypeError,
  );
  assert(unknown.message.length < 1024, unknown.message);
});

Deno.test("fromOpenAPITable() refuses security a compileOpenAPI() could not have written, in bounded messages", () => {
  const table = (extra: Json, operation: Json = {}) => ({
    format: "routecast-openapi-table/1",
    server: BASE,
    schemes: { bearer: { type: "http", scheme: "bearer" } },
    ...extra,
    operations: { "GET /a": operation },
  });
  const cases: [Json, string][] = [
    [
      table({ schemes: [] }),
      "Invalid OpenAPI table at schemes: expected the security schemes (an object), found an array",
    ],
    [
      table({ schemes: { b: "x" } }),
      'Invalid OpenAPI table at schemes.b: expected a security scheme (an object), found "x"',
    ],
    [
      table({ schemes: { b: { type: "apiKey", in: "query" } } }),
      "Invalid OpenAPI table at schemes.b: apiKey name undefined, expected a query name",
    ],
    [
      table({ schemes: { b: { type: "apiKey", in: "header", name: "Host" } } }),
      'Invalid OpenAPI table at schemes.b: apiKey name "Host" would set the host, expected another header name',
    ],
    [
      table({ schemes: { b: { type: "http", scheme: "a b" } } }),
      'Invalid OpenAPI table at schemes.b: http scheme "a b", expected an authentication scheme name',
    ],
    [
      table({ schemes: { b: { type: "http", scheme: "x", name: "n" } } }),
      'Invalid OpenAPI table at schemes.b.name: unknown field, expected "type" or "scheme"',
    ],
    [
      table({ schemes: { b: { error: 1 } } }),
      "Invalid OpenAPI table at schemes.b.error: expected a string, found number",
    ],
    [
      table({ schemes: { b: { error: "e", type: "oauth2" } } }),
      'Invalid OpenAPI table at schemes.b.type: unknown field, expected "error"',
    ],
    [
      table({ security: {} }),
      "Invalid OpenAPI table at security: expected an array, found an object",
    ],
    [
      table({ security: [["nope"]] }),
      'Invalid OpenAPI table at security[0][0]: found "nope", expected the name of a scheme of the table',
    ],
    [
      table({ security: [["__proto__"]] }),
      'Invalid OpenAPI table at security[0][0]: found "__proto__"',
    ],
    [
      table({ security: [["toString"]] }),
      'Invalid OpenAPI table at security[0][0]: found "toString"',
    ],
    [
      table({ schemes: { e: { error: "x" } }, security: [["e"]] }),
      'Invalid OpenAPI table at security[0][0]: found "e"',
    ],
    [
      table({}, { security: ["bearer"] }),
      'Invalid OpenAPI table at operations["GET /a"].security[0]: expected an array, found "bearer"',
    ],
    [
      table({}, { security: [[1]] }),
      'Invalid OpenAPI table at operations["GET /a"].security[0][0]: found number',
    ],
    [table({ security: [["x".repeat(5000)]] }), "Invalid OpenAPI table at security[0][0]"],
  ];
  for (const [value, message] of cases) {
    const error = assertThrows(() => fromOpenAPITable(value), TypeError, message);
    assert(error.message.length < 1024, error.message);
  }
  // An empty alternative a hand-made table holds is never the one applied.
  assertEquals(
    fromOpenAPITable(table({ security: [[], ["bearer"]] }), { credentials: { bearer: "b" } })(
      "GET /a",
    ).headers,
    { authorization: "Bearer b" },
  );
  const huge = Array.from({ length: 200_000 }, () => ["bearer"]);
  assertEquals(
    fromOpenAPITable(table({ security: huge }), { credentials: { bearer: "b" } })("GET /a").headers,
    {
      authorization: "Bearer b",
    },
  );
});
