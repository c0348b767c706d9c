/**
 * Hostile values through the whole API (issue 13): Proxies whose traps throw
 * or count reads, throwing getters and getters that change per read,
 * `toString`/`toJSON`/`Symbol.toPrimitive`/`toISOString` with side effects,
 * null-prototype objects, class instances, cycles, sparse and huge sparse
 * arrays, lone surrogates, U+2028/U+2029, `__proto__` and `constructor` keys,
 * as parameters, headers, mediaType, request, data, baseUrl, url and method,
 * through `endpoint()` of `.`, `./lite`, a WebAssembly-only builder and
 * `./octokit`, `defaults()`, `merge()` then `parse()`, and `parseTemplate()`
 * on every engine.
 *
 * Every outcome is a well-formed result (a url `new URL` parses, a token
 * method, header names that are tokens and values without CR, LF or NUL) or
 * a `TypeError`/`UriTemplateError` with a message of at most 1 KB and no
 * engine-internal text; the only other error allowed is the very error the
 * caller's own code threw (it reaches the caller unchanged). Outcomes are
 * identical across engines and across `.`/`./lite`. The library never calls
 * the caller's `toString`, `valueOf`, `toJSON` or `Symbol.toPrimitive`, and
 * reads each property of the caller's objects at most once per call.
 */
import { endpoint } from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import { endpoint as octokit } from "@routecast/endpoint/octokit";
import { parseTemplate, UriTemplateError } from "@routecast/endpoint/uri-template";
import { parseTemplate as parseTemplateLite } from "@routecast/endpoint/uri-template/lite";
import { makeEndpoint, ROUTECAST } from "../src/endpoint/_builder.ts";
import { engines } from "../src/uri_template/_engines.ts";
import { compileUrlTemplate } from "../src/uri_template/lite.ts";
import fc from "fast-check";
import { assert, assertEquals } from "@std/assert";

/** Fixed, so a failure reproduces; fast-check prints it with the counterexample. */
const SEED = Number(Deno.env.get("HOSTILE_SEED") ?? 13_2026);
const NUM_RUNS = 400;
const MAX_MESSAGE = 1024;
/** Text that only an engine's own failure would put in a message. */
const INTERNAL =
  /Cannot read propert|Cannot set propert|is not a function|is not iterable|is not defined|of undefined|of null|Maximum call stack|Invalid array length|Invalid string length|Cannot convert|object null prototype|on proxy/;
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const URI_TEXT = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;
const WASM = engines.wasm.unavailable() === undefined;

/** What the caller's own hostile code throws; the library must let it through as it is. */
class CallerError extends Error {
  constructor(where: string) {
    super(`caller's ${where} threw`);
    this.name = "CallerError";
  }
}

/** What hostile code observed during one library call. */
const observed = { conversions: 0, reads: new Map<object, Map<string, number>>() };

function read(target: object, key: PropertyKey): void {
  if (typeof key !== "string" || key === "length") return;
  let keys = observed.reads.get(target);
  if (keys === undefined) observed.reads.set(target, keys = new Map());
  keys.set(key, (keys.get(key) ?? 0) + 1);
}

/** A value made afresh for every run, so each engine sees the same hostile behaviour. */
interface Maker {
  readonly label: string;
  make(): unknown;
}

function maker(label: string, make: () => unknown): Maker {
  return { label, make, [fc.toStringMethod]: () => label } as Maker;
}

const constant = (label: string, value: unknown) => maker(label, () => value);

/** Counts a conversion the library should never ask for, and throws. */
function conversion(where: string) {
  return () => {
    observed.conversions++;
    throw new CallerError(where);
  };
}

const HOSTILE_CHARS = [..."./%2eE\\;:?#@{}+ a"].concat(
  ["\r", "\n", "\0", "\u2028", "\u2029", "\ud800", "\udc00", "😀", "é", "..", "%2e%2e", "..;"],
);
const text = fc.array(fc.constantFrom(...HOSTILE_CHARS), { maxLength: 6 }).map((parts) =>
  parts.join("")
);
const textMaker = text.map((value) => constant(JSON.stringify(value), value));

