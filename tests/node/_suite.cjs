/**
 * The behaviour of the built npm package, shared by `import.test.mjs` (the
 * ESM build) and `require.test.cjs` (the CommonJS build): both run these
 * same tests, each against the modules its runner loads.
 */
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");

const API = "https://api.github.com";
const ACCEPT = "application/vnd.github.v3+json";

/**
 * Registers the tests.
 *
 * @param {string} label How the package was loaded ("import" or "require").
 * @param {{ version: string, main: any, uriTemplate: any, uriTemplateLite: any, lite: any }} build
 *   The package version and the modules of `.`, `./uri-template`,
 *   `./uri-template/lite` and `./lite`.
 */
module.exports = function behaviour(label, { version, main, uriTemplate, uriTemplateLite, lite }) {
  const { endpoint, VERSION } = main;
  const { expand, parseTemplate, UriTemplateError } = uriTemplate;
  const headers = { accept: ACCEPT, "user-agent": `routecast/${version}` };

  function assertThrowsExactly(run, ErrorClass, message) {
    assert.throws(run, (error) => {
      assert.equal(error.constructor, ErrorClass);
      assert.equal(error.message, message);
      return true;
    });
  }

  test(`${label}: VERSION is the package version`, () => {
    assert.equal(VERSION, version);
    assert.equal(lite.VERSION, version);
  });

  test(`${label}: endpoint() puts GET parameters in the path and the query`, () => {
    assert.deepEqual(
      endpoint("GET /repos/{owner}/{repo}/issues", {
        owner: "octocat",
        repo: "hello-world",
        state: "open",
        labels: ["bug", "help wanted"],
        q: "a b+c",
        since: null,
      }),
      {
        method: "get",
        url:
          `${API}/repos/octocat/hello-world/issues?state=open&labels=bug,help%20wanted&q=a%20b+c`,
        headers,
      },
    );
  });

  test(`${label}: endpoint() sends other POST parameters as a JSON body`, () => {
    const request = { timeout: 1000 };
    const options = endpoint("POST /repos/:owner/:repo/issues", {
      owner: "octocat",
      repo: "hello-world",
      title: "Found a bug",
      labels: ["bug"],
      milestone: null,
      headers: { Authorization: "token 0000" },
      request,
    });
    assert.deepEqual(options, {
      method: "post",
      url: `${API}/repos/octocat/hello-world/issues`,
      headers: {
        ...headers,
        authorization: "token 0000",
        "content-type": "application/json; charset=utf-8",
      },
      body: { title: "Found a bug", labels: ["bug"], milestone: null },
      request,
    });
    assert.equal(options.request, request);
  });

  test(`${label}: endpoint.defaults() cascades and leaves the parent builder alone`, () => {
    const enterprise = endpoint.defaults({
      baseUrl: "https://ghe.example.com/api/v3/",
      headers: { authorization: "token 0000" },
      mediaType: { previews: ["squirrel-girl"] },
      org: "my-org",
    });
    const raw = enterprise.defaults({
      headers: { "X-Trace": "1" },
      mediaType: { format: "raw", previews: ["jean-grey-preview"] },
    });
    assert.deepEqual(raw("GET /orgs/{org}/repos", { per_page: 1 }), {
      method: "get",
      url: "https://ghe.example.com/api/v3/orgs/my-org/repos?per_page=1",
      headers: {
        accept:
          "application/vnd.github.squirrel-girl-preview.raw,application/vnd.github.jean-grey-preview.raw",
        "user-agent": headers["user-agent"],
        authorization: "token 0000",
        "x-trace": "1",
      },
    });
    assert.deepEqual(raw.DEFAULTS.mediaType, {
      format: "raw",
      previews: ["squirrel-girl", "jean-grey"],
    });
    assert.ok(Object.isFrozen(raw.DEFAULTS) && Object.isFrozen(raw.DEFAULTS.headers));
    assert.deepEqual(endpoint.DEFAULTS, {
      method: "GET",
      baseUrl: API,
      headers,
      mediaType: { format: "" },
    });
    assert.equal(enterprise("/x").url, "https://ghe.example.com/api/v3/x?org=my-org");
  });

  test(`${label}: endpoint.merge() applies defaults and endpoint.parse() finishes the request`, () => {
    const merged = endpoint.merge("PUT /user/starred/{owner}/{repo}", {
      owner: "o",
      repo: "r",
      headers: { "X-A": "1" },
    });
    assert.deepEqual(merged, {
      method: "PUT",
      baseUrl: API,
      headers: { ...headers, "x-a": "1" },
      mediaType: { format: "" },
      url: "/user/starred/{owner}/{repo}",
      owner: "o",
      repo: "r",
    });
    assert.deepEqual(endpoint.parse(merged), {
      method: "put",
      url: `${API}/user/starred/o/r`,
      headers: { ...headers, "x-a": "1" },
      body: "",
    });
  });

  test(`${label}: endpoint() errors have their class and message`, () => {
    assertThrowsExactly(
      () => endpoint("GET /x y"),
      TypeError,
      'Invalid route "GET /x y": expected "<METHOD> <url>"',
    );
    assertThrowsExactly(
      () => endpoint("GET /x", { headers: { "bad name": "1" } }),
      TypeError,
      'Invalid header name "bad name": expected an HTTP token',
    );
    assertThrowsExactly(
      () => endpoint("GET /r/{owner}", { owner: ".." }),
      TypeError,
      'Invalid value for parameter "owner": ".." would form a "." or ".." path segment, ' +
        "expected a value that stays in its segment",
    );
    assertThrowsExactly(
      () => endpoint("GET /repos/{owner", { owner: "x" }),
      UriTemplateError,
      'Invalid URI template "/repos/{owner": unterminated expression starting at index 7',
    );
  });

  test(`${label}: expand() follows RFC 6570 level 4`, () => {
    const cases = [
      ["/repos/{owner}/{repo}/issues{?state,labels}", {
        owner: "octocat",
        repo: "hello-world",
        labels: ["bug", "help wanted"],
      }, "/repos/octocat/hello-world/issues?labels=bug,help%20wanted"],
      ["{/path*}{?q}", { path: ["a b", "c"], q: "x&y" }, "/a%20b/c?q=x%26y"],
      ["{+base}{#x,y}", { base: "/a/b", x: "c/d", y: "ü" }, "/a/b#c/d,%C3%BC"],
      ["{;m*}{.d}{&n}", { m: { k: "v", l: 1 }, d: ["a", "b"], n: "é" }, ";k=v;l=1.a,b&n=%C3%A9"],
      ["{x:3}/{y}", { x: "abcdef", y: 10n }, "abc/10"],
    ];
    for (const [template, variables, expected] of cases) {
      for (const engine of [undefined, "ts", "wasm"]) {
        assert.equal(expand(template, variables, { engine }), expected, `${template} ${engine}`);
      }
    }
  });

  test(`${label}: parseTemplate() parses once, with the engine option in effect ("auto" by default)`, () => {
    const comments = parseTemplate("/repos/{owner}/{repo}/issues/{number}/comments{?page}");
    assert.equal(comments.engine, "auto");
    assert.equal(parseTemplate("/x", { engine: "ts" }).engine, "ts");
    assert.equal(parseTemplate("/x", { engine: "wasm" }).engine, "wasm");
    assert.deepEqual(comments.variableNames, ["owner", "repo", "number", "page"]);
    assert.equal(
      comments.expand({ owner: "o", repo: "r", number: 3, page: 2 }),
      "/repos/o/r/issues/3/comments?page=2",
    );
    assert.ok(Object.isFrozen(comments));
  });

  test(`${label}: UriTemplateError is one class across subpaths, with template and index`, () => {
    for (
      const [run, template, index] of [
        [() => parseTemplate("/a/{b"), "/a/{b", 3],
        [() => parseTemplate("/a/}b", { engine: "ts" }), "/a/}b", 3],
        [() => endpoint("GET /a/{!b}"), "/a/{!b}", 4],
        [() => lite.endpoint("GET /a/{!b}"), "/a/{!b}", 4],
      ]
    ) {
      assert.throws(run, (error) => {
        assert.ok(error instanceof UriTemplateError, String(error));
        assert.ok(error instanceof SyntaxError);
        assert.equal(error.name, "UriTemplateError");
        assert.equal(error.template, template);
        assert.equal(error.index, index);
        return true;
      });
    }
    assertThrowsExactly(
      () => expand("{x:3}", { x: ["a"] }),
      UriTemplateError,
      'Invalid URI template "{x:3}": prefix modifier on variable "x" at index 1 ' +
        "cannot apply to its list or map value",
    );
  });

  test(`${label}: uri-template misuse is a TypeError`, () => {
    assertThrowsExactly(
      () => expand("{x}", { x: () => 1 }),
      TypeError,
      'Cannot expand variable "x": expected a string, number, boolean, bigint, Date, list ' +
        "or plain object, found a function",
    );
    assertThrowsExactly(
      () => parseTemplate("/x", { engine: "java" }),
      TypeError,
      'Invalid engine "java": expected "auto", "wasm" or "ts"',
    );
  });

  test(`${label}: uri-template/lite expands on TypeScript and throws the same UriTemplateError`, () => {
    const template = "/repos/{owner}/{repo}/issues{?labels,q}";
    const variables = { owner: "o", repo: "r", labels: ["bug", "help wanted"], q: "é".repeat(200) };
    assert.equal(uriTemplateLite.expand(template, variables), expand(template, variables));
    assert.equal(uriTemplateLite.parseTemplate(template).engine, "ts");
    assert.equal(uriTemplateLite.parseTemplate(template, { engine: "auto" }).engine, "ts");
    assert.equal(parseTemplate(template).engine, "auto");
    assert.equal(uriTemplateLite.UriTemplateError, UriTemplateError);
    assertThrowsExactly(
      () => uriTemplateLite.expand("{x:3}", { x: ["a"] }),
      UriTemplateError,
      'Invalid URI template "{x:3}": prefix modifier on variable "x" at index 1 ' +
        "cannot apply to its list or map value",
    );
    assert.throws(() => uriTemplateLite.parseTemplate("/x", { engine: "wasm" }), TypeError);
  });

  test(`${label}: lite endpoint() gives the same results as the main entry`, () => {
    const calls = [
      ["GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", labels: ["a", "b c"] }],
      ["POST /repos/:owner/:repo/issues", { owner: "o", repo: "r", title: "t" }],
      ["PUT /files/{+path}", { path: "a/b", data: "x", headers: { "content-type": "text/plain" } }],
      ["GET /search/issues", { q: "is:open repo:o/r" }],
    ];
    for (const [route, parameters] of calls) {
      assert.deepEqual(lite.endpoint(route, parameters), endpoint(route, parameters), route);
    }
    assert.deepEqual(lite.endpoint.DEFAULTS, endpoint.DEFAULTS);
    assertThrowsExactly(
      () => lite.endpoint("GET /x y"),
      TypeError,
      'Invalid route "GET /x y": expected "<METHOD> <url>"',
    );
  });
};
