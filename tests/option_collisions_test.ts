/**
 * A declared parameter named like an option (DECISIONS.md rule 25,
 * docs/any-api.md "Names that are also options") is that parameter on every
 * path of a `fromOpenAPI` builder: a route string and options, an options
 * object alone, `merge()`, `parse()`. `merge()` carries it apart from the
 * option of the same name, so `parse(merge(x))` is `endpoint(x)` (spec 4.1
 * rule 3), and no default option (a credential in `headers`, a sandbox
 * `baseUrl`) ever becomes a parameter or moves the host.
 */
import { createEndpoint, type Endpoint, endpoint as main } from "@routecast/endpoint";
import { endpoint as octokit } from "@routecast/endpoint/octokit";
import { fromOpenAPI } from "@routecast/endpoint/openapi";
import { assert, assertEquals, assertThrows } from "@std/assert";

const PRODUCTION = "https://production.example.com";
const SANDBOX = "https://sandbox.example.com";
const SECRET = "Bearer sk_test_SECRET";
const OPTIONS = ["method", "url", "baseUrl", "headers", "mediaType", "data", "request"] as const;
const CARRIER = Symbol.for("routecast.declaredParameters");

type Call = (route: unknown, options?: unknown) => ReturnType<Endpoint>;
type Builder = Endpoint & Call & {
  merge: (route: unknown, options?: unknown) => Record<string | symbol, unknown>;
  parse: (options: unknown) => ReturnType<Endpoint>;
};

/** One operation per option name and place: body field, form field, query, header, path. */
function description(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const name of OPTIONS) {
    const schema = { type: "object", properties: { [name]: {}, other: {} } };
    paths[`/body/${name}`] = {
      post: { requestBody: { content: { "application/json": { schema } } }, responses: {} },
    };
    paths[`/form/${name}`] = {
      post: {
        requestBody: { content: { "application/x-www-form-urlencoded": { schema } } },
        responses: {},
      },
    };
    const query = { parameters: [{ name, in: "query" }], responses: {} };
    paths[`/query/${name}`] = { get: query, post: query };
    paths[`/header/${name}`] = {
      get: { parameters: [{ name, in: "header" }], responses: {} },
    };
    paths[`/path/{${name}}`] = {
      get: { parameters: [{ name, in: "path", required: true }], responses: {} },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "T", version: "1" },
    servers: [{ url: PRODUCTION }],
    paths,
  };
}

/** Not strict (rule 26): calls move to routes that are no operation, built as createEndpoint builds them. */
function builder(): Builder {
  return fromOpenAPI(description(), { strict: false }).defaults({
    headers: { authorization: SECRET },
    baseUrl: SANDBOX,
    request: { timeout: 1000 },
  }) as unknown as Builder;
}

/** The calls of each place, for the option `name`, with the parameter's value. */
function calls(name: string): [route: string, options: Record<string, unknown>][] {
  return [
    [`POST /body/${name}`, { [name]: { nested: "value" }, other: 1 }],
    [`POST /body/${name}`, { other: 1, [name]: "https://evil.example/hook" }],
    [`POST /form/${name}`, { [name]: "https://evil.example/hook", other: "o" }],
    [`GET /query/${name}`, { [name]: { authorization: "mine" } }],
    [`POST /query/${name}`, { [name]: "https://evil.example" }],
    [`GET /header/${name}`, { [name]: "h-value" }],
    [`GET /path/{${name}}`, { [name]: "p-value" }],
  ];
}

/** Checks what the defaults' options became: only themselves. */
function checkOptions(result: ReturnType<Endpoint>, what: string): void {
  assert(result.url.startsWith(SANDBOX + "/"), `${what}: ${result.url}`);
  assertEquals(result.headers.authorization, SECRET, what);
  const { authorization: _, ...others } = result.headers;
  const elsewhere = JSON.stringify([result.url.slice(SANDBOX.length), others, result.body ?? null]);
  assert(!elsewhere.includes("SECRET"), `${what}: ${elsewhere}`);
  assert(!elsewhere.includes("sandbox"), `${what}: ${elsewhere}`);
  assertEquals(result.request, { timeout: 1000 }, what);
}

