/**
 * endpoint() at the edges the rule tables of endpoint_test.ts step over:
 * each character class of header names, reserved values that carry `?` or
 * `#` before the remaining parameters, the same key set at every level of a
 * cascade. Every case goes through the public builders only: a call, a
 * `defaults()` builder and `parse(merge())`.
 */
import { type Endpoint, endpoint, type RequestOptions } from "@routecast/endpoint";
import { assertEquals } from "@std/assert";

const API = "https://api.github.com";
const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER = UPPER.toLowerCase();
const DIGITS = "0123456789";
const SYMBOLS = "!#$%&'*+-.^_`|~";

/** The request options of one call made the three public ways. */
function threeWays(
  builder: Endpoint,
  route: string,
  options: Record<string, unknown>,
): [string, RequestOptions][] {
  const [method, url] = route.split(" ");
  return [
    ["call", builder(route, options)],
    ["parse(merge())", builder.parse(builder.merge(route, options))],
    ["options object", builder({ ...options, method, url })],
  ];
}

Deno.test("endpoint() rule 10: every upper-case letter in a header name is lowercased", () => {
  for (const letter of UPPER) {
    const name = `x-${letter}`;
    const lower = name.toLowerCase();
    for (const [how, result] of threeWays(endpoint, "GET /h", { headers: { [name]: "v" } })) {
      assertEquals(result.headers[lower], "v", `${how} ${name}`);
      assertEquals(Object.hasOwn(result.headers, name), false, `${how} ${name}`);
    }
    assertEquals(Object.keys(endpoint.merge("GET /h", { headers: { [letter]: "v" } }).headers), [
      "accept",
      "user-agent",
      letter.toLowerCase(),
    ]);
    assertEquals(
      Object.keys(endpoint.defaults({ headers: { [`${letter}-Only`]: "v" } }).DEFAULTS.headers),
      ["accept", "user-agent", `${letter.toLowerCase()}-only`],
    );
  }
});

Deno.test("endpoint() rule 10: lower-case letters, digits and symbols in header names stay as given", () => {
  for (const char of LOWER + DIGITS + SYMBOLS) {
    const name = `x${char}y`;
    for (const [how, result] of threeWays(endpoint, "GET /h", { headers: { [name]: "v" } })) {
      assertEquals(result.headers[name], "v", `${how} ${JSON.stringify(name)}`);
    }
  }
});

Deno.test("endpoint() rule 10: case-duplicates of each letter collapse, the later one winning", () => {
  for (const letter of UPPER) {
    const upper = `x-${letter}`;
    const lower = upper.toLowerCase();
    for (const [first, second] of [[upper, lower], [lower, upper]]) {
      const headers = { [first]: "first", [second]: "second" };
      for (const [how, result] of threeWays(endpoint, "GET /h", { headers })) {
        const names = Object.keys(result.headers).filter((key) => key.startsWith("x-"));
        assertEquals(names, [lower], `${how} ${first} then ${second}`);
        assertEquals(result.headers[lower], "second", `${how} ${first} then ${second}`);
      }
      // Across levels: the call's spelling replaces the default's, whatever the case.
      const builder = endpoint.defaults({ headers: { [first]: "default" } });
      assertEquals(builder("GET /h", { headers: { [second]: "call" } }).headers[lower], "call");
      assertEquals(builder("GET /h").headers[lower], "default");
      assertEquals(
        Object.hasOwn(builder("GET /h", { headers: { [second]: null } }).headers, lower),
        false,
      );
    }
  }
});

table("endpoint() rule 7: remaining parameters follow a {+x} value's own ? and #", [
  // As if the template ended with {&per_page} when the expanded url already has a "?" and
  // with {?per_page} otherwise; always before the fragment, so they stay in the query.
  ["?", { path: "a?ref=main" }, `${API}/files/a?ref=main&per_page=2`],
  ["#", { path: "a#L10" }, `${API}/files/a?per_page=2#L10`],
  ["? then #", { path: "a?ref=main#L10" }, `${API}/files/a?ref=main&per_page=2#L10`],
  ["# then ?", { path: "a#L10?x" }, `${API}/files/a?per_page=2#L10?x`],
  ["trailing ?", { path: "a?" }, `${API}/files/a?&per_page=2`],
  ["no ? or #", { path: "a/b" }, `${API}/files/a/b?per_page=2`],
]);

