/**
 * Memory of endpoint(): heap growth over 1e6 calls with a fixed route set
 * after warm-up (should be flat), and bytes allocated per call, measured as
 * the heap growth of a batch small enough to fit the young generation (no
 * GC in between). Run with `--v8-flags=--expose-gc,--max-semi-space-size=64`;
 * prints JSON.
 *
 * @module
 */
import { endpoint } from "../mod.ts";
import { endpoint as lite } from "../lite.ts";

const gc = (globalThis as unknown as { gc: () => void }).gc;
const ROUTES: [string, Record<string, unknown>][] = [
  ["GET /repos/{owner}/{repo}/issues", {
    owner: "octocat",
    repo: "hello",
    state: "open",
    per_page: 100,
  }],
  ["POST /repos/{owner}/{repo}/issues", {
    owner: "octocat",
    repo: "hello",
    title: "Bug",
    labels: ["bug"],
  }],
  ["PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" }],
  ["GET /search/issues", { q: "repo:octocat/hello is:open", sort: "created" }],
];

function measure(call: typeof endpoint) {
  const run = (count: number) => {
    let length = 0;
    for (let i = 0; i < count; i++) {
      const [route, parameters] = ROUTES[i % ROUTES.length];
      length += call(route, parameters).url.length;
    }
    return length;
  };
  run(100_000);
  gc();
  const before = Deno.memoryUsage().heapUsed;
  run(1_000_000);
  gc();
  const growth = Deno.memoryUsage().heapUsed - before;
  const batch = 20_000;
  gc();
  const start = Deno.memoryUsage().heapUsed;
  run(batch);
  const perCall = (Deno.memoryUsage().heapUsed - start) / batch;
  return { heapGrowthBytes: growth, bytesPerCall: Math.round(perCall) };
}

console.log(JSON.stringify({ main: measure(endpoint), lite: measure(lite) }));