Deno.test("fromOpenAPI(): parse(merge(route, x)) is endpoint(route, x) for every option name as a parameter", () => {
  const api = builder();
  for (const name of OPTIONS) {
    for (const [route, x] of calls(name)) {
      const what = `${route} ${JSON.stringify(x)}`;
      const built = api(route, x);
      checkOptions(built, what);
      assertEquals(api.parse(api.merge(route, x)), built, what);
      // Spread and Object.assign copies (as @octokit/request's hooks make) carry it too.
      assertEquals(api.parse({ ...api.merge(route, x) }), built, what);
      assertEquals(api.parse(Object.assign({}, api.merge(route, x))), built, what);
    }
  }
});

Deno.test("fromOpenAPI(): each declared name is written where the operation puts it", () => {
  const api = builder();
  for (const name of OPTIONS) {
    const body = api(`POST /body/${name}`, { [name]: { nested: "value" }, other: 1 });
    assertEquals(body.body, { other: 1, [name]: { nested: "value" } }, name);
    // In the call's order.
    const form = api(`POST /form/${name}`, { other: "o", [name]: "v" });
    assertEquals(form.body, `other=o&${encodeURIComponent(name)}=v`, name);
    assertEquals(api(`POST /form/${name}`, { [name]: "v", other: "o" }).body, `${name}=v&other=o`);
    assertEquals(
      api(`GET /query/${name}`, { [name]: "q" }).url,
      `${SANDBOX}/query/${name}?${name}=q`,
    );
    assertEquals(api(`GET /header/${name}`, { [name]: "h" }).headers[name.toLowerCase()], "h");
    assertEquals(api(`GET /path/{${name}}`, { [name]: "p" }).url, `${SANDBOX}/path/p`);
  }
});

Deno.test("fromOpenAPI(): parameters keep the call's order after the defaults', on every path", () => {
  const api = builder().defaults({ team: "t" });
  const cases: [string, Record<string, unknown>, string][] = [
    ["POST /form/url", { other: "o", url: "u" }, "team=t&other=o&url=u"],
    ["POST /form/url", { url: "u", other: "o" }, "team=t&url=u&other=o"],
    // A parameter the defaults have stays in their place.
    ["POST /form/url", { url: "u", team: "v", other: "o" }, "team=v&url=u&other=o"],
    [
      "POST /form/url",
      { a: 1, url: "u", b: 2, headers: { "x-h": "1" }, c: 3 },
      "team=t&a=1&url=u&b=2&c=3",
    ],
  ];
  for (const [route, x, body] of cases) {
    const built = api(route, x);
    assertEquals(built.body, body);
    assertEquals(api.parse(api.merge(route, x)), built);
    // Moved to a GET that is no operation, they are the query, in the same order.
    const moved = api(route, { ...x, method: "GET" });
    assertEquals(moved.url, `${SANDBOX}/form/url?${body}`);
    assertEquals(api.parse(api.merge(route, { ...x, method: "GET" })), moved);
  }
  assertEquals(api("POST /form/url", cases[3][1]).headers["x-h"], "1");
  const json = api("POST /body/data", { other: 1, data: 2, team: "u" });
  assertEquals(JSON.stringify(json.body), '{"team":"u","other":1,"data":2}');
  assertEquals(api.parse(api.merge("POST /body/data", { other: 1, data: 2, team: "u" })), json);
  const map: Record<string, unknown> = { team: "v", url: { a: 1 }, method: "GET" };
  const overridden = api("POST /form/url", map);
  assertEquals(overridden.url, `${SANDBOX}/form/url?team=v&url%5Ba%5D=1`);
  assertEquals(api.parse(api.merge("POST /form/url", map)), overridden);
});

Deno.test("fromOpenAPI(): a declared url or method never moves the request", () => {
  const api = builder();
  // Stripe's POST /v1/webhook_endpoints has a body field url, and no method.
  for (
    const x of [
      { url: "https://evil.example/hook", method: "POST" },
      { method: "PUT", url: "https://evil.example/hook" },
      { url: "//evil.example/hook", method: "post" },
    ]
  ) {
    const route = "POST /form/url";
    const built = api(route, x);
    assert(built.url.startsWith(SANDBOX + "/"), built.url);
    assertEquals(built.headers.authorization, SECRET);
    // PUT /form/url is no operation: the url is a parameter of a JSON body there.
    assertEquals(
      built.body,
      x.method === "PUT" ? { url: x.url } : "url=" + encodeURIComponent(x.url),
    );
    assertEquals(api.parse(api.merge(route, x)), built);
  }
  // A method beside a declared url is still the route's method, as merge() gives it.
  assertEquals(api("POST /form/url", { url: "u", method: "PUT" }).method, "put");
  assertEquals(api.merge("POST /form/url", { url: "u", method: "PUT" }).method, "PUT");
  // A declared method is a parameter; the url option beside it still moves the route.
  const moved = api("GET /query/method", { method: "DELETE", url: "/elsewhere" });
  assertEquals(moved.method, "get");
  assertEquals(moved.url, `${SANDBOX}/elsewhere?method=DELETE`);
  assertEquals(
    api.parse(api.merge("GET /query/method", { method: "DELETE", url: "/elsewhere" })),
    moved,
  );
});

