/**
 * endpoint(): one table per rule of the spec and DECISIONS.md.
 */
import { endpoint, type EndpointOptions, type RequestOptions, VERSION } from "@routecast/endpoint";
import { UriTemplateError } from "@routecast/endpoint/uri-template";
import { endpoint as octokit } from "@routecast/endpoint/octokit";
import { assert, assertEquals, assertStrictEquals, assertThrows } from "@std/assert";

const ACCEPT = "application/vnd.github.v3+json";
const UA = `routecast/${VERSION}`;
const DEFAULT_HEADERS = { accept: ACCEPT, "user-agent": UA };
const API = "https://api.github.com";

type Case = [string, () => unknown, unknown];

function table(name: string, cases: Case[]) {
  Deno.test(name, () => {
    for (const [label, run, expected] of cases) assertEquals(run(), expected, label);
  });
}

function errors(
  name: string,
  cases: [string, () => unknown, ErrorConstructor | typeof UriTemplateError, string][],
) {
  Deno.test(name, () => {
    for (const [label, run, ErrorClass, message] of cases) {
      const error = assertThrows(run, ErrorClass, undefined, label);
      assertEquals(error.message, message, label);
    }
  });
}

table("endpoint() spec 2.2 and rule 1: result method is lowercase, merge keeps it as given", [
  ["GET", () => endpoint("GET /x").method, "get"],
  ["lowercase route", () => endpoint("patch /x").method, "patch"],
  ["options method", () => endpoint({ method: "Delete", url: "/x" }).method, "delete"],
  ["merge keeps case", () => endpoint.merge("post /x").method, "post"],
  ["merge default", () => endpoint.merge({ url: "/x" }).method, "GET"],
  ["custom token method", () => endpoint("PROPFIND /x").method, "propfind"],
]);

table("endpoint() rule 2: route strings are <METHOD> <url>, a lone token is a GET url", [
  ["two tokens", () => endpoint("POST /a").url, `${API}/a`],
  ["extra whitespace", () => endpoint("  POST \t /a  ").method, "post"],
  ["lone url", () => endpoint("/a/b"), {
    method: "get",
    url: `${API}/a/b`,
    headers: DEFAULT_HEADERS,
  }],
  [
    "options url overrides route url (as the reference)",
    () => endpoint("GET /a", { url: "/b" }).url,
    `${API}/b`,
  ],
]);

errors("endpoint() rule 2: malformed routes are TypeErrors that quote the route", [
  [
    "three tokens",
    () => endpoint("GET /x y"),
    TypeError,
    'Invalid route "GET /x y": expected "<METHOD> <url>"',
  ],
  ["empty", () => endpoint(""), TypeError, 'Invalid route "": expected "<METHOD> <url>"'],
  ["blank", () => endpoint("   "), TypeError, 'Invalid route "   ": expected "<METHOD> <url>"'],
  [
    "bad method",
    () => endpoint("G(T /x"),
    TypeError,
    'Invalid route "G(T /x": method "G(T" is not an HTTP token, expected "<METHOD> <url>"',
  ],
  [
    "not a string",
    () => endpoint(42 as unknown as string),
    TypeError,
    'Invalid route number: expected a "<METHOD> <url>" string or an options object',
  ],
  [
    "bad options method",
    () => endpoint({ method: "GE T", url: "/x" }),
    TypeError,
    'Invalid method "GE T": expected an HTTP method such as "GET" or "POST"',
  ],
  [
    "options not an object",
    () => endpoint("GET /x", "y" as unknown as EndpointOptions),
    TypeError,
    'Invalid options "y": expected a plain object of options and parameters',
  ],
]);

