/**
 * Spec 4.1.3: `endpoint(options)` equals `endpoint.parse(endpoint.merge(options))`,
 * for every builder, route and options, errors included. There is one build
 * path; this property is what keeps `merge()` (which returns merged options)
 * in step with it.
 */
import { endpoint, type EndpointOptions } from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import { assertEquals } from "@std/assert";
import fc from "fast-check";

const ROUTES = [
  "GET /repos/{owner}/{repo}/issues",
  "POST /repos/{owner}/{repo}/issues",
  "PATCH /repos/:owner/:repo",
  "PUT /user/starred/{owner}/{repo}",
  "DELETE /gists/{gist_id}",
  "HEAD /a{/list*}{?q}",
  "GET /search/issues",
  "GET https://uploads.example.com/{+path}",
  "GET /x?fixed=1",
  "POST /graphql",
  "GET /teams/{enterprise-team}",
];
const NAMES = [
  "owner",
  "repo",
  "gist_id",
  "list",
  "q",
  "path",
  "state",
  "per_page",
  "labels",
  "enterprise-team",
  "title",
  "__proto__",
  "constructor",
];

const value = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom("", ".", "..", "a+b", "x/y", "é", "%2e"),
  fc.integer({ min: -5, max: 5 }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom("a", "b", "2"), fc.string({ maxLength: 3 }), { maxKeys: 2 }),
);

function parameters(): fc.Arbitrary<Record<string, unknown>> {
  return fc.uniqueArray(fc.tuple(fc.constantFrom(...NAMES), value), {
    maxLength: 5,
    selector: ([name]) => name,
  }).map((pairs) => {
    const result: Record<string, unknown> = {};
    for (const [name, item] of pairs) {
      Object.defineProperty(result, name, {
        value: item,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return result;
  });
}

const namedOptions = fc.record({
  headers: fc.option(
    fc.dictionary(
      fc.constantFrom("Accept", "x-a", "Content-Type", "authorization"),
      fc.oneof(fc.string({ maxLength: 4 }), fc.constant(null), fc.constant(undefined)),
      { maxKeys: 2 },
    ),
    { nil: undefined },
  ),
  mediaType: fc.option(
    fc.record({
      format: fc.option(fc.constantFrom("raw", "diff", ""), { nil: undefined }),
      previews: fc.option(fc.array(fc.constantFrom("a", "b-preview", "c"), { maxLength: 2 }), {
        nil: undefined,
      }),
    }, { requiredKeys: [] }),
    { nil: undefined },
  ),
  request: fc.option(
    fc.record({
      timeout: fc.integer({ min: 0, max: 9 }),
      deep: fc.record({ a: fc.integer() }, { requiredKeys: [] }),
    }, { requiredKeys: [] }),
    { nil: undefined },
  ),
  data: fc.option(fc.oneof(fc.string({ maxLength: 4 }), fc.constant({ raw: true })), {
    nil: undefined,
    freq: 4,
  }),
  baseUrl: fc.option(fc.constantFrom("https://h.example/api/", "https://g.example"), {
    nil: undefined,
    freq: 4,
  }),
}, { requiredKeys: [] });

const options = fc.tuple(parameters(), namedOptions).map(([params, named]) => {
  const result: Record<string, unknown> = { ...named };
  for (const key of Object.keys(params)) {
    Object.defineProperty(result, key, {
      value: params[key],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return result as EndpointOptions;
});

function outcome(run: () => unknown): unknown {
  try {
    return { ok: run() };
  } catch (error) {
    return { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

for (const [entry, root] of [["main", endpoint], ["lite", lite]] as const) {
  Deno.test(`endpoint() equals parse(merge()) for every route, option and default (${entry})`, () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ROUTES),
        options,
        fc.option(options, { nil: undefined }),
        fc.option(options, { nil: undefined }),
        fc.boolean(),
        (route, call, parentDefaults, childDefaults, objectForm) => {
          let builder = root;
          for (const defaults of [parentDefaults, childDefaults]) {
            if (defaults === undefined) continue;
            const next = outcome(() => builder.defaults(defaults));
            if (!("ok" in (next as object))) return;
            builder = (next as { ok: typeof root }).ok;
          }
          if (objectForm) {
            const [method, url] = route.split(" ");
            const whole = { ...call, method, url } as EndpointOptions;
            assertEquals(
              outcome(() => builder(whole)),
              outcome(() => builder.parse(builder.merge(whole))),
            );
          } else {
            assertEquals(
              outcome(() => builder(route, call)),
              outcome(() => builder.parse(builder.merge(route, call))),
            );
          }
        },
      ),
      { numRuns: 3000, seed: 20261126 },
    );
  });
}
