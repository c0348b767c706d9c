/**
 * A builder's fast path must give exactly what `parse(merge(route, options))`
 * gives, errors included (spec 4.1.3).
 */
import { type Endpoint, endpoint, type EndpointOptions } from "@routecast/endpoint";
import fc from "fast-check";
import { assertEquals } from "@std/assert";

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
  fc.assert(
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
    { numRuns: 2000 },
  );
});