function table(name: string, cases: [string, Record<string, unknown>, string][]) {
  Deno.test(name, () => {
    const route: string = "GET /files/{+path}";
    for (const [label, parameters, expected] of cases) {
      for (const [how, result] of threeWays(endpoint, route, { ...parameters, per_page: 2 })) {
        assertEquals(result.url, expected, `${label}, ${how}`);
      }
      // The same value and parameter from defaults, from the call, or one of each.
      const fromDefaults = endpoint.defaults({ ...parameters, per_page: 2 });
      const pathDefault = endpoint.defaults(parameters);
      const perPageDefault = endpoint.defaults({ per_page: 2 });
      for (
        const [how, result] of [
          ...threeWays(fromDefaults, route, {}),
          ...threeWays(pathDefault, route, { per_page: 2 }),
          ...threeWays(perPageDefault, route, parameters),
        ]
      ) {
        assertEquals(result.url, expected, `${label}, defaults, ${how}`);
      }
      // HEAD routes parameters the same way; with none left, the url is the expansion.
      assertEquals(
        endpoint("HEAD /files/{+path}" as string, { ...parameters, per_page: 2 }).url,
        expected,
      );
      assertEquals(
        endpoint(route, parameters).url,
        `${API}/files/${parameters.path}`,
        `${label}, nothing to add`,
      );
    }
  });
}

Deno.test("endpoint() rule 7: remaining parameters follow ? and # from other expressions", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["GET /r{?a}", { a: 1, b: 2 }, `${API}/r?a=1&b=2`],
    ["GET /r{?a}", { b: 2 }, `${API}/r?b=2`],
    ["GET /r{?a}{&c}", { c: 3, a: 1, b: 2 }, `${API}/r?a=1&c=3&b=2`],
    ["GET /r{#f}", { f: "top", b: 2 }, `${API}/r?b=2#top`],
    ["GET /r{#f}", { f: "a?b", b: 2 }, `${API}/r?b=2#a?b`],
    ["GET /r{#f}", { b: 2 }, `${API}/r?b=2`],
    ["GET /r?x=1{&a}", { a: 1, b: 2 }, `${API}/r?x=1&a=1&b=2`],
    ["GET /r/{+a,b}", { a: "x?y", b: "z#w", c: 3 }, `${API}/r/x?y,z&c=3#w`],
    // Other operators encode ? and #, so they never start a query or fragment.
    [
      "GET /r/{x}{/y}{.z}{;w}",
      { x: "?", y: "#", z: "?", w: "#", b: 2 },
      `${API}/r/%3F/%23.%3F;w=%23?b=2`,
    ],
    ["GET /r/:x", { x: "a?b#c", b: 2 }, `${API}/r/a%3Fb%23c?b=2`],
  ];
  for (const [route, parameters, expected] of cases) {
    for (const [how, result] of threeWays(endpoint, route, parameters)) {
      assertEquals(result.url, expected, `${route}, ${how}`);
    }
    assertEquals(endpoint.defaults(parameters)(route).url, expected, `${route}, defaults`);
  }
});

/** Three builders that set the same keys: root, parent, child. */
function cascade() {
  const parent = endpoint.defaults({
    baseUrl: "https://parent.test/api",
    headers: { "X-Level": "parent", "x-parent": "p" },
    mediaType: { format: "raw", previews: ["a", "b"] },
    request: { timeout: 1, retries: 1, parent: true },
    org: "parent-org",
    per_page: 1,
    nested: { level: "parent", parent: true },
  });
  const child = parent.defaults({
    baseUrl: "https://child.test/api",
    headers: { "x-level": "child", "x-child": "c" },
    mediaType: { format: "diff", previews: ["c", "a-preview"] },
    request: { timeout: 2, child: true },
    org: "child-org",
    per_page: 2,
    nested: { level: "child", child: true },
  });
  return { parent, child };
}