Deno.test("fromOpenAPI(): the issue's three cases: body headers, query headers, query baseUrl", () => {
  const api = builder();
  // A body field "headers" (Svix, SendGrid): the defaults' authorization stays a header.
  const svix = api.parse(api.merge("POST /body/headers", { headers: { "x-a": "1" } }));
  assertEquals(svix.headers, { authorization: SECRET, "content-type": "application/json" });
  assertEquals(svix.body, { headers: { "x-a": "1" } });
  // None given: the defaults' headers are no body.
  assertEquals(api.parse(api.merge("POST /body/headers", { other: 2 })).body, { other: 2 });
  // A query parameter "headers": no ?authorization=Bearer… in the url.
  assertEquals(api.parse(api.merge("GET /query/headers", {})).url, `${SANDBOX}/query/headers`);
  // A query parameter "baseUrl": the request goes to the sandbox, not to production.
  assertEquals(api.parse(api.merge("GET /query/baseUrl", {})).url, `${SANDBOX}/query/baseUrl`);
  assertEquals(
    api.parse(api.merge("GET /query/baseUrl", { baseUrl: "x" })).url,
    `${SANDBOX}/query/baseUrl?baseUrl=x`,
  );
});

Deno.test("fromOpenAPI(): an options object alone: method and url are the route, other declared names parameters", () => {
  const api = builder();
  for (const name of OPTIONS.filter((option) => option !== "method" && option !== "url")) {
    for (const [route, x] of calls(name)) {
      const [method, url] = route.split(" ");
      const options = { method, url, ...x };
      const built = api(options);
      checkOptions(built, `${route} alone`);
      assertEquals(api.parse(api.merge(options)), built, `${route} alone`);
    }
  }
  // Through defaults holding the route, a call of options only.
  const hooks = api.defaults({ method: "POST", url: "/body/headers" });
  assertEquals(hooks({ headers: { "x-a": "1" } }).body, { headers: { "x-a": "1" } });
  assertEquals(
    hooks.parse(hooks.merge({ headers: { "x-a": "1" } })),
    hooks({ headers: { "x-a": "1" } }),
  );
  assertEquals(hooks().headers, { authorization: SECRET });
});

Deno.test("fromOpenAPI(): the same keys in turn by route, by options, with and without a carrier", () => {
  const api = builder();
  // By route, the declared url is a parameter; by options alone, the same keys are the route.
  for (let i = 0; i < 2; i++) {
    const byRoute = api("POST /form/url", { url: "u", method: "GET" });
    assertEquals(byRoute.url, `${SANDBOX}/form/url?url=u`);
    const byOptions = api({ url: "/form/url", method: "GET" });
    assertEquals([byOptions.url, byOptions.body], [`${SANDBOX}/form/url`, undefined]);
  }
  // Two routes moved to the same plan with the same keys: only one declares url.
  for (let i = 0; i < 2; i++) {
    assertEquals(
      api("POST /form/url", { url: "x", method: "GET" }).url,
      `${SANDBOX}/form/url?url=x`,
    );
    assertEquals(
      api("POST /other", { url: "/form/url", method: "GET" }).url,
      `${SANDBOX}/form/url`,
    );
  }
  const options = { method: "POST", url: "/form/url", other: "o" };
  assertEquals(api(options).body, "other=o");
  assertEquals(api.parse(api.merge(options)), api(options));
  // parse() of the same top-level keys, once with data carried, once with data the option.
  const flat = { method: "POST", url: "/body/data", baseUrl: SANDBOX };
  for (let i = 0; i < 2; i++) {
    assertEquals(api.parse({ ...flat, [CARRIER]: { data: 1 } }).body, { data: 1 });
    assertEquals(api.parse({ ...flat, data: 1 }).body, 1);
  }
  // A route without a method takes the defaults', for merge() as for the call.
  const posting = api.defaults({ method: "POST" });
  assertEquals(posting("/form/url", { url: "u" }).body, "url=u");
  assertEquals(
    posting.parse(posting.merge("/form/url", { url: "u" })),
    posting("/form/url", { url: "u" }),
  );
  // An invalid method is the usual TypeError.
  assertThrows(
    () => api.merge({ method: 5, url: "/form/url" }),
    TypeError,
    "Invalid method number: expected an HTTP method",
  );
});

