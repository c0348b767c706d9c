/**
 * DECISIONS.md rule 14 at every entry point of the sources, for both
 * builders. The deno.json `test` task runs this file (with the other tests
 * that pass hostile keys) a second time with `--unstable-unsafe-proto`, where
 * `__proto__` is a setter as in Node and browsers; tests/node runs the same
 * cases on the built package.
 */
import { endpoint, toCurl, toFetch } from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import { createEndpoint } from "@routecast/endpoint";
import { endpoint as octokit } from "@routecast/endpoint/octokit";
import { fromOpenAPI } from "@routecast/endpoint/openapi";
import { expand } from "@routecast/endpoint/uri-template";
import { assert, assertEquals } from "@std/assert";
import prototypeCases from "./node/_prototype.cjs";
import { LOOSE_BUILDERS } from "./_loose.ts";

for (const [label, builder] of [["main", endpoint], ["lite", lite]] as const) {
  for (const [name, run] of prototypeCases(label, builder) as [string, () => void][]) {
    Deno.test(name, run);
  }
}

/** Prototypes polluted at an index: a hole must read as a hole, never as what they hold. */
const INDEX_POLLUTION: readonly (readonly [string, object, number])[] = [
  ["Object.prototype[0]", Object.prototype, 0],
  ["Object.prototype[1]", Object.prototype, 1],
  ["Array.prototype[0]", Array.prototype, 0],
];