errors("endpoint() rule 3: a url is required", [
  [
    "no url",
    () => endpoint({ method: "GET" }),
    TypeError,
    'Missing url: expected a route such as "GET /repos/{owner}/{repo}" or a url option, found undefined',
  ],
  [
    "empty url",
    () => endpoint({ url: "" }),
    TypeError,
    'Missing url: expected a route such as "GET /repos/{owner}/{repo}" or a url option, found ""',
  ],
  [
    "parse without url",
    () => endpoint.parse({ method: "GET" }),
    TypeError,
    'Missing url: expected a route such as "GET /repos/{owner}/{repo}" or a url option, found undefined',
  ],
]);

table("endpoint() rule 4: :name placeholders only at a path segment start", [
  [
    "path",
    () => endpoint("GET /repos/:owner/:repo", { owner: "o", repo: "r" }).url,
    `${API}/repos/o/r`,
  ],
  [
    "with suffix",
    () => endpoint("GET /gists/:gist_id.json", { gist_id: "g1" }).url,
    `${API}/gists/g1.json`,
  ],
  [
    "query left alone",
    () => endpoint("GET /search/issues?q=repo:owner/name").url,
    `${API}/search/issues?q=repo:owner/name`,
  ],
  [
    "port left alone",
    () => endpoint("GET http://localhost:8080/:id", { id: 7 }).url,
    "http://localhost:8080/7",
  ],
  ["not a name", () => endpoint("GET /a/:1b").url, `${API}/a/:1b`],
  ["mid-segment colon", () => endpoint("GET /a/b:c", { c: 1 }).url, `${API}/a/b:c?c=1`],
]);

table("endpoint() rule 5: full URLs are used as given; paths join baseUrl", [
  [
    "upload host",
    () => endpoint("POST https://uploads.github.com/repos/{o}/assets", { o: "x" }).url,
    "https://uploads.github.com/repos/x/assets",
  ],
  [
    "trailing slashes trimmed",
    () => endpoint("GET /x", { baseUrl: "https://ghe.test/api/v3///" }).url,
    "https://ghe.test/api/v3/x",
  ],
  [
    "url without slash",
    () => endpoint("GET x/y", { baseUrl: "https://ghe.test/api" }).url,
    "https://ghe.test/api/x/y",
  ],
  ["own slashes kept", () => endpoint("GET //a//b/").url, `${API}//a//b/`],
  [
    "value cannot switch origin",
    () => endpoint("GET {+u}", { u: "https://evil.test/x" }).url,
    `${API}/https://evil.test/x`,
  ],
]);

errors("endpoint() rule 5: baseUrl must be absolute", [
  [
    "relative baseUrl",
    () => endpoint("GET /x", { baseUrl: "api.github.com" }),
    TypeError,
    'Invalid baseUrl "api.github.com": expected an absolute URL such as "https://api.github.com"',
  ],
]);

table("endpoint() rule 6: expansion is RFC 6570 exact", [
  [
    "no trailing-slash stripping",
    () => endpoint("GET /repos/{owner}/", { owner: "o" }).url,
    `${API}/repos/o/`,
  ],
  [
    "reserved characters encoded",
    () => endpoint("GET /r/{x}", { x: "a/b c!'()*" }).url,
    `${API}/r/a%2Fb%20c%21%27%28%29%2A`,
  ],
  [
    "reserved expansion",
    () => endpoint("GET /r/{+path}", { path: "a/b c" }).url,
    `${API}/r/a/b%20c`,
  ],
  ["query template", () => endpoint("GET /r{?a,b}", { a: "1" }).url, `${API}/r?a=1`],
  ["undefined optional path variable", () => endpoint("GET /r{/x}").url, `${API}/r`],
]);

