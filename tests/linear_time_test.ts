/**
 * No input makes any step slower than linear (DECISIONS.md rule 16): for
 * adversarial urls, routes, headers, parameter names and values of 10 KB,
 * 100 KB and 1 MB (OpenAPI descriptions: mostly 1 KB, 10 KB and 100 KB), the
 * time per call may not grow faster than the time of a linear-work control
 * on the same input.
 *
 * How load and the garbage collector are kept out of the verdict (a test that
 * fails on a busy machine is a defect of the test):
 * - Each case's input is built outside the timing, and the control is a JSON
 *   copy of that same input plus one scan of its text: linear work that
 *   allocates as much, reads every character, and so meets the same cache,
 *   large-object and dictionary-mode effects of the engine (a 1 MB scan costs
 *   several times more per character than a 100 KB one). The measure is the
 *   ratio call / control, so a slow round slows both.
 * - Each measure is the best of several interleaved rounds (control, then
 *   call, size after size); load only ever adds time, so the best round is
 *   the one it touched least. Short calls run in batches of a few ms.
 * - Sizes are 100x apart at the ends: a linear step keeps the ratio flat (1x),
 *   a quadratic one multiplies it by about 100. The verdict allows 25x.
 * - A measure that looks superlinear is taken again, up to three times in
 *   all; a real quadratic step fails every time, a disturbed round does not.
 */
import { endpoint, type EndpointOptions } from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import { expand } from "@routecast/endpoint/uri-template";
import { compileOpenAPI, fromOpenAPI } from "@routecast/endpoint/openapi";
import { assert } from "@std/assert";

const SMALL = 10_000;
const MIDDLE = 100_000;
const LARGE = 1_000_000;
/** Growth of (call / control) allowed from SMALL to LARGE (linear: 1x, quadratic: about 100x). */
const MAX_GROWTH = 25;
/** Growth allowed from SMALL to MIDDLE before LARGE is tried (quadratic: about 10x). */
const MAX_STEP_GROWTH = 10;
/** A call at MIDDLE slower than this is superlinear beyond doubt (linear code takes at most a few hundred ms, even compiling 33,000 expressions). */
const MAX_MIDDLE_MS = 5000;
const ATTEMPTS = 3;
const ROUNDS = 5;
/** A batch of calls lasts at least this long, so short calls are timed well above the clock's grain. */
const BATCH_MS = 4;

/** A case: builds its input outside the timing, then runs the call on it. */
type Case<T> = [label: string, input: (size: number) => T, call: (input: T) => unknown];

/** Mean time of one call, over a batch of at least BATCH_MS. */
function timeBatch(run: () => void): number {
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    run();
    calls++;
    elapsed = performance.now() - start;
  } while (elapsed < BATCH_MS);
  return elapsed / calls;
}

function ignoreInputErrors(call: () => unknown): () => void {
  return () => {
    try {
      call();
    } catch (error) {
      if (!(error instanceof TypeError) && !(error instanceof SyntaxError)) throw error;
    }
  };
}

/** Reads every character of `text` once. */
function checksum(text: string): number {
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum = (sum + text.charCodeAt(i)) | 0;
  return sum;
}

/** (best call time) / (best control time) at each size, over interleaved rounds. */
function costRatios<T>(sizes: number[], make: Case<T>[1], call: Case<T>[2]) {
  const runs = sizes.map((size) => {
    const input = make(size);
    const text = JSON.stringify(input);
    return {
      call: ignoreInputErrors(() => call(input)),
      control: () => [JSON.parse(text), checksum(text)],
    };
  });
  const bestCall = sizes.map(() => Infinity);
  const bestControl = sizes.map(() => Infinity);
  for (let round = 0; round < ROUNDS; round++) {
    runs.forEach((run, i) => {
      bestControl[i] = Math.min(bestControl[i], timeBatch(run.control));
      bestCall[i] = Math.min(bestCall[i], timeBatch(run.call));
    });
  }
  return { ratios: bestCall.map((time, i) => time / bestControl[i]), bestCall };
}