const scalarMaker: fc.Arbitrary<Maker> = fc.oneof(
  textMaker,
  fc.constantFrom("octocat", "1", "", "a b").map((value) => constant(JSON.stringify(value), value)),
  fc.oneof(fc.integer(), fc.double(), fc.bigInt(), fc.boolean()).map((value) =>
    constant(typeof value === "bigint" ? `${value}n` : String(value), value)
  ),
  fc.constantFrom(
    constant("null", null),
    constant("undefined", undefined),
    constant("Symbol()", Symbol("s")),
    constant("a function", () => 1),
    maker("new Date(0)", () => new Date(0)),
    maker("an invalid Date", () => new Date(NaN)),
  ),
);

/** Objects whose behaviour is hostile: side effects, throws, changes, odd prototypes. */
const oddMaker: fc.Arbitrary<Maker> = fc.constantFrom(
  maker(
    "a Date whose toISOString returns 42",
    () => Object.assign(new Date(0), { toISOString: () => 42 }),
  ),
  maker("a Date whose toISOString throws", () =>
    Object.assign(new Date(0), {
      toISOString: () => {
        throw new CallerError("toISOString");
      },
    })),
  maker("a Date whose toISOString changes", () => {
    let n = 0;
    return Object.assign(new Date(0), { toISOString: () => ["2020", "..", "."][n++ % 3] });
  }),
  maker("an object with throwing conversions", () => ({
    toString: conversion("toString"),
    valueOf: conversion("valueOf"),
    toJSON: conversion("toJSON"),
    [Symbol.toPrimitive]: conversion("Symbol.toPrimitive"),
  })),
  maker("a null-prototype object", () => Object.assign(Object.create(null), { a: "x", b: "y" })),
  maker("an empty null-prototype object", () => Object.create(null)),
  maker("a class instance", () =>
    new (class Widget {
      a = "x";
    })()),
  maker("a cyclic object", () => {
    const cyclic: Record<string, unknown> = { a: "x" };
    cyclic.self = cyclic;
    return cyclic;
  }),
  maker("a cyclic array", () => {
    const cyclic: unknown[] = ["x"];
    cyclic.push(cyclic);
    return cyclic;
  }),
  maker("a sparse array", () => [, "a", , "b"]),
  maker("a huge sparse array", () => {
    const huge = ["a"];
    huge.length = 2 ** 32 - 1;
    return huge;
  }),
  maker("a throwing getter", () => ({
    a: "x",
    get b() {
      throw new CallerError("getter");
    },
  })),
  maker("a getter that changes", () => {
    let n = 0;
    return {
      get a() {
        read(this, "a");
        return ["x", "..", {}][n++ % 3];
      },
    };
  }),
  maker(
    "__proto__ and constructor keys",
    () => JSON.parse('{"__proto__": "p", "constructor": "c", "prototype": "q"}'),
  ),
  maker("a Map", () => new Map<unknown, unknown>([["k", "v"], [1, new Date(0)]])),
  maker("a list of dots", () => ["..", ".", "%2e%2e"]),
  ...(["get", "ownKeys", "getOwnPropertyDescriptor", "getPrototypeOf", "has"] as const).map((
    trap,
  ) =>
    maker(`a Proxy whose ${trap} trap throws`, () =>
      new Proxy({ a: "x" }, {
        [trap]: () => {
          throw new CallerError(`${trap} trap`);
        },
      }))
  ),
  maker("a Proxy array whose get trap throws", () =>
    new Proxy(["a"], {
      get: () => {
        throw new CallerError("get trap");
      },
    })),
);

