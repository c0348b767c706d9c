/**
 * Properties of the public API on both engines (main entry: WebAssembly
 * where it runs; lite: TypeScript): every call returns a well-formed result
 * or throws TypeError/UriTemplateError with a message; inputs are never
 * changed; no key reaches Object.prototype.
 */
import { type Endpoint, endpoint, type EndpointOptions } from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import { UriTemplateError } from "@routecast/endpoint/uri-template";
import fc from "fast-check";
import { assertProperty } from "./_fc.ts";
import { assert, assertEquals } from "@std/assert";

/** Whether `test` holds for every plain object and array reachable from `value`. */
function everyPlain(value: unknown, test: (value: object) => boolean): boolean {
  if (typeof value !== "object" || value === null) return true;
  const proto = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return true;
  return test(value) &&
    Object.keys(value).every((key) => everyPlain((value as Record<string, unknown>)[key], test));
}
const BUILDERS: [string, Endpoint][] = [["main", endpoint], ["lite", lite]];

const HOSTILE_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"];
const key = fc.oneof(
  fc.constantFrom("owner", "repo", "path", "q", "per_page", "data", ...HOSTILE_KEYS),
  fc.string({ maxLength: 6 }),
);
/** Mostly `usual`, sometimes `unusual`: both paths of the code get exercised. */
const mostly = <T, U>(usual: fc.Arbitrary<T>, unusual: fc.Arbitrary<U>) =>
  fc.oneof({ weight: 8, arbitrary: usual }, { weight: 1, arbitrary: unusual });
const maybe = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arbitrary });

const scalar = mostly(
  fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null)),
  fc.oneof(
    fc.string({ maxLength: 8, unit: fc.constantFrom(..."./%2e\\:?#{}+ \r\n\0é😀\ud800") }),
    fc.double(),
    fc.bigInt(),
    fc.date(),
    fc.constant(undefined),
  ),
);
const value = mostly(
  scalar,
  fc.oneof(
    fc.array(scalar, { maxLength: 3 }),
    fc.dictionary(key, scalar, { maxKeys: 3 }),
    fc.array(fc.array(scalar, { maxLength: 2 }), { maxLength: 2 }),
    fc.constantFrom(() => 1, Symbol("s"), new Map([["a", 1]]), /re/),
  ),
);