Deno.test("endpoint.defaults() rules 13-14: the same key at each level, the nearest one wins", () => {
  const { parent, child } = cascade();
  const call = {
    headers: { "X-LEVEL": "call" },
    mediaType: { format: "html", previews: ["d", "c"] },
    request: { timeout: 3 },
    org: "call-org",
    per_page: 3,
  };
  for (const [how, result] of threeWays(child, "GET /orgs/{org}/repos", call)) {
    assertEquals(result, {
      method: "get",
      url:
        "https://child.test/api/orgs/call-org/repos?per_page=3&nested=level,child,parent,true,child,true",
      headers: {
        // Previews replace accept: defaults first, no duplicates, the nearest format.
        accept: [
          "application/vnd.github.a-preview.html",
          "application/vnd.github.b-preview.html",
          "application/vnd.github.c-preview.html",
          "application/vnd.github.d-preview.html",
        ].join(","),
        "user-agent": endpoint.DEFAULTS.headers["user-agent"],
        "x-level": "call",
        "x-parent": "p",
        "x-child": "c",
      },
      request: { timeout: 3, retries: 1, parent: true, child: true },
    }, how);
  }
  const [, fromChild] = threeWays(child, "GET /orgs/{org}/repos", {})[0];
  assertEquals(
    fromChild.url,
    "https://child.test/api/orgs/child-org/repos?per_page=2&nested=level,child,parent,true,child,true",
  );
  assertEquals(fromChild.headers["x-level"], "child");
  assertEquals(fromChild.request, { timeout: 2, retries: 1, parent: true, child: true });
  assertEquals(
    fromChild.headers.accept,
    "application/vnd.github.a-preview.diff,application/vnd.github.b-preview.diff,application/vnd.github.c-preview.diff",
  );
  const fromParent = parent("GET /orgs/{org}/repos");
  assertEquals(
    fromParent.url,
    "https://parent.test/api/orgs/parent-org/repos?per_page=1&nested=level,parent,parent,true",
  );
  assertEquals(fromParent.headers["x-level"], "parent");
  assertEquals(fromParent.request, { timeout: 1, retries: 1, parent: true });
});

Deno.test("endpoint.defaults(): DEFAULTS and merge() show the nearest value of each key", () => {
  const { child } = cascade();
  assertEquals(child.DEFAULTS.request, { timeout: 2, retries: 1, parent: true, child: true });
  assertEquals(child.DEFAULTS.mediaType, { format: "diff", previews: ["a", "b", "c"] });
  assertEquals(child.DEFAULTS.headers["x-level"], "child");
  assertEquals(child.DEFAULTS.per_page, 2);
  assertEquals(child.DEFAULTS.nested, { level: "child", parent: true, child: true });
  const merged = child.merge("POST /orgs/{org}/repos", {
    request: { timeout: 3 },
    per_page: 3,
    nested: { level: "call" },
    headers: { "x-LEVEL": "call" },
  });
  assertEquals(merged.request, { timeout: 3, retries: 1, parent: true, child: true });
  assertEquals(merged.per_page, 3);
  assertEquals(merged.nested, { level: "call", parent: true, child: true });
  assertEquals(merged.headers["x-level"], "call");
  assertEquals(merged.baseUrl, "https://child.test/api");
});

Deno.test("endpoint.defaults(): a call's body parameters beat the child's, which beat the parent's", () => {
  const { child } = cascade();
  for (
    const [how, result] of threeWays(child, "POST /orgs/{org}/repos", {
      per_page: 3,
      nested: { level: "call", call: true },
    })
  ) {
    assertEquals(result.body, {
      per_page: 3,
      nested: { level: "call", parent: true, child: true, call: true },
    }, how);
  }
  assertEquals(child("POST /orgs/{org}/repos").body, {
    per_page: 2,
    nested: { level: "child", parent: true, child: true },
  });
  // undefined at a nearer level keeps the farther value.
  const [, kept] = threeWays(child, "POST /orgs/{org}/repos", {
    per_page: undefined,
    request: { timeout: undefined },
    headers: { "x-level": undefined },
  })[0];
  assertEquals((kept.body as Record<string, unknown>).per_page, 2);
  assertEquals(kept.request?.timeout, 2);
  assertEquals(kept.headers["x-level"], "child");
});