table("endpoint() rule 7: remaining parameters go to the query (GET, HEAD) or the body", [
  [
    "query order and encoding",
    () => endpoint("GET /s", { b: "x y", a: 1, "c d": "é" }).url,
    `${API}/s?b=x%20y&a=1&c%20d=%C3%A9`,
  ],
  [
    "lists",
    () => endpoint("GET /s", { labels: ["bug", "help wanted"] }).url,
    `${API}/s?labels=bug,help%20wanted`,
  ],
  [
    "null, undefined, empty list left out",
    () => endpoint("GET /s", { a: null, b: undefined, c: [], d: "" }).url,
    `${API}/s?d=`,
  ],
  ["existing query", () => endpoint("GET /s?x=1", { y: 2 }).url, `${API}/s?x=1&y=2`],
  ["HEAD", () => endpoint("HEAD /s", { y: 2 }), {
    method: "head",
    url: `${API}/s?y=2`,
    headers: DEFAULT_HEADERS,
  }],
  [
    "q keeps +",
    () => endpoint("GET /search/issues", { q: "repo:o/r+is:open label:bug" }).url,
    `${API}/search/issues?q=repo%3Ao%2Fr+is%3Aopen%20label%3Abug`,
  ],
  [
    "POST body",
    () => endpoint("POST /r/{id}", { id: 1, title: "t", labels: ["a"], nested: { x: null } }).body,
    { title: "t", labels: ["a"], nested: { x: null } },
  ],
  ["DELETE body", () => endpoint("DELETE /r", { reason: "x" }).body, { reason: "x" }],
  ["POST without body", () => "body" in endpoint("POST /r"), false],
  ["DELETE without body", () => "body" in endpoint("DELETE /r/{id}", { id: 1 }), false],
  ["PUT empty body", () => endpoint("PUT /r"), {
    method: "put",
    url: `${API}/r`,
    headers: DEFAULT_HEADERS,
    body: "",
  }],
  ["PATCH empty body", () => endpoint("PATCH /r").body, ""],
  [
    "JSON content type",
    () => endpoint("POST /r", { a: 1 }).headers["content-type"],
    "application/json; charset=utf-8",
  ],
  [
    "caller content type kept",
    () =>
      endpoint("POST /r", { a: 1, headers: { "Content-Type": "text/x" } }).headers["content-type"],
    "text/x",
  ],
  [
    "GET and HEAD: no content type added, the caller's kept",
    () => [
      "content-type" in endpoint("GET /r", { a: 1 }).headers,
      endpoint("HEAD /r", { headers: { "content-type": "text/x" } }).headers["content-type"],
    ],
    [false, "text/x"],
  ],
  [
    "data is the body",
    () =>
      endpoint("POST /markdown/raw", {
        data: "# hi",
        mode: "x",
        headers: { "content-type": "text/plain" },
      }).body,
    "# hi",
  ],
  [
    "data with JSON default",
    () => endpoint("POST /r", { data: { a: 1 } }).headers["content-type"],
    "application/json; charset=utf-8",
  ],
  ["query and data", () => {
    const { url, body } = endpoint("POST https://uploads.github.com/r/assets{?name,label}", {
      name: "a.zip",
      data: "bytes",
    });
    return [url, body];
  }, ["https://uploads.github.com/r/assets?name=a.zip", "bytes"]],
  ["query before fragment", () => endpoint("GET /s#top", { a: 1 }).url, `${API}/s?a=1#top`],
]);

errors("endpoint() clarification: data on GET or HEAD is a TypeError", [
  [
    "GET",
    () => endpoint("GET /x", { data: "x" }),
    TypeError,
    'Invalid option data for GET "/x": GET requests have no body, expected query parameters as options',
  ],
  [
    "HEAD",
    () => endpoint("HEAD /x", { data: "x" }),
    TypeError,
    'Invalid option data for HEAD "/x": HEAD requests have no body, expected query parameters as options',
  ],
]);

table("endpoint() rule 8: values are coerced as RFC 6570 values", [
  [
    "number bigint boolean",
    () => endpoint("GET /r/{a}/{b}/{c}", { a: 1, b: 2n, c: false }).url,
    `${API}/r/1/2/false`,
  ],
  [
    "Date",
    () => endpoint("GET /r", { since: new Date(Date.UTC(2024, 0, 1)) }).url,
    `${API}/r?since=2024-01-01T00%3A00%3A00.000Z`,
  ],
  ["map in query", () => endpoint("GET /r", { m: { a: "1", b: "2" } }).url, `${API}/r?m=a,1,b,2`],
  ["null optional path variable", () => endpoint("GET /r{/x}", { x: null }).url, `${API}/r`],
]);