/** A Proxy over `target` that counts every read of a property. */
function counting<T extends object>(target: T): T {
  const proxy: T = new Proxy(target, {
    get(object, key, receiver) {
      read(proxy, key);
      return Reflect.get(object, key, receiver);
    },
  });
  return proxy;
}

const leafMaker = fc.oneof({ weight: 3, arbitrary: scalarMaker }, {
  weight: 2,
  arbitrary: oddMaker,
});
const KEYS = ["a", "b", "__proto__", "constructor", "x-y", "k\ud800", "\u2028", ""];
const valueMaker: fc.Arbitrary<Maker> = fc.oneof(
  { weight: 4, arbitrary: leafMaker },
  {
    weight: 1,
    arbitrary: fc.array(leafMaker, { maxLength: 3 }).map((items) =>
      maker(
        `[${items.map((item) => item.label).join(", ")}]`,
        () => items.map((item) => item.make()),
      )
    ),
  },
  {
    weight: 1,
    arbitrary: fc.array(fc.tuple(fc.constantFrom(...KEYS), leafMaker), { maxLength: 3 }).map(
      (entries) => objectMaker(entries),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.boolean(), fc.array(leafMaker, { maxLength: 3 })).map(([list, items]) =>
      maker(
        `a counting Proxy of ${list ? "[" : "{"}${items.map((item) => item.label).join(", ")}`,
        () =>
          counting(
            list
              ? items.map((item) => item.make())
              : Object.fromEntries(items.map((item, i) => [`k${i}`, item.make()])),
          ),
      )
    ),
  },
);

/** A plain object with these own keys (`__proto__` included as a key). */
function objectMaker(entries: [string, Maker][]): Maker {
  return maker(
    `{${entries.map(([key, item]) => `${JSON.stringify(key)}: ${item.label}`).join(", ")}}`,
    () => {
      const object: Record<string, unknown> = {};
      for (const [key, item] of entries) {
        Object.defineProperty(object, key, {
          value: item.make(),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return object;
    },
  );
}

const headerName = fc.oneof(
  fc.constantFrom("accept", "Authorization", "x-a", "content-type", "__proto__", "constructor"),
  text,
);
const OPTION_KEYS = ["headers", "mediaType", "request", "data", "baseUrl", "url", "method"];
const optionMaker: fc.Arbitrary<[string, Maker]> = fc.oneof(
  fc.tuple(
    fc.constantFrom("owner", "repo", "path", "x", "y", "q", "per_page", "__proto__", "constructor"),
    valueMaker,
  ),
  fc.tuple(
    fc.constant("headers"),
    fc.oneof(
      fc.array(fc.tuple(headerName, valueMaker), { maxLength: 3 }).map(objectMaker),
      valueMaker,
    ),
  ),
  fc.tuple(
    fc.constant("mediaType"),
    fc.oneof(
      fc.tuple(valueMaker, valueMaker).map(([format, previews]) =>
        objectMaker([["format", format], ["previews", previews]])
      ),
      fc.constantFrom(
        objectMaker([["format", constant('"raw"', "raw")]]),
        objectMaker([["previews", constant('["squirrel-girl"]', ["squirrel-girl"])]]),
      ),
      valueMaker,
    ),
  ),
  fc.tuple(fc.constantFrom(...OPTION_KEYS.slice(2)), valueMaker),
  fc.tuple(
    fc.constant("baseUrl"),
    fc.constantFrom("https://ghe.example/api/v3/", "https://h.example?x", "ftp:", "https://\u2028")
      .map((url) => constant(JSON.stringify(url), url)),
  ),
);

/** The options object itself: plain, null-prototype, or behind a counting or throwing Proxy. */
const optionsMaker = fc.tuple(
  fc.array(optionMaker, { maxLength: 5 }),
  fc.constantFrom("plain", "null-prototype", "counting Proxy"),
).map(([entries, kind]) => {
  const plain = objectMaker(entries);
  return maker(`${kind} ${plain.label}`, () => {
    const object = plain.make() as Record<string, unknown>;
    if (kind === "null-prototype") return Object.assign(Object.create(null), object);
    return kind === "counting Proxy" ? counting(object) : object;
  });
});

const ROUTES = [
  "GET /repos/{owner}/{repo}",
  "POST /repos/{owner}/{repo}/issues",
  "GET /files{/path*}",
  "GET /files/{+path}",
  "GET https://api.example.com{x}",
  "PUT /a/:owner{?q,x}",
  "GET /search{?q}",
  "DELETE /a{;x}{#y}",
  "PATCH https://{x}/y",
  "HEAD /a/{x}{.y}",
  "GET /\ud800/{x}",
  "GET /a\u2028{x}",
  "POST /graphql",
  "GET /a/{x",
  "GET /a b c",
  "get /{x:3}",
];
const routeArbitrary = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...ROUTES) },
  { weight: 1, arbitrary: text.map((path) => `GET /${path}`) },
);