/** Measures until the growth is within `limit` or ATTEMPTS measures all exceeded it. */
function growth<T>(sizes: number[], make: Case<T>[1], call: Case<T>[2], limit: number) {
  let seen: number[] = [];
  let slowest = 0;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { ratios, bestCall } = costRatios(sizes, make, call);
    const value = ratios[1] / ratios[0];
    seen.push(value);
    slowest = bestCall[1];
    if (value <= limit) return { ok: true, seen, slowest };
  }
  seen = seen.map((value) => Number(value.toFixed(1)));
  return { ok: false, seen, slowest };
}

/** Sizes of the input, in characters: small, middle, large. */
type Sizes = readonly [number, number, number];

function assertLinear<T>(
  [label, make, call]: Case<T>,
  [small, middle, large]: Sizes = [SMALL, MIDDLE, LARGE],
) {
  // The middle size first: a quadratic step fails here in seconds, before
  // the large size would take minutes.
  const step = growth([small, middle], make, call, MAX_STEP_GROWTH);
  assert(
    step.ok,
    `${label}: from ${small} to ${middle} chars the cost against a linear control grew ${
      step.seen.join("x, ")
    }x in ${ATTEMPTS} measures (allowed ${MAX_STEP_GROWTH}x)`,
  );
  assert(
    step.slowest <= MAX_MIDDLE_MS,
    `${label}: one call on ${middle} chars took ${
      step.slowest.toFixed(0)
    } ms, too slow to try ${large}`,
  );
  const whole = growth([small, large], make, call, MAX_GROWTH);
  assert(
    whole.ok,
    `${label}: from ${small} to ${large} chars the cost against a linear control grew ${
      whole.seen.join("x, ")
    }x in ${ATTEMPTS} measures (allowed ${MAX_GROWTH}x)`,
  );
}

/** `{ prefix0: "v", prefix1: "v", ... }` with `count` keys. */
function record(count: number, prefix: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (let i = 0; i < count; i++) result[prefix + i] = "v";
  return result;
}

const route = (make: (n: number) => string): Case<string> => [
  "",
  make,
  (text) => endpoint(text),
];
const withOptions = (
  make: (n: number) => [string, EndpointOptions],
): Case<[string, EndpointOptions]> => ["", make, ([text, options]) => endpoint(text, options)];
const named = <T>(label: string, [, make, call]: Case<T>): Case<T> => [label, make, call];

