/**
 * No input makes any step slower than linear (DECISIONS.md rule 16): for
 * adversarial urls, routes, headers, parameter names and values of 10 KB,
 * 100 KB and 1 MB, time may grow about tenfold per tenfold size, not a
 * hundredfold. Ratios, not absolute times, so a busy machine does not fail it.
 */
import { endpoint, type EndpointOptions } from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import { expand } from "@routecast/endpoint/uri-template";
import { assert } from "@std/assert";

const SIZES = [10_000, 100_000, 1_000_000];
/** A linear step grows about 10x per 10x input; quadratic grows 100x. */
const MAX_RATIO = 40;
/** Below this, timer resolution and fixed costs dominate; compare against it instead. */
const FLOOR_MS = 0.5;

function best(run: () => void): number {
  let fastest = Infinity;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    run();
    fastest = Math.min(fastest, performance.now() - start);
  }
  return fastest;
}

/** Runs `make(size)()` at each size, ignoring its outcome (error or result). */
function assertLinear(label: string, make: (size: number) => () => unknown) {
  let previous = 0;
  for (const size of SIZES) {
    const call = make(size);
    const elapsed = best(() => {
      try {
        call();
      } catch (error) {
        if (!(error instanceof TypeError) && !(error instanceof SyntaxError)) throw error;
      }
    });
    if (previous > 0) {
      const ratio = elapsed / Math.max(previous, FLOOR_MS);
      assert(
        ratio <= MAX_RATIO,
        `${label}: ${size} chars took ${elapsed.toFixed(2)} ms, ${
          ratio.toFixed(1)
        }x the time of a tenth of the size`,
      );
    }
    previous = elapsed;
  }
}

/** `{ prefix0: "v", prefix1: "v", ... }` with `count` keys, built outside the timing. */
function record(count: number, prefix: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (let i = 0; i < count; i++) result[prefix + i] = "v";
  return result;
}

const CASES: [string, (size: number) => () => unknown][] = [
  // Urls and templates.
  ["url of lone braces", (n) => () => endpoint("GET /" + "{".repeat(n))],
  ["url of closing braces", (n) => () => endpoint("GET /" + "}".repeat(n))],
  ["url of nested braces", (n) => () => endpoint("GET /" + "{a{".repeat(n / 3))],
  ["url of many variables", (n) => () => endpoint("GET /{" + "a,".repeat(n / 2) + "b}", { a: 1 })],
  ["url of many expressions", (n) => () => endpoint("GET " + "/{a}".repeat(n / 4), { a: "x" })],
  ["url of :names", (n) => () => endpoint("GET " + "/:a".repeat(n / 3), { a: "x" })],
  ["url of colons after slashes", (n) => () => endpoint("GET /" + "/:".repeat(n / 2))],
  ["url of percent signs", (n) => () => endpoint("GET /" + "%".repeat(n))],
  ["url of a huge prefix", (n) => () => endpoint("GET /{a:" + "9".repeat(n) + "}")],
  ["url of non-ASCII", (n) => () => endpoint("GET /" + "é".repeat(n))],
  [
    "url of dot segments",
    (n) => () => endpoint("GET /" + "../".repeat(n / 3) + "{a}", { a: ".." }),
  ],
  ["query-heavy url", (n) => () => endpoint("GET /x?" + "a=1&".repeat(n / 4), { b: 2 })],
  // Route strings.
  ["route of spaces", (n) => () => endpoint("GET" + " ".repeat(n) + "/x")],
  ["route of many tokens", (n) => () => endpoint("GET /x " + "a ".repeat(n / 2))],
  ["route of a long method", (n) => () => endpoint("G".repeat(n) + " /x")],
  // Headers, including the ReDoS strings of CVE-2025-25285.
  [
    "accept of word characters",
    (n) => () =>
      endpoint("GET /x", { headers: { accept: "a".repeat(n) }, mediaType: { previews: ["p"] } }),
  ],
  [
    "accept of -preview runs",
    (n) => () =>
      endpoint("GET /x", {
        headers: { accept: "-preview".repeat(n / 8) },
        mediaType: { previews: ["p"] },
      }),
  ],
  [
    "accept of hyphens",
    (n) => () =>
      endpoint("GET /x", {
        headers: { accept: "-".repeat(n) + "x" },
        mediaType: { previews: ["p"] },
      }),
  ],
  ["accept of vnd dots", (n) => () =>
    endpoint("GET /x", {
      headers: { accept: "application/vnd" + ".a".repeat(n / 2) + "!" },
      mediaType: { format: "raw" },
    })],
  ["accept of repeated vnd", (n) => () =>
    endpoint("GET /x", {
      headers: { accept: "application/vnd.github".repeat(n / 22) },
      mediaType: { format: "raw" },
    })],
  [
    "accept of commas",
    (n) => () =>
      endpoint("GET /x", { headers: { accept: ",".repeat(n) }, mediaType: { format: "raw" } }),
  ],
  [
    "accept of octet-stream lookalikes",
    (n) => () =>
      endpoint("GET /x", { headers: { accept: "application/octet-strea".repeat(n / 23) } }),
  ],
  ["long header name", (n) => () => endpoint("GET /x", { headers: { ["a".repeat(n)]: "1" } })],
  [
    "long header value ending in CR",
    (n) => () => endpoint("GET /x", { headers: { authorization: "x".repeat(n) + "\r" } }),
  ],
  ["many headers", (n) => {
    const headers = record(n / 10, "X-H");
    return () => endpoint("GET /x", { headers });
  }],
  ["many previews", (n) => {
    const previews = Object.keys(record(n / 10, "p"));
    return () => endpoint("GET /x", { mediaType: { previews } });
  }],
  // Parameter names and values.
  ["long parameter name", (n) => () => endpoint("GET /x", { ["a".repeat(n)]: 1 })],
  ["many parameters", (n) => {
    const parameters = record(n / 10, "p");
    return () => endpoint("GET /x", parameters);
  }],
  ["many body parameters", (n) => {
    const parameters = record(n / 10, "p");
    return () => endpoint("POST /x", parameters);
  }],
  ["value of percent signs", (n) => () => endpoint("GET /{+a}", { a: "%".repeat(n) })],
  ["value of slashes and dots", (n) => () => endpoint("GET /{+a}/b", { a: "./".repeat(n / 2) })],
  ["value of encoded dots", (n) => () => endpoint("GET /{+a}", { a: "%2e".repeat(n / 3) })],
  ["value of lone surrogates", (n) => () => endpoint("GET /{a}", { a: "\ud800".repeat(n) })],
  ["value of astral characters", (n) => () => endpoint("GET /{a:9999}", { a: "😀".repeat(n / 2) })],
  ["q of plus signs", (n) => () => endpoint("GET /search", { q: "+".repeat(n) })],
  ["long list value", (n) => {
    const a = Object.values(record(n / 10, "v"));
    return () => endpoint("GET /x", { a });
  }],
  ["long map value", (n) => {
    const m = record(n / 10, "k");
    return () => expand("{?m*}", { m });
  }],
];

for (const [label, make] of CASES) {
  Deno.test(`endpoint() stays linear: ${label}`, () => assertLinear(label, make));
}

Deno.test("lite endpoint() stays linear on the template scanner", () => {
  assertLinear(
    "lite url",
    (n) => () => lite("GET /" + "{a}".repeat(n / 3), { a: "x" } as EndpointOptions),
  );
});
