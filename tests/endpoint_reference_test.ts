/**
 * routecast against the reference, @octokit/endpoint 11.0.5: differential
 * property tests inside the domain where the two must agree, and the
 * reference's README examples ported as tests of our own.
 */
import { endpoint, type EndpointOptions, type RequestOptions, VERSION } from "@routecast/endpoint";
import { endpoint as reference } from "@octokit/endpoint";
import fc from "fast-check";
import { assertProperty } from "./_fc.ts";
import { assertEquals } from "@std/assert";

const UA = `routecast/${VERSION}`;

/** A URL by meaning: origin, decoded path segments, decoded query pairs. */
function meaning(url: string) {
  const parsed = new URL(url);
  return {
    origin: parsed.origin,
    path: parsed.pathname.split("/").map(decodeURIComponent),
    query: parsed.search === "" ? [] : parsed.search.slice(1).split("&").map((pair) => {
      const [name, value = ""] = pair.split("=");
      return [decodeURIComponent(name), value.split("+").map(decodeURIComponent).join("+")];
    }),
  };
}

/** What must agree: method (any case), URL by meaning, headers but user-agent, body, request. */
function comparable(options: RequestOptions | ReturnType<typeof reference>) {
  const headers: Record<string, unknown> = { ...options.headers };
  delete headers["user-agent"];
  const result: Record<string, unknown> = {
    method: options.method.toLowerCase(),
    url: meaning(options.url),
    headers,
  };
  // The reference builds its JSON body with a null prototype.
  if ("body" in options) {
    const body = options.body;
    result.body = typeof body === "object" && body !== null ? { ...body } : body;
  }
  if ("request" in options && options.request !== undefined) result.request = options.request;
  return result;
}

const ROUTES = [
  "/repos/{owner}/{repo}",
  "/repos/{owner}/{repo}/issues/{issue_number}/comments",
  "/orgs/:org/members/:username",
  "/users/{username}/repos",
  "/search/issues",
  "/gists/{gist_id}",
  "https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets",
];
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
const PATH_NAMES = ["owner", "repo", "issue_number", "org", "username", "gist_id", "release_id"];
const OTHER_NAMES = ["per_page", "page", "state", "title", "sort"];

// Scalars both encoders write the same way once decoded; no value that is only dots
// (routecast refuses dot-segments in paths) and no empty string (the reference drops
// a trailing empty segment).
const text = fc.string({
  minLength: 1,
  maxLength: 12,
  unit: fc.constantFrom(..."abcXYZ019-_~.!*'() :/?#[]@$&+,;=%é😀"),
})
  .filter((value) => !/^\.+$/.test(value));
const scalar = fc.oneof(text, fc.integer({ min: 0, max: 1e6 }), fc.boolean());
const headerName = fc.constantFrom(
  "Authorization",
  "X-GitHub-Api-Version",
  "if-none-match",
  "X-Custom",
);
const headerValue = fc.string({
  minLength: 1,
  maxLength: 20,
  unit: fc.constantFrom(..."abc 019-=;,/"),
});
const headers = fc.dictionary(headerName, headerValue, { maxKeys: 3 });
// Every route variable gets a value (the reference strips the trailing "/" an
// undefined last variable leaves); other parameters come and go.
const parameters = fc.tuple(
  fc.record(Object.fromEntries(PATH_NAMES.map((name) => [name, scalar]))),
  fc.dictionary(fc.constantFrom(...OTHER_NAMES), scalar, { maxKeys: 4 }),
).map(([path, other]) => ({ ...other, ...path }));
const format = fc.constantFrom(undefined, "raw", "diff", "html", "text+json");
const defaultsArb = fc.record({
  baseUrl: fc.constantFrom(undefined, "https://ghe.example/api/v3", "http://127.0.0.1:8080/api"),
  headers: fc.option(headers, { nil: undefined }),
  params: fc.dictionary(fc.constantFrom("per_page", "org", "owner"), scalar, { maxKeys: 2 }),
});

function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

Deno.test("endpoint() agrees with @octokit/endpoint on generated calls", () => {
  assertProperty(
    fc.property(
      fc.constantFrom(...METHODS),
      fc.constantFrom(...ROUTES),
      parameters,
      headers,
      format,
      fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
      fc.option(fc.record({ timeout: fc.integer() }), { nil: undefined }),
      defaultsArb,
      (method, url, params, callHeaders, fmt, data, request, defaults) => {
        const isQuery = method === "GET" || method === "HEAD";
        const options: EndpointOptions = defined({
          ...params,
          headers: callHeaders,
          mediaType: fmt === undefined ? undefined : { format: fmt },
          data: isQuery ? undefined : data,
          request,
        });
        const defaultOptions = defined({
          baseUrl: defaults.baseUrl,
          headers: defaults.headers,
          ...defaults.params,
        });
        const ours = endpoint.defaults(defaultOptions)(`${method} ${url}`, options);
        const theirs = reference.defaults(defaultOptions)(
          `${method} ${url}`,
          options as Parameters<typeof reference>[1],
        );
        assertEquals(comparable(ours), comparable(theirs));
      },
    ),
    400,
  );
});

