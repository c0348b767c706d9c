/**
 * docs/octokit.md's "Differences from `@octokit/endpoint`" table, row by row:
 * each row's cells must say what @octokit/endpoint 11.0.5 and routecast
 * are seen to do here, so a false row (or a row without a check) fails.
 * The list under the table ("As in the reference") is checked too.
 */
import { endpoint } from "@routecast/endpoint";
import { endpoint as octokit } from "@routecast/endpoint/octokit";
import { parseTemplate, UriTemplateError } from "@routecast/endpoint/uri-template";
import { endpoint as referenceEndpoint } from "@octokit/endpoint";
import { assert, assertEquals, assertStringIncludes, assertThrows } from "@std/assert";

// The reference's types are stricter than the inputs this file tries.
// deno-lint-ignore no-explicit-any
const reference = referenceEndpoint as any;
// deno-lint-ignore no-explicit-any
const ours = endpoint as any;
const API = "https://api.github.com";

const readme = await Deno.readTextFile(new URL("../docs/octokit.md", import.meta.url));
const start = readme.indexOf("## Differences from `@octokit/endpoint`");
const section = readme.slice(start, readme.indexOf("\n## ", start + 1));

/** The table's rows: topic → [reference cell, routecast cell]. */
function rows(): Map<string, [string, string]> {
  const table = new Map<string, [string, string]>();
  const lines = section.split("\n").filter((line) => line.startsWith("|")).slice(2);
  for (const line of lines) {
    const cells = line.slice(1, -1).split(" | ").map((cell) => cell.trim());
    assertEquals(cells.length, 4, line);
    table.set(cells[0], [cells[1], cells[2]]);
  }
  return table;
}

interface Row {
  /** Text the `@octokit/endpoint` cell must hold. */
  readonly reference: readonly string[];
  /** Text the routecast cell must hold. */
  readonly routecast: readonly string[];
  /** Runs both and asserts what the row says. */
  check(): void;
}