type Loose = ((route?: unknown, options?: unknown) => unknown) & {
  defaults(options: unknown): Loose;
  merge(route?: unknown, options?: unknown): unknown;
  parse(options: unknown): unknown;
};
/** Builders of one flavour: their outcomes must be identical. */
const SAME_FLAVOUR: [string, Loose][] = [
  ["main", endpoint as unknown as Loose],
  ["lite", lite as unknown as Loose],
];
if (WASM) {
  const wasmOnly = makeEndpoint({
    // The url's one parse is TypeScript's (it reads rule 18's dashed names); WebAssembly
    // expands every url its strict scanner can read.
    compile: (template) => {
      const url = compileUrlTemplate(template);
      const wasm = url.variableNames.some((name) => name.includes("-"))
        ? url
        : engines.wasm.compile(template);
      return { parts: url.parts, variableNames: url.variableNames, expand: (v) => wasm.expand(v) };
    },
    flavour: ROUTECAST,
  });
  SAME_FLAVOUR.push(["wasm", wasmOnly as unknown as Loose]);
}
const OCTOKIT = octokit as unknown as Loose;

/** Runs one library call, checking what hostile code observed during it. */
function observe<T>(call: () => T): T {
  observed.conversions = 0;
  observed.reads.clear();
  try {
    return call();
  } finally {
    assertEquals(observed.conversions, 0, "the library called toString, valueOf or toJSON");
    for (const keys of observed.reads.values()) {
      for (const [key, count] of keys) assert(count <= 1, `property ${key} read ${count} times`);
    }
  }
}

/** A result checked for well-formedness, described for comparison. */
function describeResult(result: unknown): string {
  const { method, url, headers, body } = result as Record<string, unknown>;
  assert(typeof method === "string" && TOKEN.test(method), `method ${method}`);
  assert(typeof url === "string", "url");
  new URL(url); // throws when it is not an absolute URL
  const names = Object.keys(headers as object);
  for (const name of names) {
    assert(TOKEN.test(name) && name === name.toLowerCase(), `header name ${JSON.stringify(name)}`);
    const value = (headers as Record<string, unknown>)[name];
    assert(
      typeof value === "number" || (typeof value === "string" && !/[\r\n\0]/.test(value)),
      `header ${name}: ${JSON.stringify(value)}`,
    );
  }
  return JSON.stringify({ method, url, headers, body: shape(body) });
}

/** The shape of a body, without calling the caller's getters or traps' results. */
function shape(body: unknown): unknown {
  if (typeof body !== "object" || body === null) {
    return typeof body === "string" ? body : typeof body;
  }
  try {
    return Object.keys(body).map((key) => {
      const property = Object.getOwnPropertyDescriptor(body, key);
      return `${key}:${
        property === undefined ? "gone" : "get" in property ? "getter" : typeof property.value
      }`;
    });
  } catch (error) {
    assert(error instanceof CallerError, String(error));
    return "a Proxy";
  }
}