// deno-lint-ignore no-explicit-any
const CASES: Case<any>[] = [
  // Urls and templates.
  named("url of lone braces", route((n) => "GET /" + "{".repeat(n))),
  named("url of closing braces", route((n) => "GET /" + "}".repeat(n))),
  named("url of nested braces", route((n) => "GET /" + "{a{".repeat(n / 3))),
  named(
    "url of many variables",
    withOptions((n) => ["GET /{" + "a,".repeat(n / 2) + "b}", { a: 1 }]),
  ),
  named("url of many expressions", withOptions((n) => ["GET " + "/{a}".repeat(n / 4), { a: "x" }])),
  named("url of :names", withOptions((n) => ["GET " + "/:a".repeat(n / 3), { a: "x" }])),
  named("url of colons after slashes", route((n) => "GET /" + "/:".repeat(n / 2))),
  named("url of percent signs", route((n) => "GET /" + "%".repeat(n))),
  named("url of scheme characters", route((n) => "GET " + "a".repeat(n) + ":/x")),
  named("baseUrl of scheme characters", withOptions((n) => ["GET /x", { baseUrl: "a".repeat(n) }])),
  named("url of a huge prefix", route((n) => "GET /{a:" + "9".repeat(n) + "}")),
  named("url of non-ASCII", route((n) => "GET /" + "é".repeat(n))),
  named(
    "url of dot segments",
    withOptions((n) => ["GET /" + "../".repeat(n / 3) + "{a}", { a: ".." }]),
  ),
  named("query-heavy url", withOptions((n) => ["GET /x?" + "a=1&".repeat(n / 4), { b: 2 }])),
  // Route strings.
  named("route of spaces", route((n) => "GET" + " ".repeat(n) + "/x")),
  named("route of many tokens", route((n) => "GET /x " + "a ".repeat(n / 2))),
  named("route of a long method", route((n) => "G".repeat(n) + " /x")),
  // Headers, including the ReDoS strings of CVE-2025-25285.
  named(
    "accept of word characters",
    withOptions((n) => ["GET /x", {
      headers: { accept: "a".repeat(n) },
      mediaType: { previews: ["p"] },
    }]),
  ),
  named(
    "accept of -preview runs",
    withOptions((n) => ["GET /x", {
      headers: { accept: "-preview".repeat(n / 8) },
      mediaType: { previews: ["p"] },
    }]),
  ),
  named(
    "accept of hyphens",
    withOptions((n) => ["GET /x", {
      headers: { accept: "-".repeat(n) + "x" },
      mediaType: { previews: ["p"] },
    }]),
  ),
  named(
    "accept of vnd dots",
    withOptions((n) => ["GET /x", {
      headers: { accept: "application/vnd" + ".a".repeat(n / 2) + "!" },
      mediaType: { format: "raw" },
    }]),
  ),
  named(
    "accept of repeated vnd",
    withOptions((n) => ["GET /x", {
      headers: { accept: "application/vnd.github".repeat(n / 22) },
      mediaType: { format: "raw" },
    }]),
  ),
  named(
    "accept of one long vnd word",
    withOptions((n) => ["GET /x", {
      headers: { accept: "application/vnd." + "a".repeat(n) + "+json" },
      mediaType: { format: "raw" },
    }]),
  ),
  named(
    "format of word characters",
    withOptions((n) => ["GET /x", { mediaType: { format: "a.".repeat(n / 2) } }]),
  ),
  named(
    "format of word characters ending in a space",
    withOptions((n) => ["GET /x", { mediaType: { format: "a".repeat(n) + " " } }]),
  ),
  named(
    "preview name of word characters ending in a space",
    withOptions((n) => ["GET /x", { mediaType: { previews: ["a".repeat(n) + " "] } }]),
  ),
  named(
    "accept of commas",
    withOptions((
      n,
    ) => ["GET /x", { headers: { accept: ",".repeat(n) }, mediaType: { format: "raw" } }]),
  ),
  named(
    "accept of octet-stream lookalikes",
    withOptions((
      n,
    ) => ["GET /x", { headers: { accept: "application/octet-strea".repeat(n / 23) } }]),
  ),
  named("long header name", withOptions((n) => ["GET /x", { headers: { ["a".repeat(n)]: "1" } }])),
  named(
    "long header value ending in CR",
    withOptions((n) => ["GET /x", { headers: { authorization: "x".repeat(n) + "\r" } }]),
  ),
  named("many headers", withOptions((n) => ["GET /x", { headers: record(n / 10, "X-H") }])),
  named(
    "many previews",
    withOptions((n) => ["GET /x", { mediaType: { previews: Object.keys(record(n / 10, "p")) } }]),
  ),
  // Parameter names and values.
  named("long parameter name", withOptions((n) => ["GET /x", { ["a".repeat(n)]: 1 }])),
  named("many parameters", withOptions((n) => ["GET /x", record(n / 10, "p")])),
  named("many body parameters", withOptions((n) => ["POST /x", record(n / 10, "p")])),
  named("value of percent signs", withOptions((n) => ["GET /{+a}", { a: "%".repeat(n) }])),
  named(
    "value of slashes and dots",
    withOptions((n) => ["GET /{+a}/b", { a: "./".repeat(n / 2) }]),
  ),
  named("value of encoded dots", withOptions((n) => ["GET /{+a}", { a: "%2e".repeat(n / 3) }])),
  // Values with pieces of dots that make no dot-segment: the path is scanned once decoded.
  named(
    "{x} value of dotted slashes",
    withOptions((n) => ["GET /b{a}", { a: "../c".repeat(n / 4) }]),
  ),
  named(
    "url of encoded dot segments between dotted values",
    withOptions((n) => ["GET " + "/..%2Fb{a}".repeat(n / 10), { a: "../c" }]),
  ),
  named("value of lone surrogates", withOptions((n) => ["GET /{a}", { a: "\ud800".repeat(n) }])),
  named(
    "value of astral characters",
    withOptions((n) => ["GET /{a:9999}", { a: "😀".repeat(n / 2) }]),
  ),
  named("q of plus signs", withOptions((n) => ["GET /search", { q: "+".repeat(n) }])),
  named(
    "long list value",
    withOptions((n) => ["GET /x", { a: Object.values(record(n / 10, "v")) }]),
  ),
  [
    "long map value",
    (n: number) => record(n / 10, "k"),
    (m: Record<string, string>) => expand("{?m*}", { m }),
  ],
];

