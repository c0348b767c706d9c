/**
 * Which engine a public call runs on: short url values on the TS engine
 * (one call into WebAssembly costs more than it saves), long ones on
 * WebAssembly. Results are the same either way, so the choice is observed by
 * wrapping the WebAssembly module's `expand` entry, which every WebAssembly
 * expansion goes through; nothing else here depends on how the choice is made.
 * Each test uses route texts of its own, so no compiled template is shared.
 */
import { endpoint } from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import { expand, parseTemplate } from "@routecast/endpoint/uri-template";
import { wasmExportsForTests } from "../src/uri_template/_wasm_engine.ts";
import { assert, assertEquals } from "@std/assert";

const SHORT = "octocat";
const LONG = "x".repeat(4096);

/** Runs `body` and returns how many expansions reached WebAssembly meanwhile. */
function wasmExpansions(body: () => void): number {
  const exports = wasmExportsForTests();
  assert(exports !== undefined, "WebAssembly runs in Deno");
  const original = exports.expand;
  let calls = 0;
  exports.expand = (...args) => {
    calls++;
    return original(...args);
  };
  try {
    body();
  } finally {
    exports.expand = original;
  }
  return calls;
}

let routeCount = 0;
/** A route text no other test (nor an earlier call) has compiled. */
function fresh(route: string): string {
  return route.replace("/", `/choice${routeCount++}/`);
}

/** Each kind of url template, with a short and a long value for its variable. */
const ROUTES: [string, (value: string) => Record<string, unknown>][] = [
  ["GET /repos/{owner}/{repo}", (value) => ({ owner: value, repo: "r" })],
  ["GET /repos/:owner/issues", (value) => ({ owner: value, state: "open" })],
  ["GET /files/{+path}{?ref}", (value) => ({ path: value, ref: "main" })],
  ["GET /files{/segments*}", (value) => ({ segments: ["a", value] })],
  ["POST /repos/{owner}/issues", (value) => ({ owner: value, title: "t" })],
  ["GET https://uploads.example.com/{owner}/assets{?name}", (value) => ({ owner: value })],
];

Deno.test("endpoint() expands short url values without WebAssembly", () => {
  for (const [route, parameters] of ROUTES) {
    const calls = wasmExpansions(() => {
      for (let i = 0; i < 3; i++) endpoint(fresh(route), parameters(SHORT));
      const text = fresh(route);
      for (let i = 0; i < 3; i++) endpoint(text, parameters(SHORT));
    });
    assertEquals(calls, 0, route);
  }
});

Deno.test("endpoint() expands url values of several KB on WebAssembly, with the TS result", () => {
  for (const [route, parameters] of ROUTES) {
    const text = fresh(route);
    let url = "";
    const calls = wasmExpansions(() => {
      url = endpoint(text, parameters(LONG)).url;
    });
    assert(calls >= 1, `${route}: no expansion reached WebAssembly`);
    assertEquals(url, lite(text, parameters(LONG)).url, route);
  }
});

Deno.test("endpoint.defaults() builders and parse(merge()) choose the engine as endpoint() does", () => {
  const route = "GET /orgs/{org}/repos/{repo}";
  for (const [value, reachesWasm] of [[SHORT, false], [LONG, true]] as const) {
    const withOrg = endpoint.defaults({ org: value });
    const calls = [
      wasmExpansions(() => withOrg(fresh(route), { repo: "r" })),
      wasmExpansions(() => withOrg(fresh(route), { repo: "r", per_page: 2 })),
      wasmExpansions(() => endpoint.parse(endpoint.merge(fresh(route), { org: value, repo: "r" }))),
      wasmExpansions(() => endpoint({ url: fresh("/orgs/{org}"), org: value })),
    ];
    for (const [index, count] of calls.entries()) {
      assertEquals(count > 0, reachesWasm, `case ${index} with a ${value.length}-char value`);
    }
  }
});

Deno.test("parseTemplate() runs on WebAssembly when asked, or by default for long values", () => {
  const template = "/choice/{owner}/{+path}{?q}";
  const variables = (value: string) => ({ owner: "o", path: value, q: "x" });
  for (const value of [SHORT, LONG]) {
    const expected = parseTemplate(template, { engine: "ts" }).expand(variables(value));
    let result = "";
    assertEquals(
      wasmExpansions(() => {
        result = parseTemplate(template, { engine: "ts" }).expand(variables(value));
      }),
      0,
      "engine ts never reaches WebAssembly",
    );
    assertEquals(
      wasmExpansions(() => {
        result = parseTemplate(template, { engine: "wasm" }).expand(variables(value));
      }),
      1,
      "engine wasm always does",
    );
    assertEquals(result, expected);
  }
  // Whatever the default engine does with short values, long ones run on WebAssembly.
  let result = "";
  const calls = wasmExpansions(() => {
    result = expand(template, variables(LONG));
  });
  assertEquals(calls, 1);
  assertEquals(result, expand(template, variables(LONG), { engine: "ts" }));
});

Deno.test("the lite endpoint() never reaches WebAssembly, whatever the value length", () => {
  for (const [route, parameters] of ROUTES) {
    for (const value of [SHORT, LONG]) {
      assertEquals(wasmExpansions(() => lite(fresh(route), parameters(value))), 0, route);
    }
  }
});