Deno.test("fromOpenAPI(): defaults() sets the options, whatever the operation declares", () => {
  const api = builder();
  const child = api.defaults({
    headers: { "x-b": "2" },
    data: "raw",
    url: "/body/data",
    method: "POST",
  });
  assertEquals(child.DEFAULTS.headers, { authorization: SECRET, "x-b": "2" });
  assertEquals(Object.getOwnPropertySymbols(child.DEFAULTS), []);
  const built = child();
  assertEquals([built.body, built.headers["x-b"]], ["raw", "2"]);
});

Deno.test("fromOpenAPI(): merge() keeps declared names apart under a symbol, parse() reads it", () => {
  const api = builder();
  const merged = api.merge("POST /form/url", { other: "o", url: "u", more: 1, baseUrl: "b" });
  assertEquals([merged.url, merged.other, merged.baseUrl], ["/form/url", "o", "b"]);
  // The parameter, and the call's parameters after it (their order kept).
  const carried = (merged as unknown as Record<symbol, unknown>)[CARRIER];
  assertEquals(JSON.stringify(carried), '{"url":"u","more":1}');
  assertEquals(Object.keys(merged).includes("more"), false);
  // No declared name given, or a route of no such operation: nothing is carried.
  assertEquals(Object.getOwnPropertySymbols(api.merge("POST /form/url", { other: "o" })), []);
  assertEquals(Object.getOwnPropertySymbols(api.merge("POST /elsewhere", { url: "/x" })), []);
  // parse() of hand-made options reads it too.
  const hand = {
    method: "POST",
    url: "/form/headers",
    baseUrl: SANDBOX,
    headers: { authorization: SECRET },
    [CARRIER]: { headers: "h" },
  };
  const parsed = api.parse(hand);
  assertEquals(parsed.body, "headers=h");
  assertEquals(parsed.headers.authorization, SECRET);
  // Without it, every top-level name is the option.
  assertEquals(api.parse({ ...hand, [CARRIER]: undefined }).body, undefined);
});

Deno.test("fromOpenAPI(): parse() refuses a carrier that is not a plain object, or repeats a key", () => {
  const api = builder();
  const base = { method: "POST", url: "/form/url", baseUrl: SANDBOX };
  for (const carrier of ["url=x", [["url", "x"]], new Map([["url", "x"]]), null]) {
    assertThrows(
      () => api.parse({ ...base, [CARRIER]: carrier }),
      TypeError,
      "Invalid declared parameters ",
    );
  }
  for (const key of ["other", "__proto__", "constructor", "URL", "url\r\n", "x".repeat(1e6)]) {
    const carrier = JSON.parse(`{${JSON.stringify(key)}: "x"}`);
    const twice = JSON.parse(`{${JSON.stringify(key)}: "y"}`);
    const error = assertThrows(
      () => api.parse({ ...twice, ...base, [CARRIER]: carrier }),
      TypeError,
      "it is a top-level key of the options too, expected each parameter once",
    );
    assert(error.message.length < 1024);
    // Once, it is a parameter, and stays plain data.
    const parsed = api.parse({ ...base, [CARRIER]: carrier });
    assertEquals(parsed.body, `${encodeURIComponent(key)}=x`);
    assertEquals(({} as Record<string, unknown>).x, undefined);
  }
});

Deno.test("fromOpenAPI(): a polluted Object.prototype carries nothing and moves nothing", () => {
  const api = builder();
  const proto = Object.prototype as Record<string | symbol, unknown>;
  const expected = api("POST /form/url", { url: "u" });
  const merged = api.merge("POST /form/url", { url: "u" });
  try {
    proto[CARRIER] = { url: "https://evil.example", headers: "x" };
    proto.url = "https://evil.example";
    proto.headers = { authorization: "stolen" };
    proto.baseUrl = "https://evil.example";
    assertEquals(api("POST /form/url", { url: "u" }), expected);
    assertEquals(api.parse(merged), expected);
    assertEquals(api.parse(api.merge("POST /form/url", { url: "u" })), expected);
    const plain = api.parse(api.merge("POST /form/url", {}));
    assertEquals([plain.url, plain.body], [`${SANDBOX}/form/url`, undefined]);
  } finally {
    delete proto[CARRIER];
    delete proto.url;
    delete proto.headers;
    delete proto.baseUrl;
  }
});