Deno.test("endpoint.defaults(): defaults that fill the url and the query at once", () => {
  const builder = endpoint.defaults({ owner: "octo cat", per_page: 30, sort: "updated" });
  const route = "GET /users/{owner}/repos";
  const base = `${API}/users/octo%20cat/repos`;
  // Each call twice: what one call adds must not stay for the next.
  const cases: [Record<string, unknown>, string][] = [
    [{}, `${base}?per_page=30&sort=updated`],
    [{ page: 2 }, `${base}?per_page=30&sort=updated&page=2`],
    [{ owner: "x" }, `${API}/users/x/repos?per_page=30&sort=updated`],
    [{ per_page: 5 }, `${base}?per_page=5&sort=updated`],
    [{ sort: undefined, page: 3 }, `${base}?per_page=30&sort=updated&page=3`],
    [{ owner: "y", per_page: 1, page: 4 }, `${API}/users/y/repos?per_page=1&sort=updated&page=4`],
    [{ per_page: null }, `${base}?sort=updated`],
    [{ labels: ["a", "b c"] }, `${base}?per_page=30&sort=updated&labels=a,b%20c`],
    [{}, `${base}?per_page=30&sort=updated`],
  ];
  for (const [parameters, expected] of cases) {
    for (let round = 0; round < 2; round++) {
      for (const [how, result] of threeWays(builder, route, parameters)) {
        assertEquals(result.url, expected, `${JSON.stringify(parameters)}, ${how}`);
      }
    }
  }
  assertEquals(builder("HEAD /users/{owner}/repos").url, `${base}?per_page=30&sort=updated`);
  assertEquals(builder("POST /users/{owner}/repos", { name: "n" }).body, {
    per_page: 30,
    sort: "updated",
    name: "n",
  });
  // A url of its own, and a second builder over the same route, are not mixed up.
  assertEquals(builder("GET /orgs/{owner}").url, `${API}/orgs/octo%20cat?per_page=30&sort=updated`);
  const other = endpoint.defaults({ owner: "other", per_page: 1 });
  assertEquals(other(route).url, `${API}/users/other/repos?per_page=1`);
  assertEquals(builder(route).url, `${base}?per_page=30&sort=updated`);
});

/** `count` distinct query names, with the query they encode to, in order. */
function distinctNames(count: number, make: (i: number) => string): [string[], string] {
  const names = Array.from({ length: count }, (_, i) => make(i));
  return [names, names.map((name) => `${encodeURIComponent(name)}=v`).join("&")];
}

Deno.test("endpoint() rule 7: a query name is encoded alike the 1st, 256th, 257th and 1000th time", () => {
  // Recently seen names are kept (up to 256 names of at most 64 characters),
  // so each of those counts, and names of 64 and 65 characters, are met here.
  const kinds: [string, (i: number) => string][] = [
    ["short", (i) => `n é${i}`],
    ["64 chars", (i) => `${"x".repeat(60)}${String(i).padStart(3, "0")}é`],
    ["65 chars", (i) => `${"x".repeat(61)}${String(i).padStart(3, "0")}é`],
    // 64 and 65 characters that share their first 64: never confused.
    [
      "shared prefix",
      (i) => `${"y".repeat(60)}${String(i >> 1).padStart(3, "0")}é${"z".repeat(i % 2)}`,
    ],
  ];
  for (const [kind, make] of kinds) {
    for (const count of [1, 255, 256, 257, 300]) {
      const [names, query] = distinctNames(count, make);
      const parameters = Object.fromEntries(names.map((name) => [name, "v"]));
      for (let round = 0; round < 3; round++) {
        assertEquals(endpoint("GET /q", parameters).url, `${API}/q?${query}`, `${kind} ${count}`);
        // One name at a time, in a fresh order, after the cache has turned over.
        for (const name of [names[0], names[names.length - 1], names[0]]) {
          assertEquals(
            endpoint("GET /q", { [name]: "v" }).url,
            `${API}/q?${encodeURIComponent(name)}=v`,
            `${kind} ${count}: ${name}`,
          );
        }
      }
    }
  }
});