Deno.test("endpoint.merge() agrees with @octokit/endpoint but for the user agent", () => {
  assertProperty(
    fc.property(
      fc.constantFrom(...METHODS),
      fc.constantFrom(...ROUTES),
      parameters,
      headers,
      (method, url, params, callHeaders) => {
        const ours = endpoint.merge(`${method} ${url}`, { ...params, headers: callHeaders });
        const theirs = reference.merge(`${method} ${url}`, { ...params, headers: callHeaders });
        assertEquals({ ...ours, headers: { ...ours.headers, "user-agent": "" } }, {
          ...theirs,
          headers: { ...theirs.headers, "user-agent": "" },
        });
      },
    ),
    200,
  );
});

// The reference's README examples, with our user agent and lowercase method.
Deno.test("endpoint() gives the reference README's result for listing organization repositories", () => {
  assertEquals(
    endpoint("GET /orgs/{org}/repos", {
      headers: { authorization: "token 0000000000000000000000000000000000000001" },
      org: "octokit",
      type: "private",
    }),
    {
      method: "get",
      url: "https://api.github.com/orgs/octokit/repos?type=private",
      headers: {
        accept: "application/vnd.github.v3+json",
        authorization: "token 0000000000000000000000000000000000000001",
        "user-agent": UA,
      },
    },
  );
});

Deno.test("endpoint.defaults() gives the reference README's enterprise builder", () => {
  const myEndpoint = endpoint.defaults({
    baseUrl: "https://github-enterprise.acme-inc.com/api/v3",
    headers: {
      "user-agent": "myApp/1.2.3",
      authorization: `token 0000000000000000000000000000000000000001`,
    },
    org: "my-project",
    per_page: 100,
  });
  assertEquals(myEndpoint(`GET /orgs/{org}/repos`), {
    method: "get",
    url: "https://github-enterprise.acme-inc.com/api/v3/orgs/my-project/repos?per_page=100",
    headers: {
      accept: "application/vnd.github.v3+json",
      "user-agent": "myApp/1.2.3",
      authorization: "token 0000000000000000000000000000000000000001",
    },
  });
  const myProjectEndpointWithAuth = myEndpoint.defaults({ headers: { authorization: "token 2" } });
  assertEquals(myProjectEndpointWithAuth.DEFAULTS.headers, {
    accept: "application/vnd.github.v3+json",
    "user-agent": "myApp/1.2.3",
    authorization: "token 2",
  });
  assertEquals(endpoint.DEFAULTS.baseUrl, "https://api.github.com");
  assertEquals(myEndpoint.DEFAULTS.baseUrl, "https://github-enterprise.acme-inc.com/api/v3");
});

Deno.test("endpoint() gives the reference README's raw-markdown data example", () => {
  assertEquals(
    endpoint("POST /markdown/raw", {
      data: "Hello world github/linguist#1 **cool**, and #1!",
      headers: { accept: "text/html;charset=utf-8", "content-type": "text/plain" },
    }),
    {
      method: "post",
      url: "https://api.github.com/markdown/raw",
      headers: {
        accept: "text/html;charset=utf-8",
        "content-type": "text/plain",
        "user-agent": UA,
      },
      body: "Hello world github/linguist#1 **cool**, and #1!",
    },
  );
});

Deno.test("endpoint() gives the reference README's query-and-body upload example", () => {
  assertEquals(
    endpoint(
      "POST https://uploads.github.com/repos/octocat/Hello-World/releases/1/assets{?name,label}",
      {
        name: "example.zip",
        label: "short description",
        headers: {
          "content-type": "text/plain",
          "content-length": 14,
          authorization: `token 0000000000000000000000000000000000000001`,
        },
        data: "Hello, world!",
      },
    ),
    {
      method: "post",
      url:
        "https://uploads.github.com/repos/octocat/Hello-World/releases/1/assets?name=example.zip&label=short%20description",
      headers: {
        accept: "application/vnd.github.v3+json",
        "user-agent": UA,
        "content-type": "text/plain",
        "content-length": 14,
        authorization: "token 0000000000000000000000000000000000000001",
      },
      body: "Hello, world!",
    },
  );
});