/** The outcome of `run`: a described result or the error class and message, checked. */
function outcome(run: () => unknown, check: (result: unknown) => string, what = ""): string {
  let result: unknown;
  try {
    result = run();
  } catch (error) {
    if (error instanceof CallerError) return `CallerError: ${error.message}`;
    assert(
      error instanceof TypeError || error instanceof UriTemplateError,
      `${what}: unexpected ${(error as Error)?.name}: ${
        String((error as Error)?.message).slice(0, 300)
      }`,
    );
    assert(error.message.length <= MAX_MESSAGE, `message of ${error.message.length} characters`);
    assert(!INTERNAL.test(error.message), `internal message: ${error.message.slice(0, 300)}`);
    return `${error.name}: ${error.message}`;
  }
  return check(result);
}

/** Each way of building request options, with fresh hostile values. */
const OPERATIONS: [
  string,
  (e: Loose, route: string, defaults: Maker, options: Maker) => unknown,
][] = [
  ["call", (e, route, _, options) => observe(() => e(route, options.make()))],
  [
    "options",
    (e, route, _, options) => {
      // Not a Proxy here: the spread is the test's own read.
      const [method, url] = route.split(" ");
      const object = { method, url, ...options.make() as Record<string, unknown> };
      return observe(() => e(object));
    },
  ],
  [
    "defaults",
    (e, route, defaults, options) => {
      const builder = observe(() => e.defaults(defaults.make()));
      return observe(() => builder(route, options.make()));
    },
  ],
  [
    "merge then parse",
    (e, route, _, options) => {
      const merged = observe(() => e.merge(route, options.make()));
      return observe(() => e.parse(merged));
    },
  ],
];

Deno.test("endpoint(), defaults(), merge() then parse() answer hostile values well, the same on every engine", () => {
  fc.assert(
    fc.property(routeArbitrary, optionsMaker, optionsMaker, (route, defaults, options) => {
      for (const [name, operation] of OPERATIONS) {
        const outcomes = SAME_FLAVOUR.map(([entry, builder]) => [
          entry,
          outcome(() => operation(builder, route, defaults, options), describeResult, name),
        ]);
        for (const [entry, seen] of outcomes.slice(1)) {
          assertEquals(seen, outcomes[0][1], `${name}: ${entry} differs from ${outcomes[0][0]}`);
        }
        outcome(() => operation(OCTOKIT, route, defaults, options), describeResult, name);
      }
    }),
    { seed: SEED, numRuns: NUM_RUNS },
  );
});

const TEMPLATES = [
  "{x}",
  "{+x}{#y}",
  "/a{/x*,y}",
  "{?x*,y}",
  "{&x}{;y*}",
  "{.x:2}",
  "{x",
  "x}",
  "{!x}",
];

Deno.test("parseTemplate() answers hostile values the same on ts, wasm, auto and lite", () => {
  const engineNames = WASM ? ["ts", "wasm", "auto"] as const : ["ts", "auto"] as const;
  fc.assert(
    fc.property(
      fc.constantFrom(...TEMPLATES),
      fc.array(fc.tuple(fc.constantFrom("x", "y", "__proto__"), valueMaker), { maxLength: 3 }),
      (template, entries) => {
        const variables = objectMaker(entries);
        const check = (result: unknown) => {
          assert(typeof result === "string" && URI_TEXT.test(result), JSON.stringify(result));
          return result;
        };
        const outcomes = [
          ...engineNames.map((engine) =>
            outcome(
              () =>
                observe(() =>
                  parseTemplate(template, { engine }).expand(variables.make() as never)
                ),
              check,
            )
          ),
          outcome(
            () => observe(() => parseTemplateLite(template).expand(variables.make() as never)),
            check,
          ),
        ];
        for (const seen of outcomes.slice(1)) assertEquals(seen, outcomes[0]);
      },
    ),
    { seed: SEED, numRuns: NUM_RUNS },
  );
});