/** An object with the given own keys, including "__proto__" as a plain own key. */
function own(entries: [string, unknown][]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, item] of entries) {
    Object.defineProperty(result, name, {
      value: item,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return result;
}
const record = <T>(arb: fc.Arbitrary<T>) =>
  fc.array(fc.tuple(key, arb), { maxLength: 4 }).map((entries) => own(entries));

const template = mostly(
  fc.constantFrom(
    "/repos/{owner}/{repo}",
    "/repos/:owner/:repo/contents/{+path}",
    "/files{/path*}{?q,per_page}",
    "/x{.owner}{;repo}{#path}",
    "https://uploads.example.com/{owner}/assets{?name}",
    "http://127.0.0.1:8080/api/{owner}",
    "/search?q=repo:{owner}",
  ),
  fc.string({ maxLength: 12, unit: fc.constantFrom(..."/{}:+#?&.;=,*a0 %é") }),
);
const method = mostly(
  fc.constantFrom("GET", "get", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"),
  fc.string({ maxLength: 5 }),
);
const headerValue = mostly(
  fc.oneof(fc.constantFrom("token x", "text/plain", "1"), fc.integer(), fc.constant(undefined)),
  fc.oneof(
    fc.string({ maxLength: 8 }),
    fc.constantFrom("a\r\nb", "\0"),
    fc.constant(null),
    fc.constant({}),
  ),
);
const headerName = mostly(
  fc.constantFrom("Authorization", "accept", "X-Custom", "content-type", "__proto__"),
  fc.string({ maxLength: 6 }),
);
const headers = fc.array(fc.tuple(headerName, headerValue), { maxLength: 3 }).map((entries) =>
  own(entries)
);
const options = fc.record({
  parameters: record(value),
  headers: maybe(headers),
  mediaType: maybe(
    fc.record({
      format: maybe(mostly(fc.constantFrom("raw", "diff"), fc.integer())),
      previews: maybe(mostly(fc.array(fc.string({ maxLength: 6 })), fc.string())),
    }),
  ),
  data: maybe(fc.oneof(fc.string(), fc.jsonValue())),
  request: maybe(mostly(record(scalar), fc.integer())),
  baseUrl: maybe(
    mostly(
      fc.constantFrom("https://ghe.example/api/v3/", "http://127.0.0.1:1"),
      fc.constant("not a url"),
    ),
  ),
}).map(({ parameters, ...named }) => {
  const result = own(Object.entries(parameters));
  for (const [name, item] of Object.entries(named)) if (item !== undefined) result[name] = item;
  return result as EndpointOptions;
});

/** A copy for comparing before and after: plain objects and arrays copied, the rest kept. */
function snapshot(input: unknown): unknown {
  if (Array.isArray(input)) return input.map(snapshot);
  if (
    typeof input === "object" && input !== null && Object.getPrototypeOf(input) === Object.prototype
  ) {
    return own(Object.entries(input).map(([name, item]) => [name, snapshot(item)]));
  }
  return input;
}

function checkResult(result: ReturnType<Endpoint>) {
  assert(/^[a-z0-9!#$%&'*+.^_`|~-]+$/.test(result.method), `method ${result.method}`);
  const url = new URL(result.url);
  assert(url.protocol.length > 1, result.url);
  for (const name of Object.keys(result.headers)) assertEquals(name, name.toLowerCase());
  if (result.method === "get" || result.method === "head") {
    assert(!("body" in result), "body on GET/HEAD");
  }
}

for (const [name, builder] of BUILDERS) {
  Deno.test(`endpoint() returns a well-formed result or a clear error, never mutating input (${name})`, () => {
    const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
    let results = 0;
    assertProperty(
      fc.property(method, template, options, fc.boolean(), (verb, url, opts, asRoute) => {
        const before = snapshot(opts);
        try {
          const result = asRoute
            ? builder(`${verb} ${url}`, opts)
            : builder({ ...opts, method: verb, url });
          checkResult(result);
          results++;
        } catch (error) {
          assert(
            error instanceof TypeError || error instanceof UriTemplateError,
            `unexpected ${(error as Error)?.constructor?.name}: ${(error as Error)?.message}`,
          );
          assert((error as Error).message.length > 10);
        }
        assertEquals(opts, before);
        assertEquals(Object.getOwnPropertyNames(Object.prototype).sort(), prototypeKeys);
        assertEquals(({} as Record<string, unknown>).polluted, undefined);
      }),
      1500,
    );
    // The generators must reach the success path often, not only errors.
    assert(results > 300, `only ${results} of 1500 calls succeeded`);
  });

  Deno.test(`endpoint.defaults() and merge() never mutate input nor pollute prototypes (${name})`, () => {
    assertProperty(
      fc.property(options, options, (defaults, opts) => {
        const before = [snapshot(defaults), snapshot(opts)];
        try {
          const child = builder.defaults(defaults);
          assert(everyPlain(child.DEFAULTS, Object.isFrozen), "DEFAULTS is deep-frozen");
          const merged = child.merge("GET /x", opts);
          assert(everyPlain(merged, (value) => !Object.isFrozen(value)), "merge() is the caller's");
          // A plain string: fuzzed options cannot promise the route's owner.
          child("POST /x/{owner}" as string, opts);
        } catch (error) {
          assert(error instanceof TypeError || error instanceof UriTemplateError, String(error));
        }
        assertEquals([defaults, opts], before);
        const thawed = (value: object) => !Object.isFrozen(value);
        assert(everyPlain(defaults, thawed) && everyPlain(opts, thawed), "input frozen");
        assertEquals(({} as Record<string, unknown>).polluted, undefined);
      }),
      500,
    );
  });
}