errors("endpoint() rule 8: values that cannot be expanded name the parameter", [
  [
    "function in path",
    // @ts-expect-error: a function is not a template value; this pins the runtime error
    () => endpoint("GET /r/{x}", { x: () => 1 }),
    TypeError,
    'Cannot expand variable "x": expected a string, number, boolean, bigint, Date, list or plain object, found a function',
  ],
  [
    "symbol in query",
    () => endpoint("GET /r", { s: Symbol("s") }),
    TypeError,
    'Cannot expand variable "s": expected a string, number, boolean, bigint, Date, list or plain object, found a symbol',
  ],
  [
    "nested list in query",
    () => endpoint("GET /r", { l: [["a"]] }),
    TypeError,
    'Cannot expand variable "l": expected a string, number, boolean, bigint, Date, null or undefined as list item 0, found a list',
  ],
]);

const dotCases: [string, Record<string, unknown>][] = [
  ["GET /repos/{owner}/{repo}", { owner: "..", repo: "r" }],
  ["GET /repos/{owner}/{repo}", { owner: "o", repo: "." }],
  ["GET /repos/:owner/x", { owner: ".." }],
  ["GET /files{/path}", { path: ".." }],
  ["GET /files{/path*}", { path: ["a", "..", "b"] }],
  ["GET /files/{+path}", { path: "a/../../b" }],
  ["GET /files/{+path}", { path: "%2e%2E" }],
  ["GET /files/{+path}", { path: ".%2e/x" }],
  ["GET /files/{a}{b}", { a: ".", b: "." }],
  ["GET /files/{.ext}", { ext: "." }],
  ["GET https://uploads.github.com/{p}/x", { p: ".." }],
];

Deno.test("endpoint() rule 9: a value that forms a dot-segment in the path is a TypeError", () => {
  for (const [route, parameters] of dotCases) {
    const error = assertThrows(() => endpoint(route, parameters), TypeError, undefined, route);
    assert(error.message.startsWith("Invalid value for parameter "), error.message);
    assert(error.message.includes('would form a "." or ".." path segment'), error.message);
  }
  assertEquals(
    assertThrows(() => endpoint("GET /r/{owner}", { owner: ".." }), TypeError).message,
    'Invalid value for parameter "owner": ".." would form a "." or ".." path segment, expected a value that stays in its segment',
  );
});

table("endpoint() rule 9: dots that stay inside a segment, or outside the path, are fine", [
  ["dotted name", () => endpoint("GET /r/{x}", { x: "..." }).url, `${API}/r/...`],
  ["dot file", () => endpoint("GET /r/{x}", { x: ".github" }).url, `${API}/r/.github`],
  ["mid-segment", () => endpoint("GET /r/v{x}", { x: "." }).url, `${API}/r/v.`],
  [
    "encoded in simple expansion",
    () => endpoint("GET /r/{x}", { x: "%2e%2e" }).url,
    `${API}/r/%252e%252e`,
  ],
  ["query", () => endpoint("GET /r", { x: ".." }).url, `${API}/r?x=..`],
  ["query template", () => endpoint("GET /r{?x}", { x: ".." }).url, `${API}/r?x=..`],
  ["body", () => endpoint("POST /r", { x: ".." }).body, { x: ".." }],
]);