const ROWS: Readonly<Record<string, Row>> = {
  "result `method`": {
    reference: ["uppercase"],
    routecast: ["lowercase", "`./octokit`: uppercase"],
    check() {
      assertEquals(reference("patch /x").method, "PATCH");
      assertEquals(ours("patch /x").method, "patch");
      assertEquals(octokit("patch /x").method, "PATCH");
    },
  },
  "`user-agent`": {
    reference: ["`octokit-endpoint.js/<v> <platform>`", "`<v>` being `0.0.0-development`"],
    routecast: ["`routecast/<VERSION>`"],
    check() {
      assert(reference("GET /").headers["user-agent"].startsWith("octokit-endpoint.js/"));
      // 11.0.5's bundle was built with the placeholder version its source tree holds.
      assertStringIncludes(reference("GET /").headers["user-agent"], "/0.0.0-development ");
      assert(ours("GET /").headers["user-agent"].startsWith("routecast/"));
    },
  },
  "template expansion": {
    reference: ["strips a trailing `/`", "`!'()*` unencoded", "ignores malformed templates"],
    routecast: ["RFC 6570 exact", "errors for malformed templates"],
    check() {
      assertEquals(reference("GET /a/{b}/", { b: "c" }).url, `${API}/a/c`);
      assertEquals(ours("GET /a/{b}/", { b: "c" }).url, `${API}/a/c/`);
      assertEquals(reference("GET /x", { a: "!'()*" }).url, `${API}/x?a=!'()*`);
      assertEquals(ours("GET /x", { a: "!'()*" }).url, `${API}/x?a=%21%27%28%29%2A`);
      assertEquals(reference("GET /x{").url, `${API}/x{`);
      assertThrows(() => ours("GET /x{"), UriTemplateError);
    },
  },
  "list as a query parameter": {
    reference: ["`?labels=bug%2Cui`"],
    routecast: ["`?labels=bug,ui`", "`{?labels}`"],
    check() {
      const labels = ["bug", "ui"];
      assertEquals(reference("GET /x", { labels }).url, `${API}/x?labels=bug%2Cui`);
      assertEquals(ours("GET /x", { labels }).url, `${API}/x?labels=bug,ui`);
      assertEquals(ours("GET /x{?labels}", { labels }).url, `${API}/x?labels=bug,ui`);
    },
  },
  "`Date` values": {
    reference: ["`toString()` in the query", "dropped from a path (`/x/{d}`: `/x`)"],
    routecast: ["`toISOString()` everywhere", "`1970-01-01T00%3A00%3A00.000Z`"],
    check() {
      const d = new Date(0);
      assertEquals(reference("GET /x", { d }).url, `${API}/x?d=${encodeURIComponent(String(d))}`);
      assertEquals(reference("GET /x/{d}", { d }).url, `${API}/x`);
      assertEquals(ours("GET /x", { d }).url, `${API}/x?d=1970-01-01T00%3A00%3A00.000Z`);
      assertEquals(ours("GET /x/{d}", { d }).url, `${API}/x/1970-01-01T00%3A00%3A00.000Z`);
    },
  },
  "a function or symbol as a value": {
    reference: ["dropped from a path", "a function's source text in the query"],
    routecast: ["`TypeError` naming the parameter"],
    check() {
      const f = () => 1;
      assertEquals(reference("GET /x/{f}", { f }).url, `${API}/x`);
      assertEquals(reference("GET /x/{s}", { s: Symbol("s") }).url, `${API}/x`);
      assertEquals(reference("GET /x", { f }).url, `${API}/x?f=${encodeURIComponent(String(f))}`);
      for (const value of [f, Symbol("s")]) {
        assertThrows(() => ours("GET /x/{v}", { v: value }), TypeError, '"v"');
        assertThrows(() => ours("GET /x", { v: value }), TypeError, '"v"');
      }
    },
  },
  "`null` header": {
    reference: ["sent as `null`"],
    routecast: ["removes the header"],
    check() {
      const headers = { authorization: null };
      assertEquals(reference("GET /", { headers }).headers.authorization, null);
      assert(
        !("authorization" in ours.defaults({ headers: { authorization: "t" } })("GET /", {
          headers,
        }).headers),
      );
    },
  },
  "`null` query parameter": {
    reference: ["`?x=null`"],
    routecast: ["left out"],
    check() {
      assertEquals(reference("GET /a", { x: null }).url, `${API}/a?x=null`);
      assertEquals(ours("GET /a", { x: null }).url, `${API}/a`);
    },
  },
  "a path variable without a value (`{x}`, `{+x}`, `:x`)": {
    reference: ["expands to nothing", "`/repos/o`"],
    routecast: ["`TypeError` naming it and the route", "`./octokit`: expands to nothing"],
    check() {
      const route = "GET /repos/{owner}/{repo}";
      assertEquals(reference(route, { owner: "o" }).url, `${API}/repos/o`);
      assertEquals(reference("GET /a/{+x}/b").url, `${API}/a//b`);
      assertEquals(reference("GET /a/:name/b").url, `${API}/a//b`);
      assertThrows(() => ours(route, { owner: "o" }), TypeError, `"repo" for "${route}"`);
      assertThrows(() => ours("GET /a/{+x}/b"), TypeError, 'Missing parameter "x"');
      assertThrows(() => ours("GET /a/:name/b"), TypeError, 'Missing parameter "name"');
      // ./octokit: nothing, the trailing "/" kept (RFC 6570).
      assertEquals((octokit as typeof ours)(route, { owner: "o" }).url, `${API}/repos/o/`);
    },
  },
  'a path variable named like an option (`POST /x/{data}` with `data: "a"`)': {
    reference: ["filled from the option (`/x/a`), which then sends no body"],
    routecast: [
      "an option never fills the url: `TypeError`",
      '`./octokit`: `/x/` and the body `"a"`',
    ],
    check() {
      const route = "POST /x/{data}";
      const result = reference(route, { data: "a" });
      assertEquals([result.url, result.body], [`${API}/x/a`, undefined]);
      assertThrows(() => ours(route, { data: "a" }), TypeError, 'Missing parameter "data"');
      assertThrows(() => ours("GET /hooks/{url}"), TypeError, 'Missing parameter "url"');
      const drop = (octokit as typeof ours)(route, { data: "a" });
      assertEquals([drop.url, drop.body], [`${API}/x/`, "a"]);
    },
  },
  'options without a url (`parse()`, `endpoint({})`, `url: ""`)': {
    reference: ['a request to `baseUrl + "/"`'],
    routecast: ["`TypeError`"],
    check() {
      const merged = { method: "GET", baseUrl: "https://example.com", headers: {}, mediaType: {} };
      assertEquals(reference.parse(merged).url, "https://example.com/");
      assertEquals(reference({}).url, `${API}/`);
      assertEquals(reference({ url: "" }).url, `${API}/`);
      for (const build of [ours, octokit as typeof ours]) {
        assertThrows(() => build.parse(merged), TypeError, "Missing url");
        assertThrows(() => build({}), TypeError, "Missing url");
        assertThrows(() => build({ url: "" }), TypeError, "Missing url");
      }
    },
  },
  "`url: undefined` or `method: undefined` next to a route": {
    reference: [
      "replaces the route's",
      '`"POST /x"` with `url: undefined` goes to `baseUrl + "/"`',
      "with `method: undefined` is a GET",
    ],
    routecast: ["the route's url and method"],
    check() {
      assertEquals(reference("POST /x", { url: undefined }).url, `${API}/`);
      assertEquals(reference("POST /x", { method: undefined }).method, "GET");
      for (const build of [ours, octokit as typeof ours]) {
        const both = build("POST /x", { url: undefined, method: undefined });
        assertEquals([both.method.toUpperCase(), both.url], ["POST", `${API}/x`]);
      }
    },
  },
  "`baseUrl` with trailing `/`": {
    reference: ["`https://host/api//x`"],
    routecast: ["`https://host/api/x`"],
    check() {
      assertEquals(
        reference("GET /x", { baseUrl: "https://host/api/" }).url,
        "https://host/api//x",
      );
      assertEquals(ours("GET /x", { baseUrl: "https://host/api/" }).url, "https://host/api/x");
    },
  },
  "`baseUrl` with a query or fragment": {
    reference: ["`https://h/api?k=1/x`"],
    routecast: ["`TypeError`"],
    check() {
      assertEquals(
        reference("GET /x", { baseUrl: "https://h/api?k=1" }).url,
        "https://h/api?k=1/x",
      );
      assertEquals(reference("GET /x", { baseUrl: "https://h/api#f" }).url, "https://h/api#f/x");
      for (const baseUrl of ["https://h/api?k=1", "https://h/api#f"]) {
        assertThrows(() => ours("GET /x", { baseUrl }), TypeError, "query or fragment");
        assertThrows(() => octokit("GET /x", { baseUrl }), TypeError, "query or fragment");
      }
    },
  },
  "`baseUrl` with a space, a control character or `\\`": {
    reference: ["`https://h\\n.com/x`", "`h.com`"],
    routecast: ["`TypeError`"],
    check() {
      assertEquals(reference("GET /x", { baseUrl: "https://h\n.com" }).url, "https://h\n.com/x");
      assertEquals(new URL("https://h\n.com/x").host, "h.com");
      for (const baseUrl of ["https://h\n.com", "https://h/a b", "https://h\\evil.example"]) {
        assertThrows(() => ours("GET /x", { baseUrl }), TypeError, "Invalid baseUrl");
        assertThrows(() => octokit("GET /x", { baseUrl }), TypeError, "Invalid baseUrl");
      }
    },
  },
  "dot-segment values": {
    reference: ["`/repos/../x` is sent"],
    routecast: ["`TypeError`"],
    check() {
      assertEquals(reference("GET /repos/{r}/x", { r: ".." }).url, `${API}/repos/../x`);
      assertThrows(() => ours("GET /repos/{r}/x", { r: ".." }), TypeError, '"r"');
    },
  },
  "`..` hidden in a `{+x}` value": {
    reference: ["`..;/admin` and `%2e%2e/admin` are sent"],
    routecast: ["`TypeError`"],
    check() {
      for (const x of ["..;/admin", "%2e%2e/admin"]) {
        assertEquals(reference("GET /files/{+x}", { x }).url, `${API}/files/${x}`);
        assertThrows(() => ours("GET /files/{+x}", { x }), TypeError, '"x"');
      }
    },
  },
  "a value that changes the host": {
    reference: ["`https://api.example.com.evil.com`"],
    routecast: ["`TypeError`"],
    check() {
      const route = "GET https://api.example.com{x}";
      assertEquals(reference(route, { x: ".evil.com" }).url, "https://api.example.com.evil.com");
      assertThrows(() => ours(route, { x: ".evil.com" }), TypeError, "would change the origin");
    },
  },
  "full URL from a value": {
    reference: ["`{+u}` with `https://…` switches host"],
    routecast: ["the template decides"],
    check() {
      assertEquals(reference("GET {+u}/x", { u: "https://evil.com" }).url, "https://evil.com/x");
      assertEquals(ours("GET {+u}/x", { u: "https://evil.com" }).url, `${API}/https://evil.com/x`);
    },
  },
  "header value with CR, LF or NUL, header name that is not a token": {
    reference: ["passed on unchecked"],
    routecast: ["`TypeError`"],
    check() {
      const bad = [{ a: "b\r\nc: d" }, { a: "b\0c" }, { "a b": "c" }, { "": "c" }];
      for (const headers of bad) {
        assertEquals(
          reference("GET /", { headers }).headers[Object.keys(headers)[0]],
          Object.values(headers)[0],
        );
        assertThrows(() => ours("GET /", { headers }), TypeError, "header");
        assertThrows(() => octokit("GET /", { headers }), TypeError, "header");
      }
    },
  },
  "`:name`": {
    reference: ["anywhere", "`?q=repo:owner`", "`https://user:pass@host`"],
    routecast: ["only right after `/` in the path"],
    check() {
      assertEquals(reference("GET /search?q=repo:owner/x").url, `${API}/search?q=repo/x`);
      assertEquals(reference("GET https://user:pass@host/x").url, "https://user@host/x");
      assertEquals(ours("GET /search?q=repo:owner/x").url, `${API}/search?q=repo:owner/x`);
      assertEquals(ours("GET https://user:pass@host/x").url, "https://user:pass@host/x");
      assertEquals(ours("GET /a/:b", { b: "c" }).url, `${API}/a/c`);
    },
  },
  'route `"GET /x y"`': {
    reference: ["truncated to `/x`"],
    routecast: ["`TypeError`"],
    check() {
      assertEquals(reference("GET /x y").url, `${API}/x`);
      assertThrows(() => ours("GET /x y"), TypeError, 'Invalid route "GET /x y"');
    },
  },
  "`data` on GET": {
    reference: ["sent as `?data=…`"],
    routecast: ["`TypeError`"],
    check() {
      assertEquals(reference("GET /x", { data: "abc" }).url, `${API}/x?data=abc`);
      assertThrows(() => ours("GET /x", { data: "abc" }), TypeError, "data");
    },
  },
  "`mediaType.previews`": {
    reference: ["only for `/graphql`"],
    routecast: ["every url", "`./octokit`: only for `/graphql`"],
    check() {
      const mediaType = { previews: ["squirrel-girl"] };
      const preview = "application/vnd.github.squirrel-girl-preview+json";
      assertEquals(
        reference("GET /x", { mediaType }).headers.accept,
        "application/vnd.github.v3+json",
      );
      assertEquals(reference("POST /graphql", { mediaType }).headers.accept, preview);
      assertEquals(ours("GET /x", { mediaType }).headers.accept, preview);
      assertEquals(
        octokit("GET /x", { mediaType }).headers.accept,
        "application/vnd.github.v3+json",
      );
      assertEquals(octokit("POST /graphql", { mediaType }).headers.accept, preview);
    },
  },
  "JSON body": {
    reference: ["null-prototype object"],
    routecast: ["plain object"],
    check() {
      assertEquals(Object.getPrototypeOf(reference("POST /x", { a: 1 }).body), null);
      assertEquals(Object.getPrototypeOf(ours("POST /x", { a: 1 }).body), Object.prototype);
    },
  },
  "a plain object, list, `Date`, `Map` or buffer given to `defaults()`": {
    reference: ["kept", "or to one result's `body`, changes later calls"],
    routecast: ["copied, and copied again for each result"],
    check() {
      for (const build of [reference, ours]) {
        const since = new Date(0);
        const data = new Uint8Array([1, 2]);
        const api = build.defaults({ since, data });
        const first = api("POST /x");
        since.setTime(1000);
        first.body[0] = 9;
        const copies = build === ours;
        assertEquals(api.merge("POST /x").since.getTime(), copies ? 0 : 1000);
        assertEquals(api("POST /x").body[0], copies ? 1 : 9);
        const object = { b: 1 };
        const list = [1];
        const plain = build.defaults({ object, list });
        object.b = 2;
        list.push(2);
        assertEquals(
          { ...plain("POST /x").body },
          copies ? { object: { b: 1 }, list: [1] } : {
            object: { b: 2 },
            list: [1, 2],
          },
        );
      }
    },
  },
  "query parameters and a `#`": {
    reference: ["after the fragment: `/a#L10?per_page=2`"],
    routecast: ["before it: `/a?per_page=2#L10`"],
    check() {
      const options = { path: "a#L10", per_page: 2 };
      assertEquals(reference("GET /{+path}", options).url, `${API}/a#L10?per_page=2`);
      assertEquals(ours("GET /{+path}", options).url, `${API}/a?per_page=2#L10`);
    },
  },
  "a plain object, an empty list or a `null` item in the query": {
    reference: ["`?a=%5Bobject%20Object%5D`, `?a=`, `?a=%2Cb`"],
    routecast: ["`?a=b,1`, left out, `?a=b`", "`{?a}`"],
    check() {
      const values = [{ b: 1 }, [], [null, "b"]];
      const expected = [`${API}/x?a=%5Bobject%20Object%5D`, `${API}/x?a=`, `${API}/x?a=%2Cb`];
      values.forEach((a, i) => assertEquals(reference("GET /x", { a }).url, expected[i]));
      for (const build of [ours, octokit as typeof ours]) {
        const urls = values.map((a) => build("GET /x", { a }).url);
        assertEquals(urls, [`${API}/x?a=b,1`, `${API}/x`, `${API}/x?a=b`]);
        assertEquals(urls, values.map((a) => build("GET /x{?a}", { a }).url));
      }
    },
  },
  "a `q` that is not a string (`q: 1`)": {
    reference: ["a `TypeError` from inside (`parameters.q.split is not a function`)"],
    routecast: ["`?q=1`, as any other value"],
    check() {
      assertThrows(() => reference("GET /search/issues", { q: 1 }), TypeError, "q.split");
      for (const build of [ours, octokit as typeof ours]) {
        assertEquals(build("GET /search/issues", { q: 1 }).url, `${API}/search/issues?q=1`);
        assertEquals(
          build("GET /search/issues", { q: ["a", "b"] }).url,
          `${API}/search/issues?q=a,b`,
        );
      }
    },
  },
  "a list inside a list, or an object inside a list": {
    reference: ['flattened (`[["b"]]`: `?a=b`)', "`?a=%5Bobject%20Object%5D`"],
    routecast: ["`TypeError` naming the parameter"],
    check() {
      assertEquals(reference("GET /x", { a: [["b"]] }).url, `${API}/x?a=b`);
      assertEquals(reference("GET /x", { a: [{ b: 1 }] }).url, `${API}/x?a=%5Bobject%20Object%5D`);
      for (const build of [ours, octokit as typeof ours]) {
        for (const a of [[["b"]], [{ b: 1 }]]) {
          assertThrows(() => build("GET /x", { a }), TypeError, 'variable "a"');
        }
      }
    },
  },
  "a url without a leading `/`": {
    reference: ["`https://h/api` and `x`: `https://h/apix`"],
    routecast: ["`https://h/api/x`"],
    check() {
      assertEquals(reference("GET x", { baseUrl: "https://h/api" }).url, "https://h/apix");
      assertEquals(ours("GET x", { baseUrl: "https://h/api" }).url, "https://h/api/x");
      assertEquals(octokit("GET x", { baseUrl: "https://h/api" }).url, "https://h/api/x");
    },
  },
  "a relative or empty `baseUrl`": {
    reference: ["`/api` and `/x`: `/api/x`"],
    routecast: ["`TypeError`"],
    check() {
      assertEquals(reference("GET /x", { baseUrl: "/api" }).url, "/api/x");
      assertEquals(reference("GET /x", { baseUrl: "" }).url, "/x");
      for (const baseUrl of ["/api", ""]) {
        assertThrows(() => ours("GET /x", { baseUrl }), TypeError, "absolute URL");
        assertThrows(() => octokit("GET /x", { baseUrl }), TypeError, "absolute URL");
      }
    },
  },
  "a header value that is not a string or number (`true`, a list, a `Date`)": {
    reference: ["passed on (`fetch` sends `String(value)`)"],
    routecast: ["`TypeError`"],
    check() {
      for (const value of [true, ["a", "b"], new Date(0)]) {
        const headers = { "x-a": value };
        assertEquals(reference("GET /", { headers }).headers["x-a"], value);
        assertEquals(new Headers({ "x-a": String(value) }).get("x-a"), String(value));
        assertThrows(() => ours("GET /", { headers }), TypeError, 'header "x-a"');
        assertThrows(
          () => (octokit as typeof ours)("GET /", { headers }),
          TypeError,
          'header "x-a"',
        );
      }
    },
  },
  "`headers` as a `Headers` or a `Map`": {
    reference: ["its headers are dropped"],
    routecast: ["`TypeError`"],
    check() {
      for (const headers of [new Headers({ "x-a": "1" }), new Map([["x-a", "1"]])]) {
        assertEquals(Object.keys(reference("GET /", { headers }).headers), [
          "accept",
          "user-agent",
        ]);
        assertThrows(() => ours("GET /", { headers }), TypeError, "Invalid headers");
        assertThrows(
          () => (octokit as typeof ours)("GET /", { headers }),
          TypeError,
          "Invalid headers",
        );
      }
    },
  },
  'a method that is not an HTTP token (`"GET X"`, or with CR or LF)': {
    reference: ["passed on"],
    routecast: ["`TypeError`"],
    check() {
      for (const method of ["GET X", "GET\r\n"]) {
        assertEquals(reference({ method, url: "/x" }).method, method);
        assertThrows(() => ours({ method, url: "/x" }), TypeError, "Invalid method");
        assertThrows(() => octokit({ method, url: "/x" }), TypeError, "Invalid method");
      }
    },
  },
  "route with two spaces or a tab after the method": {
    reference: [
      '`"GET  /x"`: `https://api.github.comGET`',
      '`"GET\\t/x"`: `https://api.github.comGET%09/x`',
    ],
    routecast: ["either is `GET /x`"],
    check() {
      assertEquals(reference("GET  /x").url, `${API}GET`);
      assertEquals(reference("GET\t/x").url, `${API}GET%09/x`);
      for (const route of ["GET  /x", "GET\t/x"]) {
        assertEquals(ours(route), ours("GET /x"));
        assertEquals(octokit(route), octokit("GET /x"));
      }
    },
  },
  "`mediaType.previews` in `defaults()` and in the call": {
    reference: [
      "merged only for the url `/graphql` (the call's list last)",
      "the call's list replaces the defaults', `-preview` kept",
    ],
    routecast: ["merged for every url: defaults first, no duplicates, `-preview` removed"],
    check() {
      const call = { mediaType: { previews: ["b-preview", "a"] } };
      const previews = (build: typeof ours, route: string) =>
        build.defaults({ mediaType: { previews: ["a", "c"] } }).merge(route, call).mediaType
          .previews;
      assertEquals(previews(reference, "POST /graphql"), ["c", "b", "a"]);
      assertEquals(previews(reference, "GET /x"), ["b-preview", "a"]);
      assertEquals(previews(reference, "POST https://h/api/graphql"), ["b-preview", "a"]);
      for (const build of [ours, octokit as typeof ours]) {
        for (const route of ["POST /graphql", "GET /x", "POST https://h/api/graphql"]) {
          assertEquals(previews(build, route), ["a", "c", "b"]);
        }
      }
    },
  },
  "`headers`, `mediaType`, `mediaType.format` or `request` of the wrong type": {
    reference: [
      "used as given (`format: 5`: `…v3.5`, `request: 5`)",
      "a `TypeError` from inside (`mediaType: null`)",
    ],
    routecast: [
      "`TypeError` that says what is expected",
      "(`null` `headers`, `mediaType` or `request`: none given)",
    ],
    check() {
      assertEquals(
        reference("GET /", { mediaType: { format: 5 } }).headers.accept,
        "application/vnd.github.v3.5",
      );
      assertEquals(reference("GET /", { request: 5 }).request, 5);
      assertThrows(() => reference("GET /", { mediaType: null }), TypeError, "Cannot read");
      for (const build of [ours, octokit as typeof ours]) {
        const plain = build("GET /");
        assertEquals(build("GET /", { headers: null, mediaType: null, request: null }), plain);
        const wrong = [{ headers: 5 }, { mediaType: 5 }, { mediaType: { format: 5 } }, {
          request: 5,
        }];
        for (const options of wrong) {
          assertThrows(() => build("GET /", options), TypeError, "expected");
        }
      }
    },
  },
  "`DEFAULTS`": {
    reference: ["a plain object: writing to it changes later calls"],
    routecast: ["deep-frozen (`defaults()` makes a new builder)"],
    check() {
      // (defaults() shares the parent's objects where it merges nothing in.)
      const api = reference.defaults({ headers: {} });
      api.DEFAULTS.headers["x-a"] = "1";
      assertEquals(api("GET /").headers["x-a"], "1");
      for (const build of [ours, octokit as typeof ours]) {
        assert(Object.isFrozen(build.DEFAULTS));
        assert(Object.isFrozen(build.DEFAULTS.headers));
        assert(Object.isFrozen(build.DEFAULTS.mediaType));
        assertEquals(build.defaults({ headers: { "x-a": "1" } })("GET /").headers["x-a"], "1");
      }
    },
  },
  "a call to `/graphql` without `mediaType`": {
    reference: [
      "writes `previews: []` into the builder's `DEFAULTS.mediaType`",
      "later `DEFAULTS` and `merge()` results",
    ],
    routecast: ["changes nothing"],
    check() {
      // A builder of its own, so that the reference's shared DEFAULTS stay as they were.
      const api = reference.defaults({ mediaType: { format: "" } });
      assertEquals(api.DEFAULTS.mediaType, { format: "" });
      api("POST /graphql");
      assertEquals(api.DEFAULTS.mediaType, { format: "", previews: [] });
      assertEquals(api.merge("GET /x").mediaType, { format: "", previews: [] });
      for (const build of [ours, octokit as typeof ours]) {
        const before = build.merge("GET /x");
        build("POST /graphql");
        build.merge("POST /graphql");
        assertEquals(build.DEFAULTS.mediaType, { format: "" });
        assertEquals(build.merge("GET /x"), before);
      }
    },
  },
  "a cycle, or nesting deeper than 64 levels, in a value given to `defaults()`": {
    reference: ["kept"],
    routecast: ["`TypeError`"],
    check() {
      const cycle: Record<string, unknown> = {};
      cycle.self = cycle;
      let deep: Record<string, unknown> = {};
      for (let i = 0; i < 100; i++) deep = { a: deep };
      for (const value of [cycle, deep]) {
        assertEquals(reference.defaults({ value })("POST /x").body.value, value);
        assertThrows(() => ours.defaults({ value }), TypeError, '"value"');
        assertThrows(() => octokit.defaults({ value }), TypeError, '"value"');
      }
    },
  },
  "a `__proto__` key (as `JSON.parse` makes it) in the parameters or `headers`": {
    reference: ["dropped (in its copy, the key sets the prototype)"],
    routecast: ["an ordinary parameter or header"],
    check() {
      const parameters = JSON.parse('{"__proto__": "p", "a": 1}');
      const headers = JSON.parse('{"__proto__": "h", "x-a": "1"}');
      // Node.js and browsers have the `__proto__` accessor; Deno has it with --unstable-unsafe-proto
      // (deno task test:unsafe-proto), and otherwise the reference keeps the key too.
      const probe: Record<string, unknown> = {};
      probe["__proto__"] = null;
      const accessor = !Object.hasOwn(probe, "__proto__");
      const kept = reference("GET /x", parameters).url;
      assertEquals(kept, accessor ? `${API}/x?a=1` : `${API}/x?__proto__=p&a=1`);
      const keys = accessor ? ["a"] : ["__proto__", "a"];
      assertEquals(Object.keys(reference("POST /x", parameters).body), keys);
      assertEquals(Object.hasOwn(reference("GET /", { headers }).headers, "__proto__"), !accessor);
      for (const build of [ours, octokit as typeof ours]) {
        assertEquals(build("GET /x", parameters).url, `${API}/x?__proto__=p&a=1`);
        const body = build("POST /x", parameters).body;
        assertEquals(Object.keys(body), ["__proto__", "a"]);
        assertEquals(Object.getPrototypeOf(body), Object.prototype);
        assertEquals(
          Object.getOwnPropertyDescriptor(build("GET /", { headers }).headers, "__proto__")?.value,
          "h",
        );
      }
    },
  },
  "a key inherited from a polluted `Object.prototype`": {
    reference: ["read as an option (`previews`, `request`)"],
    routecast: ["ignored"],
    check() {
      const proto = Object.prototype as Record<string, unknown>;
      try {
        proto.previews = ["x"];
        proto.request = { fetch: "evil" };
        // The reference writes the previews it reads into its DEFAULTS' mediaType: use a copy.
        const polluted = reference.defaults({ mediaType: { format: "" } })("POST /graphql");
        assertEquals(polluted.headers.accept, "application/vnd.github.x-preview+json");
        assertEquals(polluted.request, { fetch: "evil" });
        for (const build of [ours, octokit as typeof ours]) {
          const clean = build("POST /graphql");
          assertEquals(clean.headers.accept, "application/vnd.github.v3+json");
          assert(!Object.hasOwn(clean, "request"));
        }
      } finally {
        delete proto.previews;
        delete proto.request;
      }
    },
  },
};

