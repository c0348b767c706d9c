/**
 * W1-W4 (benchmarks/_workloads.ts, the calls `deno bench` times) on Node.js,
 * and W5, W1 with an `authorization` header the way @octokit/request builds
 * it, `endpoint.parse(endpoint.merge(route, parameters))`:
 * the npm build's `.`, the build before the hardening (`ad6d2bb`, pinned in
 * benchmarks/_pinned/), `@octokit/endpoint` and the hand-written functions.
 * The machine is shared, so each peer runs in a process of its own, the
 * peers one after the other, `processes` times over; a process's time per
 * call is its fastest batch's average (15 batches of at least 20 ms each,
 * garbage collection included), every result's url read; the table gives
 * the median over the processes and the ratio of those medians to `.`'s.
 *
 * Run: `deno task bench:node [processes]` (it builds the npm package first;
 * at least 3 processes per peer, the default 5)
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = new URL("../", import.meta.url);
const PEERS = ["routecast", "routecast@ad6d2bb", "@octokit/endpoint", "hand-written"];
const WORKLOADS = ["W1", "W2", "W3", "W4", "W5"];
const BATCHES = 15;

/** benchmarks/_workloads.ts as a module Node.js can import (its types stripped). */
async function loadWorkloads() {
  const result = await build({
    entryPoints: [fileURLToPath(new URL("benchmarks/_workloads.ts", ROOT))],
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
  });
  const text = result.outputFiles[0].text;
  return await import(`data:text/javascript;base64,${Buffer.from(text).toString("base64")}`);
}

async function loadPeer(peer) {
  switch (peer) {
    case "routecast":
      return (await import(new URL("npm/esm/mod.js", ROOT).href)).endpoint;
    case "routecast@ad6d2bb":
      return (await import(new URL("benchmarks/_pinned/ad6d2bb.js", ROOT).href)).endpoint;
    case "@octokit/endpoint":
      return (await import("@octokit/endpoint")).endpoint;
  }
  return undefined;
}

/** One peer's time per call for each workload, in nanoseconds (this process). */
async function measure(peer) {
  const w = await loadWorkloads();
  const endpoint = await loadPeer(peer);
  const ua = "routecast/bench";
  const calls = endpoint === undefined
    ? {
      W1: () => w.handWrittenGet(ua).url,
      W2: () => w.handWrittenPost(ua).url,
      W3: () => w.handWrittenDefaults(ua).url,
      W4: () => {
        let last = "";
        for (const [route, parameters] of w.MIX) {
          last = w.handWrittenRoute(route, parameters, ua).url;
        }
        return last;
      },
    }
    : (() => {
      const twoLevels = endpoint.defaults(w.LEVEL_1).defaults(w.LEVEL_2);
      const withAuthorization = { ...w.GET, headers: { authorization: "token 0000" } };
      return {
        W1: () => endpoint(w.GET_ROUTE, w.GET).url,
        W2: () => endpoint(w.POST_ROUTE, w.POST).url,
        W3: () => twoLevels(w.DEFAULTS_ROUTE, w.TYPE).url,
        W4: () => {
          let last = "";
          for (const [route, parameters] of w.MIX) last = endpoint(route, parameters).url;
          return last;
        },
        W5: () => endpoint.parse(endpoint.merge(w.GET_ROUTE, withAuthorization)).url,
      };
    })();
  let sink = 0;
  const times = {};
  for (const name of WORKLOADS) {
    const call = calls[name];
    if (call === undefined) continue;
    // Warm up, doubling the batch until one takes at least 20 ms.
    let size = 1;
    for (;;) {
      const start = performance.now();
      for (let i = 0; i < size; i++) sink += call().length;
      if (performance.now() - start >= 20) break;
      size *= 2;
    }
    let best = Infinity;
    for (let batch = 0; batch < BATCHES; batch++) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < size; i++) {
        const url = call();
        sink = (sink + url.charCodeAt(url.length - 1)) | 0;
      }
      best = Math.min(best, Number(process.hrtime.bigint() - start) / size);
    }
    // W4 is a mix: per route.
    times[name] = name === "W4" ? best / w.MIX.length : best;
  }
  if (sink === 0.5) console.error(sink);
  return times;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function format(nanoseconds) {
  return nanoseconds >= 1000
    ? `${(nanoseconds / 1000).toFixed(2)} µs`
    : `${nanoseconds.toFixed(0)} ns`;
}

if (process.argv[2] === "--peer") {
  console.log(JSON.stringify(await measure(process.argv[3])));
} else {
  const processes = Number(process.argv[2] ?? 5);
  if (!(Number.isInteger(processes) && processes >= 3)) {
    throw new TypeError(
      `Invalid processes ${process.argv[2]}: expected a whole number of at least 3`,
    );
  }
  const runs = Object.fromEntries(PEERS.map((peer) => [peer, []]));
  for (let round = 0; round < processes; round++) {
    for (const peer of PEERS) {
      const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--peer", peer], {
        encoding: "utf8",
        cwd: fileURLToPath(ROOT),
      });
      if (child.status !== 0) throw new Error(`${peer} failed:\n${child.stderr}`);
      runs[peer].push(JSON.parse(child.stdout));
    }
  }
  console.log(
    `Node.js ${process.version}, ${processes} processes per peer, alternating; ` +
      "median time per call (W4: per route of the mix), and its ratio to routecast's:\n",
  );
  console.log(`| workload | ${PEERS.join(" | ")} |`);
  console.log(`|---|${PEERS.map(() => "---:").join("|")}|`);
  for (const name of WORKLOADS) {
    const base = median(runs.routecast.map((times) => times[name]));
    const cells = PEERS.map((peer) => {
      if (runs[peer][0][name] === undefined) return "";
      const time = median(runs[peer].map((times) => times[name]));
      return peer === "routecast" ? format(time) : `${format(time)} (${(time / base).toFixed(2)}x)`;
    });
    console.log(`| ${name} | ${cells.join(" | ")} |`);
  }
}