table("endpoint() rule 10: headers are lowercased and merged; null removes, undefined keeps", [
  ["lowercased", () => endpoint("GET /x", { headers: { "X-Foo": "1" } }).headers, {
    ...DEFAULT_HEADERS,
    "x-foo": "1",
  }],
  [
    "later case-duplicate wins",
    () => endpoint("GET /x", { headers: { "X-A": "1", "x-a": "2" } }).headers["x-a"],
    "2",
  ],
  [
    "undefined keeps default",
    () => endpoint("GET /x", { headers: { accept: undefined } }).headers.accept,
    ACCEPT,
  ],
  ["null removes default", () => endpoint("GET /x", { headers: { "user-agent": null } }).headers, {
    accept: ACCEPT,
  }],
  [
    "number stays number",
    () =>
      endpoint("POST /x", { data: "a", headers: { "content-length": 1 } })
        .headers["content-length"],
    1,
  ],
  [
    "authorization passes through",
    () => endpoint("GET /x", { headers: { Authorization: "token abc" } }).headers.authorization,
    "token abc",
  ],
]);

errors("endpoint() rule 10: invalid header names and values are TypeErrors", [
  [
    "space in name",
    () => endpoint("GET /x", { headers: { "x y": "1" } }),
    TypeError,
    'Invalid header name "x y": expected an HTTP token',
  ],
  [
    "empty name",
    () => endpoint("GET /x", { headers: { "": "1" } }),
    TypeError,
    'Invalid header name "": expected an HTTP token',
  ],
  [
    // U+212A KELVIN SIGN lower-cases to an ASCII "k"; the name as given is not a token.
    "non-ASCII name that lower-cases to a token",
    () => endpoint("GET /x", { headers: { "X-\u212Aey": "1" } }),
    TypeError,
    'Invalid header name "X-\u212Aey": expected an HTTP token',
  ],
  [
    "CRLF",
    () => endpoint("GET /x", { headers: { a: "1\r\nx: y" } }),
    TypeError,
    'Invalid value for header "a": it contains CR, LF or NUL (CR at index 1), expected a single-line value',
  ],
  [
    "NUL",
    () => endpoint("GET /x", { headers: { a: "\0" } }),
    TypeError,
    'Invalid value for header "a": it contains CR, LF or NUL (NUL at index 0), expected a single-line value',
  ],
  [
    "LF via defaults",
    () => endpoint.defaults({ headers: { authorization: "token a\nb" } }),
    TypeError,
    'Invalid value for header "authorization": it contains CR, LF or NUL (LF at index 7), expected a single-line value',
  ],
  [
    "object value",
    () => endpoint("GET /x", { headers: { a: {} as unknown as string } }),
    TypeError,
    'Invalid value for header "a": expected a string or a number, found an object',
  ],
  [
    "via parse",
    () => endpoint.parse({ method: "GET", url: "/x", headers: { "a\nb": "1" } }),
    TypeError,
    'Invalid header name "a\\nb": expected an HTTP token',
  ],
]);

table("endpoint() rule 11: mediaType.format amends vnd media types", [
  [
    "raw",
    () => endpoint("GET /x", { mediaType: { format: "raw" } }).headers.accept,
    "application/vnd.github.v3.raw",
  ],
  [
    "diff",
    () => endpoint("GET /x", { mediaType: { format: "diff" } }).headers.accept,
    "application/vnd.github.v3.diff",
  ],
  [
    "text+json",
    () => endpoint("GET /x", { mediaType: { format: "text+json" } }).headers.accept,
    "application/vnd.github.v3.text+json",
  ],
  [
    "without v3",
    () =>
      endpoint("GET /x", {
        headers: { accept: "application/vnd.github+json" },
        mediaType: { format: "raw" },
      }).headers.accept,
    "application/vnd.github.raw",
  ],
  [
    "each part",
    () =>
      endpoint("GET /x", {
        headers: { accept: "application/vnd.github.v3+json,application/vnd.github.foo+json" },
        mediaType: { format: "raw" },
      }).headers.accept,
    "application/vnd.github.v3.raw,application/vnd.github.raw",
  ],
  [
    "other vendor",
    () =>
      endpoint("GET /x", {
        headers: { accept: "application/vnd.other.v3+json" },
        mediaType: { format: "raw" },
      }).headers.accept,
    "application/vnd.other.v3.raw",
  ],
  [
    "plain json left alone",
    () =>
      endpoint("GET /x", { headers: { accept: "application/json" }, mediaType: { format: "raw" } })
        .headers.accept,
    "application/json",
  ],
  [
    "octet-stream left alone",
    () =>
      endpoint("GET /x", {
        headers: { accept: "application/octet-stream" },
        mediaType: { format: "raw", previews: ["a"] },
      }).headers.accept,
    "application/octet-stream",
  ],
]);