Deno.test("docs/octokit.md differences table: every row has a check and every check a row", () => {
  assertEquals([...rows().keys()].sort(), Object.keys(ROWS).sort());
});

for (const [topic, row] of Object.entries(ROWS)) {
  Deno.test(`docs/octokit.md differences table: ${topic}`, () => {
    const cells = rows().get(topic);
    assert(cells !== undefined, `docs/octokit.md has no row "${topic}"`);
    for (const text of row.reference) assertStringIncludes(cells[0], text);
    for (const text of row.routecast) assertStringIncludes(cells[1], text);
    row.check();
  });
}

Deno.test("docs/octokit.md differences: what is as in the reference, as the list says", () => {
  const paragraph = section.slice(section.indexOf("As in the reference:"));
  for (
    const claim of [
      "`{enterprise-team}` takes the `enterprise-team` parameter",
      "`merge()` with no arguments returns the defaults",
      "Each value is read once per call",
    ]
  ) {
    assertStringIncludes(paragraph.replace(/\s+/g, " "), claim);
  }
  const route = "GET /enterprises/{enterprise}/teams/{enterprise-team}/memberships";
  const params = { enterprise: "e", "enterprise-team": "t" };
  assertEquals(ours(route, params).url, reference(route, params).url);
  assertThrows(() => parseTemplate("{enterprise-team}"), UriTemplateError);
  const { "user-agent": _ours, ...merged } = ours.merge().headers;
  const { "user-agent": _theirs, ...theirs } = reference.merge().headers;
  assertEquals({ ...ours.merge(), headers: merged }, { ...reference.merge(), headers: theirs });
  for (const build of [ours, reference]) {
    let reads = 0;
    build("GET /repos/{owner}/{repo}", {
      owner: "o",
      get repo() {
        reads++;
        return "r";
      },
    });
    assertEquals(reads, 1);
  }
});