/** What `call` gives (its result, shown without reading through a prototype) or throws. */
function outcome(call: () => unknown): string {
  try {
    return Deno.inspect(call(), { depth: 10, sorted: true, showHidden: false });
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

/** Each call's outcome on a clean prototype, then with `prototype[index]` set. */
function outcomesWith(
  prototype: object,
  index: number,
  calls: readonly (() => unknown)[],
): [string[], string[]] {
  const clean = calls.map(outcome);
  let polluted: string[];
  try {
    Object.defineProperty(prototype, index, {
      value: "evil",
      writable: true,
      enumerable: true,
      configurable: true,
    });
    polluted = calls.map(outcome);
  } finally {
    delete (prototype as Record<number, unknown>)[index];
  }
  return [clean, polluted];
}

/** Sparse lists: a hole first, a hole second, only holes. */
function sparse(): string[][] {
  // deno-lint-ignore no-sparse-arrays
  return [[, "b"], ["a", , "c"], new Array(3)] as string[][];
}

Deno.test("every builder reads a hole in a list as a hole with a polluted prototype", () => {
  const neutral = createEndpoint({ baseUrl: "https://api.example.com" });
  const forms = createEndpoint({ baseUrl: "https://api.example.com" }, { lists: "repeat" });
  const api = fromOpenAPI({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    servers: [{ url: "https://api.example.com" }],
    paths: {
      "/items/{ids}": {
        get: {
          parameters: [
            { name: "ids", in: "path", required: true, style: "label", explode: true },
            { name: "tags", in: "query" },
            { name: "pipes", in: "query", style: "pipeDelimited", explode: false },
            { name: "X-Tags", in: "header" },
            { name: "prefs", in: "cookie" },
            { name: "json", in: "query", content: { "application/json": {} } },
          ],
          responses: {},
        },
        post: {
          requestBody: {
            content: {
              "application/x-www-form-urlencoded": {
                encoding: { styled: { style: "form", explode: false } },
              },
            },
          },
          responses: {},
        },
        put: { requestBody: { content: { "application/json": {} } }, responses: {} },
      },
      "/pair/{a}/{b}": {
        get: {
          parameters: [
            { name: "a", in: "path", required: true },
            { name: "b", in: "path", required: true },
            // Named like a path variable: the call's value fills both.
            { name: "a", in: "query" },
          ],
          responses: {},
        },
      },
    },
  });
  const untyped = api as unknown as (route: string, options: object) => { url: string };
  // deno-lint-ignore no-explicit-any
  const builders: [string, any][] = [
    ["main", endpoint],
    ["lite", lite],
    ["octokit", octokit],
    ["createEndpoint", neutral],
    ["createEndpoint (repeat)", forms],
  ];
  for (const [label, prototype, index] of INDEX_POLLUTION) {
    const calls: (() => unknown)[] = [];
    for (const [, builder] of builders) {
      // The call's own values are kept by index: a value not given is a hole.
      calls.push(
        () => builder("GET /x/{a}{?b,c,d}", { a: "1", d: "2" }).url,
        () => builder("GET /x/{a}/{b}", { a: "1" }).url,
        () => builder("GET /x", { mediaType: { format: "raw" } }).url,
        () => builder.defaults({ q: 1, r: 2, s: 3 })("GET /x", { s: 4 }).url,
      );
      for (const list of sparse()) {
        calls.push(
          () => builder("GET /x{/list*}{?list}", { list }).url,
          () => builder("GET /x", { list }).url,
          () => builder.defaults({ list })("GET /x").url,
          () => builder.defaults({ list })("POST /x").body,
          () => builder.defaults({ data: list })("POST /x").body,
          () => builder.defaults({ request: { list } }).DEFAULTS.request,
          () => builder.merge("GET /x", { list }).list,
          () => builder.parse(builder.merge("GET /x", { list })).url,
          () => builder("GET /x", { mediaType: { previews: list } }).headers,
          () => builder.defaults({ mediaType: { previews: list } })("GET /graphql").headers,
        );
      }
    }
    calls.push(
      // A declared path value given, the other not (a call its types refuse):
      // the url's values have a hole.
      () => untyped("GET /pair/{a}/{b}", { a: "1" }).url,
      () => untyped("GET /pair/{a}/{b}", { b: "2" }).url,
      () => api("GET /items/{ids}", { ids: ["a"], prefs: "1" }).url,
      () => api("GET /items/{ids}", { ids: ["a"], tags: "1" }).url,
    );
    for (const list of sparse()) {
      calls.push(
        () => api("GET /items/{ids}", { ids: list, tags: list, pipes: list }).url,
        () => api("GET /items/{ids}", { ids: ["a"], "X-Tags": list, prefs: list }).headers,
        () => api("GET /items/{ids}", { ids: ["a"], json: { list } }).url,
        () => api.defaults({ tags: list })("GET /items/{ids}", { ids: ["a"] }).url,
        () => api("POST /items/{ids}", { ids: ["a"], plain: list, styled: list }).body,
        () => api.defaults({ plain: list })("POST /items/{ids}", { ids: ["a"] }).body,
        () => api.defaults({ list })("PUT /items/{ids}", { ids: ["a"] }).body,
      );
      for (const engine of ["ts", "wasm"] as const) {
        calls.push(() => expand("{/list*}{?list}{;list}{.list}{+list}", { list }, { engine }));
        calls.push(() => expand("{?list*}{&list}{#list}", { list }, { engine }));
      }
    }
    const [clean, polluted] = outcomesWith(prototype, index, calls);
    for (let i = 0; i < calls.length; i++) {
      assertEquals(polluted[i], clean[i], `${label}, call ${i}: ${calls[i]}`);
      assert(!clean[i].includes("evil"));
    }
  }
});

// Options and parameters are own properties only.
Deno.test("endpoint(), parse(), merge() and defaults() ignore a polluted Object.prototype", () => {
  const unique = `/polluted-${crypto.randomUUID()}`;
  const runs = (): [string, () => unknown][] => {
    const out: [string, () => unknown][] = [];
    for (const [entry, e] of LOOSE_BUILDERS) {
      out.push(
        [`${entry} route`, () => e(`GET ${unique}/{owner}`, { owner: "o", per_page: 1 })],
        [`${entry} POST`, () => e(`POST ${unique}/{owner}/post`, { owner: "o", title: "t" })],
        [`${entry} options`, () => e({ url: `${unique}/{owner}/options`, owner: "o" })],
        [`${entry} merge()`, () => e.merge()],
        [`${entry} merge`, () => e.merge(`PUT ${unique}/merge`, { owner: "o" })],
        [
          `${entry} merge then parse`,
          () => e.parse(e.merge(`PATCH ${unique}/{owner}/parse`, { owner: "o" })),
        ],
        [
          `${entry} parse`,
          () =>
            e.parse({
              method: "GET",
              url: `https://h.example${unique}/by-hand/{owner}`,
              headers: {},
              mediaType: { format: "" },
              owner: "o",
            }),
        ],
        [`${entry} defaults`, () => e.defaults({ owner: "d" })(`GET ${unique}/{owner}/defaults`)],
        [`${entry} defaults DEFAULTS`, () => e.defaults({ headers: { a: "1" } }).DEFAULTS],
        [
          `${entry} defaults with a url`,
          () => e.defaults({ url: `${unique}/{owner}/url`, owner: "d" })(),
        ],
      );
    }
    return out;
  };
  const outcome = (run: () => unknown) => {
    try {
      return JSON.stringify(run());
    } catch (error) {
      return `${(error as Error).name}: ${(error as Error).message}`;
    }
  };
  const clean = runs().map(([name, run]) => [name, outcome(run)]);
  const pollution: Record<string, unknown> = {
    baseUrl: "https://evil.example",
    headers: { "x-evil": "1" },
    request: { evil: true },
    mediaType: { format: "evil", previews: ["evil"] },
    url: "/evil",
    method: "DELETE",
    data: "evil",
    format: "evil",
    previews: ["evil"],
    accept: "evil",
    "content-type": "evil",
    owner: "evil",
    per_page: 99,
    title: "evil",
  };
  const prototype = Object.prototype as Record<string, unknown>;
  let polluted: (string | undefined)[][];
  try {
    for (const [key, value] of Object.entries(pollution)) prototype[key] = value;
    polluted = runs().map(([name, run]) => [name, outcome(run)]);
  } finally {
    for (const key of Object.keys(pollution)) delete prototype[key];
  }
  assertEquals(Object.keys(pollution).filter((key) => key in {}), []);
  assertEquals(polluted, clean);
});

Deno.test("a polluted value, writable, get or set (a property descriptor's fields) changes nothing", () => {
  const api = fromOpenAPI({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    servers: [{ url: "https://api.example.com" }],
    paths: {
      "/p": {
        post: {
          parameters: [{ name: "url", in: "query" }],
          requestBody: { content: { "application/json": {} } },
          responses: {},
        },
      },
    },
  });
  const runs = (): [string, () => unknown][] => {
    const out: [string, () => unknown][] = [];
    for (const [entry, e] of LOOSE_BUILDERS) {
      out.push(
        // defaults() defines DEFAULTS on the builder it makes.
        [`${entry} defaults`, () => e.defaults({ owner: "d" })("GET /r/{owner}")],
        [`${entry} defaults DEFAULTS`, () => e.defaults({ headers: { a: "1" } }).DEFAULTS],
        // A "__proto__" key is defined as own data.
        [`${entry} __proto__`, () => e("POST /r", JSON.parse('{"__proto__": {"a": 1}, "b": 2}'))],
      );
    }
    out.push(
      ["createEndpoint", () => createEndpoint({ baseUrl: "https://c.example" })("GET /r")],
      ["fromOpenAPI", () => api("POST /p", { url: "u", x: 1 })],
      // merge() defines the declared parameters' key on what it returns.
      ["fromOpenAPI merge then parse", () => api.parse(api.merge("POST /p", { url: "u" }))],
      ["toFetch", () => toFetch(endpoint("GET /r", { headers: { a: "b" } }))],
      ["toCurl", () => toCurl(endpoint("GET /r", { headers: { a: "b" } }))],
    );
    return out;
  };
  const clean = runs().map(([name, run]) => [name, outcome(run)]);
  const prototype = Object.prototype as Record<string, unknown>;
  for (const [key, value] of [["value", "evil"], ["writable", true], ["get", "evil"], ["set", 1]]) {
    let polluted: string[][];
    try {
      prototype[key as string] = value;
      polluted = runs().map(([name, run]) => [name, outcome(run)]);
    } finally {
      delete prototype[key as string];
    }
    assertEquals(polluted, clean, `Object.prototype.${key}`);
  }
});