table("endpoint() rule 12: mediaType.previews replace accept, merged through defaults", [
  [
    "one preview",
    () => endpoint("GET /x", { mediaType: { previews: ["symmetra"] } }).headers.accept,
    "application/vnd.github.symmetra-preview+json",
  ],
  [
    "with format",
    () =>
      endpoint("GET /x", { mediaType: { previews: ["symmetra"], format: "raw" } }).headers.accept,
    "application/vnd.github.symmetra-preview.raw",
  ],
  [
    "trailing -preview removed",
    () => endpoint("GET /x", { mediaType: { previews: ["a-preview", "b"] } }).headers.accept,
    "application/vnd.github.a-preview+json,application/vnd.github.b-preview+json",
  ],
  [
    "previews in accept kept, de-duplicated",
    () =>
      endpoint("GET /x", {
        headers: { accept: "application/vnd.github.foo-preview+json" },
        mediaType: { previews: ["bar", "foo"] },
      }).headers.accept,
    "application/vnd.github.foo-preview+json,application/vnd.github.bar-preview+json",
  ],
  [
    "defaults first",
    () =>
      endpoint.defaults({ mediaType: { previews: ["a"] } })("GET /x", {
        mediaType: { previews: ["b", "a"] },
      }).headers.accept,
    "application/vnd.github.a-preview+json,application/vnd.github.b-preview+json",
  ],
  [
    "cascaded",
    () =>
      endpoint.defaults({ mediaType: { previews: ["a"] } }).defaults({
        mediaType: { previews: ["b"] },
      }).DEFAULTS.mediaType.previews,
    ["a", "b"],
  ],
  [
    "empty list leaves accept",
    () => endpoint("GET /x", { mediaType: { previews: [] } }).headers.accept,
    ACCEPT,
  ],
  [
    "graphql too",
    () => endpoint("POST /graphql", { query: "{}", mediaType: { previews: ["x"] } }).headers.accept,
    "application/vnd.github.x-preview+json",
  ],
]);

Deno.test("endpoint() rule 13: request is returned as passed, merged with the defaults' request", () => {
  const request = { timeout: 5 };
  assertStrictEquals(endpoint("GET /x", { request }).request, request);
  assertEquals("request" in endpoint("GET /x"), false);
  const withDefaults = endpoint.defaults({ request: { retries: 2 } });
  assertEquals(withDefaults("GET /x", { request }).request, { retries: 2, timeout: 5 });
  assertEquals(withDefaults("GET /x").request, { retries: 2 });
  assertEquals(request, { timeout: 5 });
  const signal = new AbortController().signal;
  assertStrictEquals(endpoint.defaults({ request: { signal } })("GET /x").request?.signal, signal);
});

// request: null was a TypeError per call and came back as `request: null` from defaults;
// @octokit/endpoint 11.0.5 sends no request for it, and drops the defaults' one.
Deno.test("endpoint() rule 13: a request of null is none, and removes the defaults' request", () => {
  // The types have no null; JavaScript callers pass it.
  const NONE = null as unknown as undefined;
  for (const builder of [endpoint, octokit]) {
    const withDefaults = builder.defaults({ request: { retries: 2 } });
    const nullDefaults = builder.defaults({ request: NONE });
    for (
      const result of [
        builder("GET /x", { request: NONE }),
        withDefaults("GET /x", { request: NONE }),
        nullDefaults("GET /x"),
        builder.parse(builder.merge("GET /x", { request: NONE })),
        withDefaults.parse(withDefaults.merge("GET /x", { request: NONE })),
      ]
    ) {
      assertEquals("request" in result, false);
    }
    assertEquals(nullDefaults("GET /x", { request: { b: 1 } }).request, { b: 1 });
    assertThrows(
      () => builder("GET /x", { request: [] as unknown as undefined }),
      TypeError,
      "Invalid request an array: expected an object",
    );
  }
});