Deno.test("fromOpenAPI(): a setter for the carrier on Object.prototype never sees it", () => {
  const api = builder();
  const expected = api("POST /form/url", { url: "u" });
  let seen: unknown;
  try {
    Object.defineProperty(Object.prototype, CARRIER, {
      configurable: true,
      set(value) {
        seen = value;
      },
    });
    const merged = api.merge("POST /form/url", { url: "u" });
    assert(Object.hasOwn(merged, CARRIER));
    assertEquals(seen, undefined);
    assertEquals(api.parse(merged), expected);
  } finally {
    delete (Object.prototype as Record<symbol, unknown>)[CARRIER];
  }
});

Deno.test("fromOpenAPI(): hostile declared values stay parameters", () => {
  const api = builder();
  for (const value of ["a\r\nX-Injected: 1", "\0", "https://evil.example", "../../admin"]) {
    const form = api("POST /form/headers", { headers: value });
    assertEquals(form.headers, {
      authorization: SECRET,
      "content-type": "application/x-www-form-urlencoded",
    });
    assertEquals(api.parse(api.merge("POST /form/headers", { headers: value })), form);
    assertEquals(api("GET /query/baseUrl", { baseUrl: value }).url.startsWith(SANDBOX + "/"), true);
  }
  // A header parameter keeps the header checks.
  assertThrows(() => api("GET /header/url", { url: "a\r\nb" }), TypeError, "CR, LF or NUL");
  assertThrows(() => api.parse(api.merge("GET /header/url", { url: "a\r\nb" })), TypeError);
  // A path value keeps the path checks.
  assertThrows(() => api("GET /path/{url}", { url: ".." }), TypeError, 'parameter "url"');
  assertThrows(() => api.parse(api.merge("GET /path/{url}", { url: ".." })), TypeError);
  // A deep value passes through as the call's own.
  let deep: Record<string, unknown> = {};
  const top = deep;
  for (let i = 0; i < 1000; i++) deep = (deep.a = {}) as Record<string, unknown>;
  assertEquals(api.parse(api.merge("POST /body/data", { data: top })).body, { data: top });
});

Deno.test("fromOpenAPI(): each value is read once on every path", () => {
  const api = builder();
  for (const route of ["POST /form/url", "GET /query/headers"]) {
    let reads = 0;
    const x = {};
    Object.defineProperty(x, route.includes("url") ? "url" : "headers", {
      enumerable: true,
      get: () => (reads++, "v"),
    });
    Object.defineProperty(x, "method", {
      enumerable: true,
      get: () => (reads++, route.split(" ")[0]),
    });
    api(route, x);
    assertEquals(reads, 2, route);
    reads = 0;
    api.merge(route, x);
    assertEquals(reads, 2, route);
    reads = 0;
    const options = { url: route.split(" ")[1] };
    Object.defineProperty(options, "method", { enumerable: true, get: () => (reads++, "POST") });
    api.merge(options);
    assertEquals(reads, 1, route);
    reads = 0;
    api(options);
    assertEquals(reads, 1, route);
  }
});

Deno.test("., ./octokit and createEndpoint: no carrier, no change", () => {
  const neutral = createEndpoint({ baseUrl: SANDBOX, headers: { authorization: SECRET } });
  for (
    const [name, built] of [["main", main], ["octokit", octokit], ["neutral", neutral]] as const
  ) {
    const b = built as unknown as Builder;
    for (
      const [route, x] of [
        ["POST /x", { url: "/y", headers: { "x-a": "1" }, data: "d" }],
        ["GET /x", { baseUrl: SANDBOX, q: "1" }],
        ["POST /repos/{owner}/{repo}", { owner: "o", repo: "r", method: "PATCH" }],
      ] as const
    ) {
      const merged = b.merge(route, x);
      assertEquals(Object.getOwnPropertySymbols(merged), [], name);
      assertEquals(b.parse(merged), b(route, x), name);
      // A carrier handed to these builders' parse() is nothing to them.
      assertEquals(b.parse({ ...merged, [CARRIER]: { url: "https://evil.example" } }), b(route, x));
    }
  }
});