for (const testCase of CASES) {
  Deno.test(`endpoint() stays linear: ${testCase[0]}`, () => assertLinear(testCase));
}

/** An OpenAPI 3.1 description of `paths`, with `components`. */
function description(paths: Record<string, unknown>, components: Record<string, unknown> = {}) {
  return { openapi: "3.1.0", servers: [{ url: "https://api.example.com" }], paths, components };
}

/** A request body whose JSON schema is `schema`. */
function jsonBody(schema: unknown) {
  return { requestBody: { content: { "application/json": { schema } } } };
}

/** Descriptions of about `n` characters, each against compileOpenAPI(). */
const compiling = (
  label: string,
  make: (n: number) => Record<string, unknown>,
): Case<Record<string, unknown>> => [label, make, (input) => compileOpenAPI(input)];

const DESCRIPTIONS: Case<Record<string, unknown>>[] = [
  compiling(
    "parameters that each $ref the head of a long $ref chain",
    (n) => {
      // Short pointers at the top (#/0 -> #/1 -> ...), so that the chain is long for its size.
      const count = Math.floor(n / 36);
      const chain: Record<string, unknown> = { [count]: { name: "x", in: "query" } };
      for (let i = 0; i < count; i++) chain[i] = { $ref: `#/${i + 1}` };
      const refs = Array.from({ length: count }, () => ({ $ref: "#/0" }));
      return { ...chain, ...description({ "/a": { get: { parameters: refs } } }) };
    },
  ),
  compiling(
    "allOf nested deep",
    (n) => {
      let schema: unknown = { properties: { url: {} } };
      for (let i = 0; i < n / 12; i++) schema = { allOf: [schema] };
      return description({ "/a": { post: jsonBody(schema) } });
    },
  ),
  compiling(
    "allOf nested deep above a $ref that leads nowhere",
    (n) => {
      let schema: unknown = { $ref: "#/components/schemas/Nowhere" };
      for (let i = 0; i < n / 12; i++) schema = { allOf: [schema] };
      return description({ "/a": { post: jsonBody(schema) } });
    },
  ),
  compiling(
    "operations that share a schema of many allOf parts",
    (n) => {
      const paths: Record<string, unknown> = {};
      for (let i = 0; i < n / 140; i++) paths[`/p${i}`] = { post: jsonBody({ $ref: "#/S" }) };
      return { ...description(paths), S: { allOf: Array.from({ length: n / 6 }, () => ({})) } };
    },
  ),
  compiling(
    "operations that share a schema whose allOf parts are $refs to itself",
    (n) => {
      const paths: Record<string, unknown> = {};
      for (let i = 0; i < n / 140; i++) paths[`/p${i}`] = { post: jsonBody({ $ref: "#/S" }) };
      const parts = Array.from({ length: n / 30 }, () => ({ $ref: "#/S" }));
      return { ...description(paths), S: { properties: { url: {} }, allOf: parts } };
    },
  ),
  compiling(
    "operations that share a request body of many media types",
    (n) => {
      const content: Record<string, unknown> = {};
      for (let i = 0; i < n / 20; i++) content[`a/b${i}`] = {};
      const paths: Record<string, unknown> = {};
      for (let i = 0; i < n / 100; i++) {
        paths[`/p${i}`] = { post: { requestBody: { $ref: "#/B" } } };
      }
      return { ...description(paths), B: { content } };
    },
  ),
  compiling(
    "paths that share a path item whose body has many media types",
    (n) => {
      const content: Record<string, unknown> = {};
      for (let i = 0; i < n / 16; i++) content[`a/${i}`] = {};
      const paths: Record<string, unknown> = {};
      for (let i = 0; i < n / 40; i++) paths[`/p${i}`] = { $ref: "#/P" };
      return { ...description(paths), P: { post: { requestBody: { content } } } };
    },
  ),
  compiling(
    "a long media type of parameters",
    (n) =>
      description({
        "/a": {
          post: { requestBody: { content: { ["text/plain" + '; a="\\\\"'.repeat(n / 9)]: {} } } },
        },
      }),
  ),
  compiling(
    "a long server url of variables",
    (n) => ({
      openapi: "3.1.0",
      servers: [{
        url: "https://api.example.com/" + "{v}".repeat(n / 3),
        variables: { v: { default: "x" } },
      }],
      paths: { "/a": { get: {} } },
    }),
  ),
  compiling("paths of broken path items", (n) => {
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < n / 40; i++) paths[`/p${i}`] = { $ref: `#/components/nowhere/${i}` };
    return description(paths);
  }),
];