Deno.test("endpoint() rule 14: defaults cascade, DEFAULTS is a deep-frozen snapshot", () => {
  const parentHeaders = { authorization: "token p", "User-Agent": "app/1" };
  const parent = endpoint.defaults({
    baseUrl: "https://ghe.test/api/v3",
    headers: parentHeaders,
    org: "o",
    per_page: 100,
  });
  const child = parent.defaults({ headers: { "x-child": "1" }, per_page: 50 });
  assertEquals(parent.DEFAULTS.baseUrl, "https://ghe.test/api/v3");
  assertEquals(endpoint.DEFAULTS.baseUrl, API);
  assertEquals(child("GET /orgs/{org}/repos"), {
    method: "get",
    url: "https://ghe.test/api/v3/orgs/o/repos?per_page=50",
    headers: { accept: ACCEPT, "user-agent": "app/1", authorization: "token p", "x-child": "1" },
  });
  assertEquals(
    child("GET /orgs/{org}/repos", { org: "x", per_page: 1, headers: { authorization: null } }),
    {
      method: "get",
      url: "https://ghe.test/api/v3/orgs/x/repos?per_page=1",
      headers: { accept: ACCEPT, "user-agent": "app/1", "x-child": "1" },
    },
  );
  assert(Object.isFrozen(child.DEFAULTS));
  assert(Object.isFrozen(child.DEFAULTS.headers));
  assert(Object.isFrozen(child.DEFAULTS.mediaType));
  assert(!Object.isFrozen(parentHeaders));
  assertEquals(parentHeaders, { authorization: "token p", "User-Agent": "app/1" });
  assertEquals(endpoint.DEFAULTS, {
    method: "GET",
    baseUrl: API,
    headers: DEFAULT_HEADERS,
    mediaType: { format: "" },
  });
});

Deno.test("endpoint() rule 14: nothing a caller passes is mutated or frozen", () => {
  const options = {
    owner: "o",
    labels: ["a"],
    headers: { Accept: "x/y" },
    mediaType: { previews: ["p"] },
    request: { r: 1 },
    nested: { a: 1 },
  };
  const snapshot = structuredClone(options);
  const builder = endpoint.defaults(options);
  endpoint("POST /r/{owner}", options);
  builder("POST /r/{owner}", options);
  builder.merge("GET /r", options);
  assertEquals(options, snapshot);
  for (
    const value of [
      options,
      options.labels,
      options.headers,
      options.mediaType,
      options.request,
      options.nested,
    ]
  ) {
    assert(!Object.isFrozen(value));
  }
  const merged = builder.merge("GET /r");
  (merged.nested as { a: number }).a = 2;
  assertEquals((builder.DEFAULTS.nested as { a: number }).a, 1);
});

Deno.test("endpoint() rule 14: __proto__ and constructor keys never reach a prototype", () => {
  const hostile = JSON.parse(
    '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "headers": {"__proto__": "x"}}',
  );
  const builder = endpoint.defaults(hostile);
  const result = builder("POST /r", hostile);
  assertEquals(({} as Record<string, unknown>).polluted, undefined);
  assertEquals(Object.getPrototypeOf(result.body), Object.prototype);
  assertEquals(Object.keys(result.body as object), ["__proto__", "constructor"]);
  assertEquals(
    JSON.stringify(result.body),
    '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
  );
  assertEquals(Object.getOwnPropertyDescriptor(result.headers, "__proto__")?.value, "x");
  const query = endpoint("GET /r", JSON.parse('{"__proto__": "a", "constructor": "b"}'));
  assertEquals(query.url, `${API}/r?__proto__=a&constructor=b`);
  assertThrows(
    // @ts-expect-error: typed routes require constructor; this pins the runtime behaviour
    () => endpoint("GET /r/{constructor}"),
    TypeError,
    'Missing parameter "constructor"',
  );
});