Deno.test("endpoint() rule 10: a header name is checked and lowercased alike however often it comes", () => {
  for (const count of [1, 256, 257, 600]) {
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < count; i++) {
        const name = `X-Name-${i}-${"Q".repeat(i % 70)}`;
        const result = endpoint("GET /h", { headers: { [name]: "v" } });
        assertEquals(result.headers[name.toLowerCase()], "v", name);
        // An invalid name is an error every time, never kept as valid.
        const invalid = `${name.slice(0, 60)} ${i}`;
        let thrown = false;
        try {
          endpoint("GET /h", { headers: { [invalid]: "v" } });
        } catch (error) {
          thrown = error instanceof TypeError;
        }
        assertEquals(thrown, true, invalid);
      }
    }
  }
});

Deno.test("endpoint() rule 9: a dot-segment after a {;x} expression is refused too", () => {
  const cases: [string, Record<string, unknown>][] = [
    ["GET /a{;p}/{x}", { x: ".." }],
    ["GET /a{;p}/{x}", { p: "v", x: "." }],
    ["GET /a{;p}{/x}", { x: ".." }],
    ["GET /a/{;p}/:x/b", { p: "", x: ".." }],
  ];
  for (const [route, parameters] of cases) {
    for (const builder of [endpoint, endpoint.defaults({ other: 1 })]) {
      let message = "";
      try {
        builder(route, parameters);
      } catch (error) {
        message = error instanceof TypeError ? error.message : String(error);
      }
      assertEquals(message.startsWith('Invalid value for parameter "x": '), true, route);
    }
  }
});

Deno.test("endpoint() rule 4: /:name in the query or after a query expression stays as written", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["GET /a?next=/:id", { id: 1 }, `${API}/a?next=/:id&id=1`],
    ["GET /a#/:id", { id: 1 }, `${API}/a?id=1#/:id`],
    ["GET /a{?q}/:id", { id: 2 }, `${API}/a/:id?id=2`],
    ["GET /a{&q}/:id", { q: "x", id: 2 }, `${API}/a&q=x/:id?id=2`],
    ["GET /:owner?next=/:id", { owner: "o", id: 3 }, `${API}/o?next=/:id&id=3`],
  ];
  for (const [route, parameters, expected] of cases) {
    for (const [how, result] of threeWays(endpoint, route, parameters)) {
      assertEquals(result.url, expected, `${route}, ${how}`);
    }
  }
});

Deno.test("endpoint() rule 7: a parameter given as undefined is sent nowhere", () => {
  const builders: [string, Endpoint][] = [
    ["root", endpoint],
    ["header defaults", endpoint.defaults({ headers: { "x-a": "1" } })],
    ["scalar defaults", endpoint.defaults({ x: 1 })],
  ];
  for (const [name, builder] of builders) {
    const extra = name === "scalar defaults" ? { x: 1 } : {};
    for (const method of ["POST", "PUT", "DELETE"]) {
      for (const [how, result] of threeWays(builder, `${method} /r`, { a: undefined, b: 1 })) {
        assertEquals(result.body, { ...extra, b: 1 }, `${name} ${method} ${how}`);
        assertEquals(Object.hasOwn(result.body as object, "a"), false);
      }
      const [, alone] = threeWays(builder, `${method} /r`, { a: undefined })[0];
      assertEquals(
        alone.body,
        name === "scalar defaults" ? extra : method === "PUT" ? "" : undefined,
        `${name} ${method}`,
      );
    }
    const query = builder("GET /r", { a: undefined, b: "~" }).url;
    assertEquals(query, `${API}/r?${name === "scalar defaults" ? "x=1&" : ""}b=~`, name);
  }
});