// fromOpenAPI() compiles a path item on its first call: all of them, one call
// each, share what one compile shares (a $ref'd body read once, not per path).
const LAZY: Case<Record<string, unknown>> = [
  "a call of each operation, the operations sharing a body of many media types",
  (n) => {
    const content: Record<string, unknown> = { "application/json": {} };
    for (let i = 0; i < n / 20; i++) content[`a/b${i}`] = {};
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < n / 100; i++) paths[`/p${i}`] = { post: { requestBody: { $ref: "#/B" } } };
    return { ...description(paths), B: { content } };
  },
  (input) => {
    const api = fromOpenAPI(input) as unknown as (route: string) => unknown;
    for (const path of Object.keys(input.paths as object)) api(`POST ${path}`);
  },
];

const MERGE: Case<Record<string, unknown>> = compiling(
  "path-level parameters beside as many of the operation's",
  (n) => {
    const count = Math.floor(n / 60);
    const own = Array.from({ length: count }, (_, i) => ({ name: `o${i}`, in: "query" }));
    const shared = Array.from({ length: count }, (_, i) => ({ name: `s${i}`, in: "query" }));
    return description({ "/a": { parameters: shared, get: { parameters: own } } });
  },
);

/**
 * Descriptions of 1 KB, 10 KB and 100 KB: the ratio of a quadratic compile
 * grows about 100x over them too, and where one of 100 KB takes seconds, one
 * of 1 MB would take many minutes before the test could say so.
 */
const DESCRIPTION_SIZES: Sizes = [1_000, 10_000, 100_000];

for (const testCase of DESCRIPTIONS) {
  Deno.test(
    `compileOpenAPI() stays linear: ${testCase[0]}`,
    () => assertLinear(testCase, DESCRIPTION_SIZES),
  );
}

Deno.test(`fromOpenAPI() stays linear: ${LAZY[0]}`, () => assertLinear(LAZY, DESCRIPTION_SIZES));

// A cheap quadratic step (a scan of the operation's parameters for each of
// its path's) shows only at the usual sizes, where 1 MB takes seconds.
Deno.test(
  "compileOpenAPI() stays linear: path-level parameters beside as many of the operation's",
  () => assertLinear(MERGE),
);

Deno.test("lite endpoint() stays linear on the template scanner", () => {
  assertLinear<string>([
    "lite url",
    (n) => "GET /" + "{a}".repeat(n / 3),
    (text) => lite(text, { a: "x" } as EndpointOptions),
  ]);
});

Deno.test("assertLinear() fails on a quadratic step", () => {
  // The test of the test: repeated concatenation of a growing prefix is
  // quadratic in the input length (each step copies what came before).
  const quadratic: Case<string> = ["quadratic", (n) => "x".repeat(n / 100), (text) => {
    let total = 0;
    for (let i = 0; i < text.length; i++) total += text.slice(0, i).split("").length;
    return total;
  }];
  let failed = false;
  try {
    assertLinear(quadratic);
  } catch (error) {
    failed = error instanceof Error && /grew/.test(error.message);
  }
  assert(failed, "assertLinear() passed a quadratic step");
});