Deno.test("endpoint(options) equals endpoint.parse(endpoint.merge(options)) (spec 4.1.3)", () => {
  const inputs: [string | EndpointOptions, EndpointOptions?][] = [
    ["GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "open" }],
    ["POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", request: { a: 1 } }],
    [{ method: "PUT", url: "/x/:id", id: 1, headers: { A: "b" }, mediaType: { format: "raw" } }],
  ];
  for (const [route, options] of inputs) {
    const direct: RequestOptions = typeof route === "string"
      ? endpoint(route, options)
      : endpoint(route);
    const merged = typeof route === "string"
      ? endpoint.merge(route, options)
      : endpoint.merge(route);
    assertEquals(direct, endpoint.parse(merged));
  }
});

Deno.test("endpoint.merge() returns defaults applied, not parsed (spec 2.4)", () => {
  const builder = endpoint.defaults({
    baseUrl: "https://ghe.test/api/v3",
    headers: { "user-agent": "myApp/1.2.3" },
    org: "my-project",
  });
  assertEquals(
    builder.merge("GET /orgs/{org}/repos", {
      headers: { authorization: "token 1" },
      org: "my-secret-project",
      type: "private",
    }),
    {
      method: "GET",
      baseUrl: "https://ghe.test/api/v3",
      headers: { accept: ACCEPT, "user-agent": "myApp/1.2.3", authorization: "token 1" },
      mediaType: { format: "" },
      org: "my-secret-project",
      url: "/orgs/{org}/repos",
      type: "private",
    },
  );
});

errors("endpoint() rule 15: malformed url templates are UriTemplateErrors", [
  [
    "lone {",
    () => endpoint("GET /repos/{owner"),
    UriTemplateError,
    'Invalid URI template "/repos/{owner": unterminated expression starting at index 7',
  ],
  [
    "lone }",
    () => endpoint("GET /repos/owner}"),
    UriTemplateError,
    'Invalid URI template "/repos/owner}": unmatched "}" at index 12',
  ],
]);

errors("endpoint.defaults() rejects what is not an options object", [
  [
    "string",
    () => endpoint.defaults("GET /x" as unknown as EndpointOptions),
    TypeError,
    'Invalid defaults "GET /x": expected a plain object of options and parameters',
  ],
  [
    "bad mediaType",
    () => endpoint.defaults({ mediaType: { previews: "x" as unknown as string[] } }),
    TypeError,
    'Invalid mediaType.previews "x": expected an array of strings',
  ],
  [
    "bad request",
    () => endpoint("GET /x", { request: 5 as never }),
    TypeError,
    "Invalid request number: expected an object",
  ],
]);

Deno.test("endpoint() spec 5: a default credential header is kept in cascaded builders", () => {
  const auth = endpoint.defaults({ headers: { authorization: "token secret" } });
  assertEquals(auth.defaults({ org: "x" })("GET /user").headers.authorization, "token secret");
});

Deno.test("endpoint() rule 7: query names are encoded the same however many distinct names come", () => {
  // Encoded names are kept for the names seen lately; past its bounds the
  // results must not change.
  for (let round = 0; round < 3; round++) {
    const parameters: Record<string, string> = {};
    const expected: string[] = [];
    for (let i = 0; i < 300; i++) {
      const name = i % 3 === 0 ? `n ${i}é` : i % 3 === 1 ? `${"x".repeat(70)}${i}` : `n${i}`;
      parameters[name] = "v";
      expected.push(`${encodeURIComponent(name)}=v`);
    }
    assertEquals(
      endpoint("GET /x", parameters).url,
      `https://api.github.com/x?${expected.join("&")}`,
    );
  }
});
