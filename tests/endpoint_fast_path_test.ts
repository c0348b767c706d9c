/**
 * A builder's fast path must give exactly what `parse(merge(route, options))`
 * gives, errors included (spec 4.1.3).
 */
import { type Endpoint, endpoint, type EndpointOptions } from "@routecast/endpoint";
import fc from "fast-check";
import { assertProperty } from "./_fc.ts";
import { assert, assertEquals } from "@std/assert";
import { parseTemplate } from "@routecast/endpoint/uri-template";
import { compileUrl, expandSimple, hasLongValues, LONG_VALUES } from "../src/endpoint/_route.ts";
import { setOwn } from "../src/endpoint/_objects.ts";

function outcome(run: () => unknown): unknown {
  try {
    return { ok: run() };
  } catch (error) {
    return { error: (error as Error).constructor.name, message: (error as Error).message };
  }
}

const ROUTES = [
  "GET /repos/{owner}/{repo}",
  "HEAD /repos/{owner}",
  "POST /repos/{owner}/{repo}/issues",
  "PUT /user/starred/:owner/:repo",
  "PATCH /repos/{owner}/{repo}{?since}",
  "DELETE /gists/{gist_id}",
  "/search/issues",
  "GET /files/{+path}",
  "POST https://uploads.github.com/repos/{owner}/assets{?name,label}",
  "GET /r/{data}/{headers}",
  // Urls the default parameters alone fill in, for builders with defaults.
  "GET /orgs/{org}/repos",
  "HEAD /users/{owner}",
  "GET /users/{owner}/repos{?per_page}",
];
const NAMES = [
  "owner",
  "repo",
  "gist_id",
  "path",
  "name",
  "q",
  "per_page",
  "since",
  "__proto__",
  "constructor",
  "org",
  "type",
];
const value = fc.oneof(
  fc.string({ maxLength: 6, unit: fc.constantFrom(..."ab./%2e+ :") }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.oneof(fc.string({ maxLength: 3 }), fc.constant(null)), { maxLength: 3 }),
  fc.constant(() => 1),
);
const headers = fc.dictionary(
  fc.constantFrom("Authorization", "authorization", "Accept", "x-a", "bad name", "__proto__"),
  fc.oneof(
    fc.constantFrom("token x", "a\nb", "text/plain"),
    fc.integer(),
    fc.constant(null),
    fc.constant(undefined),
  ),
  { maxKeys: 3 },
);
const options = fc.record(
  {
    params: fc.dictionary(fc.constantFrom(...NAMES), value, { maxKeys: 5 }),
    headers,
    data: fc.oneof(fc.string({ maxLength: 4 }), fc.constant(undefined)),
    request: fc.oneof(fc.record({ timeout: fc.integer() }), fc.constant(undefined)),
  },
  { requiredKeys: ["params"] },
).map(({ params, ...named }) => {
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(params)) {
    Object.defineProperty(result, key, {
      value: item,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return { ...result, ...named } as EndpointOptions;
});
const builders: Endpoint[] = [
  endpoint,
  endpoint.defaults({ headers: { authorization: "token d" } }),
  endpoint.defaults({ owner: "default-owner", per_page: 30 }),
  endpoint.defaults({ baseUrl: "https://ghe.example/api/v3/" }).defaults({
    org: "o",
    headers: { "x-a": "1" },
  }),
  endpoint.defaults({ method: "POST" }),
];

Deno.test("endpoint() fast path equals parse(merge()) for generated calls", () => {
  assertProperty(
    fc.property(
      fc.constantFrom(...builders),
      fc.constantFrom(...ROUTES),
      options,
      (builder, route, opts) => {
        assertEquals(
          outcome(() => builder(route, opts)),
          outcome(() => builder.parse(builder.merge(route, opts))),
        );
      },
    ),
    2000,
  );
});

Deno.test("expandSimple() gives what the engines give, or leaves the url to them", () => {
  const engines = { short: (text: string) => parseTemplate(text, { engine: "ts" }) };
  const withLong = { ...engines, long: (text: string) => parseTemplate(text, { engine: "ts" }) };
  const piece = fc.oneof(
    fc.constantFrom("/", "/repos/", ".", "%2e", "-", "é", "a b", "%", "?x=1&", "#f"),
    fc.constantFrom("{owner}", "{repo}", "{n}", "{__proto__}", "{toString}"),
  );
  const simpleValue = fc.oneof(
    fc.string({ maxLength: 4, unit: fc.constantFrom(..."a./%2e+é\ud800 ") }),
    fc.constantFrom(".", "..", "x".repeat(LONG_VALUES)),
    fc.oneof(fc.integer(), fc.double()),
    fc.constantFrom(null, undefined, true, ["a"]),
  );
  assertProperty(
    fc.property(
      fc.array(piece, { maxLength: 6 }).map((pieces) => pieces.join("")),
      fc.dictionary(fc.constantFrom("owner", "repo", "n", "__proto__", "toString"), simpleValue),
      fc.boolean(),
      (text, values, long) => {
        const parameters: Record<string, unknown> = {};
        for (const [key, item] of Object.entries(values)) setOwn(parameters, key, item);
        const compiled = compileUrl(text, long ? withLong : engines);
        assert(compiled.literals !== undefined, text);
        const simple = expandSimple(compiled, compiled.literals, parameters);
        if (simple === undefined) return;
        assertEquals(simple, compiled.template.expand(parameters));
        const used = compiled.simpleNames.map((name) => parameters[name]);
        assert(!used.some((item) => item === "." || item === ".."));
        if (long) assert(!hasLongValues(compiled, parameters));
      },
    ),
    3000,
  );
  // Inherited values are not the caller's: the engine decides.
  const inherited = Object.create({ owner: "polluted" });
  const compiled = compileUrl("/repos/{owner}", engines);
  assertEquals(expandSimple(compiled, compiled.literals!, inherited), undefined);
  assertEquals(compileUrl("/repos/{owner}{?q}", engines).literals, undefined);
});
