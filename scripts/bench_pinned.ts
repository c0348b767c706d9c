/**
 * Today's `endpoint` against a pinned build (`--against`: `ad6d2bb`, before
 * the hardening, or `d867c0c`, before the redesign; benchmarks/_pinned/, by
 * scripts/pin_build.ts) on the workloads W1-W5 (benchmarks/_workloads.ts), with the hand-written function and
 * @octokit/endpoint beside them; the default template engine against the
 * pinned one and `uri-templates` on a pre-parsed template; `fromOpenAPI`
 * against a plain `createEndpoint` call of the same route.
 *
 * The machine is shared, so times are this process's CPU time (not the
 * clock's, which counts the time other processes take the cores), only
 * ratios count, and each ratio is measured two ways:
 *
 * - in one process: rounds in which every peer of a case runs after the
 *   other (the order reversed every other round), each taking the fastest
 *   of five batches of about 2 ms; the ratio is the median of the rounds'
 *   ratios, and also that of each peer's fastest round;
 * - in alternating processes (`--processes N`): for each case, N processes
 *   for each side, started one after the other, each running one side of
 *   that case and nothing else; the ratio is that of the medians.
 *
 * With `--bundled`, today's side of W1-W5 and the template case is today's
 * npm build (`deno task build:npm` first) bundled exactly as the pinned
 * builds are, so that both sides are the same kind of artifact: one module
 * against one module. Without it, today's side is the source as Deno runs
 * it, a graph of modules, which is what a Deno user imports; the
 * difference between the two runs is what the module structure costs.
 *
 * Run: `deno run -A scripts/bench_pinned.ts [--rounds 21] [--processes 0] [--case <name>]
 * [--against ad6d2bb|d867c0c] [--bundled]`
 *
 * @module
 */

import { parseArgs } from "node:util";
import process from "node:process";
import { endpoint } from "@routecast/endpoint";
import { createEndpoint } from "@routecast/endpoint/lite";
import { parseTemplate } from "@routecast/endpoint/uri-template";
import { fromOpenAPI } from "@routecast/endpoint/openapi";
import { endpoint as octokit } from "@octokit/endpoint";
import UriTemplates from "uri-templates";
import { bundleNpmBuild, PINNED_COMMITS } from "./pin_build.ts";
import * as esbuild from "esbuild";
import {
  type Builder,
  type Call,
  DEFAULTS_ROUTE,
  DESCRIPTION,
  GET,
  GET_ROUTE,
  handWrittenDefaults,
  handWrittenGet,
  handWrittenPost,
  handWrittenRoute,
  LEVEL_1,
  LEVEL_2,
  MIX,
  OPENAPI_BASE,
  POST,
  POST_ROUTE,
  REALISTIC,
  STRING_VARIABLES,
  TYPE,
  VARIABLES,
} from "../benchmarks/_workloads.ts";

const { values: flags } = parseArgs({
  args: Deno.args,
  options: {
    rounds: { type: "string", default: "21" },
    processes: { type: "string", default: "0" },
    child: { type: "string" },
    case: { type: "string" },
    against: { type: "string", default: "ad6d2bb" },
    bundled: { type: "boolean", default: false },
  },
});

/**
 * The pinned build "old" is: `ad6d2bb` (before the hardening, issue 23's
 * point of comparison) or `d867c0c` (before the redesign, "One rule, one
 * place"), each in benchmarks/_pinned/.
 */
if (!PINNED_COMMITS.includes(flags.against)) {
  throw new TypeError(`--against ${flags.against}: expected one of ${PINNED_COMMITS.join(", ")}`);
}
const { endpoint: pinnedEndpoint, parseTemplate: pinnedParseTemplate } = await import(
  `../benchmarks/_pinned/${flags.against}.js`
);

/** Today's npm build, bundled as the pinned builds are (`--bundled`). */
async function bundledToday(): Promise<{ endpoint: unknown; parseTemplate: typeof parseTemplate }> {
  const root = new URL("../", import.meta.url).pathname;
  try {
    await Deno.stat(`${root}npm/esm/mod.js`);
  } catch {
    throw new Error("--bundled bundles today's npm build: run `deno task build:npm` first");
  }
  const code = await bundleNpmBuild(root);
  await esbuild.stop();
  const file = await Deno.makeTempFile({ prefix: "routecast-today-", suffix: ".js" });
  await Deno.writeTextFile(file, code);
  try {
    return await import(`file://${file}`);
  } finally {
    await Deno.remove(file);
  }
}
const SIDE = flags.bundled
  ? "as its npm build bundled like the pinned one"
  : "as Deno runs its source (a graph of modules)";
const current = flags.bundled ? await bundledToday() : { endpoint, parseTemplate };

let sink = 0;
function use(result: { url: string } | string): void {
  const text = typeof result === "string" ? result : result.url;
  sink = (sink + text.charCodeAt(text.length - 1)) | 0;
}

const AUTHORIZED = { ...GET, headers: { authorization: "token 0000" } };
const UA = String(endpoint.DEFAULTS.headers["user-agent"]);
/** One workload's calls for one builder. */
function workloads(builder: Builder): Record<string, () => void> {
  const twoSteps = builder as unknown as {
    merge(route: string, options: object): object;
    parse(options: object): { url: string };
  };
  const twoLevels = builder.defaults(LEVEL_1).defaults(LEVEL_2);
  return {
    W1: () => use(builder(GET_ROUTE, GET)),
    W2: () => use(builder(POST_ROUTE, POST)),
    W3: () => use(twoLevels(DEFAULTS_ROUTE, TYPE)),
    W4: () => {
      for (const [route, parameters] of MIX) use(builder(route, parameters));
    },
    // W5: W1 with a header, as @octokit/request builds every request.
    W5: () => use(twoSteps.parse(twoSteps.merge(GET_ROUTE, AUTHORIZED))),
  };
}

function templateCase(parse: (text: string) => { expand(values: object): string }): () => void {
  const template = parse(REALISTIC);
  return () => use(template.expand(VARIABLES));
}

/** The peers of each case; the first two are compared (new, then old). */
function cases(): Record<string, Record<string, () => void>> {
  const today = workloads(current.endpoint as unknown as Builder);
  const before = workloads(pinnedEndpoint as Builder);
  const reference = workloads(octokit as unknown as Builder);
  const uriTemplates = new UriTemplates(REALISTIC);
  const described = fromOpenAPI(DESCRIPTION) as unknown as Call;
  const plain = createEndpoint({ baseUrl: OPENAPI_BASE }) as unknown as Call;
  return {
    W1: {
      new: today.W1,
      old: before.W1,
      hand: () => use(handWrittenGet(UA)),
      octokit: reference.W1,
    },
    W2: {
      new: today.W2,
      old: before.W2,
      hand: () => use(handWrittenPost(UA)),
      octokit: reference.W2,
    },
    W3: {
      new: today.W3,
      old: before.W3,
      hand: () => use(handWrittenDefaults(UA)),
      octokit: reference.W3,
    },
    W4: {
      new: today.W4,
      old: before.W4,
      hand: () => {
        for (const [route, parameters] of MIX) use(handWrittenRoute(route, parameters, UA));
      },
      octokit: reference.W4,
    },
    W5: { new: today.W5, old: before.W5, octokit: reference.W5 },
    template: {
      new: templateCase(current.parseTemplate),
      old: templateCase(pinnedParseTemplate),
      "uri-templates": () => use(uriTemplates.fill!(STRING_VARIABLES)),
    },
    "openapi GET": {
      new: () => use(described(GET_ROUTE, GET)),
      old: () => use(plain(GET_ROUTE, GET)),
    },
    "openapi POST": {
      new: () => use(described(POST_ROUTE, POST)),
      old: () => use(plain(POST_ROUTE, POST)),
    },
  };
}

/**
 * CPU nanoseconds per call of `run` over `count` calls: this process's own
 * time, so that other processes on the shared cores do not count.
 */
function time(run: () => void, count: number): number {
  const start = process.cpuUsage();
  for (let i = 0; i < count; i++) run();
  const spent = process.cpuUsage(start);
  return (spent.user + spent.system) * 1e3 / count;
}

/** How many calls of `run` take about 2 ms of CPU time. */
function calibrate(run: () => void): number {
  for (let count = 1000;; count *= 2) {
    const elapsed = time(run, count) * count / 1e6;
    if (elapsed > 5) return Math.max(1, Math.round(count * 2 / elapsed));
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Times every peer of every case in interleaved rounds: ns per call, by case and peer. */
function measure(
  all: Record<string, Record<string, () => void>>,
  rounds: number,
): Record<string, Record<string, number[]>> {
  const counts: Record<string, Record<string, number>> = {};
  const times: Record<string, Record<string, number[]>> = {};
  for (const [name, peers] of Object.entries(all)) {
    counts[name] = {};
    times[name] = {};
    for (const [peer, run] of Object.entries(peers)) {
      counts[name][peer] = calibrate(run);
      times[name][peer] = [];
    }
  }
  for (let round = 0; round < rounds; round++) {
    for (const [name, peers] of Object.entries(all)) {
      const order = Object.keys(peers);
      if (round % 2 === 1) order.reverse();
      for (const peer of order) {
        // A round's time is its fastest of five batches: other load only ever adds time.
        let fastest = Infinity;
        for (let batch = 0; batch < 5; batch++) {
          fastest = Math.min(fastest, time(peers[peer], counts[name][peer]));
        }
        times[name][peer].push(fastest);
      }
    }
  }
  return times;
}

const format = (ns: number) => ns >= 1000 ? `${(ns / 1000).toFixed(2)} µs` : `${ns.toFixed(0)} ns`;

/** The cases, or only the one `--case` names. */
function chosen(): Record<string, Record<string, () => void>> {
  const all = cases();
  return flags.case === undefined ? all : { [flags.case]: all[flags.case] };
}

function inProcess(rounds: number): void {
  const times = measure(chosen(), rounds);
  console.log(
    `Today ${SIDE}, against ${flags.against}.\nOne process, ${rounds} interleaved rounds (medians; ratios are medians of the rounds' ratios; fastest batches' ratio in brackets):`,
  );
  console.log("| case | old | new | new / old | new / hand-written | other / new |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const [name, peers] of Object.entries(times)) {
    const ratio = (peer: string, over: string) =>
      median(peers[peer].map((value, round) => value / peers[over][round]));
    const fastest = (peer: string, over: string) =>
      ` (${(Math.min(...peers[peer]) / Math.min(...peers[over])).toFixed(2)}x)`;
    const hand = peers.hand === undefined
      ? ""
      : `${ratio("new", "hand").toFixed(2)}x${fastest("new", "hand")}`;
    const other = Object.keys(peers).find((peer) => !["new", "old", "hand"].includes(peer));
    const versus = other === undefined ? "" : `${other} ${ratio(other, "new").toFixed(2)}x`;
    console.log(
      `| ${name} | ${format(median(peers.old))} | ${format(median(peers.new))} | ${
        ratio("new", "old").toFixed(3)
      }x${fastest("new", "old")} | ${hand} | ${versus} |`,
    );
  }
}

async function alternating(processes: number, rounds: number): Promise<void> {
  console.log(
    `\nToday ${SIDE}, against ${flags.against}.\n${processes} processes per side and case, alternating, each running one side of one case (median of the processes' medians; each side's fastest and slowest process, for a process's JIT can settle in a slower state for its whole life):`,
  );
  console.log(
    "| case | old | new | new / old | fastest new / fastest old | old range | new range |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const name of Object.keys(chosen())) {
    const sides: Record<string, number[]> = { new: [], old: [] };
    for (let i = 0; i < processes * 2; i++) {
      const side = i % 2 === 0 ? "new" : "old";
      const output = await new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "-A",
          import.meta.filename!,
          "--child",
          side,
          "--case",
          name,
          "--rounds",
          String(rounds),
          "--against",
          flags.against,
          ...(flags.bundled ? ["--bundled"] : []),
        ],
        stderr: "inherit",
      }).output();
      if (!output.success) throw new Error(`the ${side} process of ${name} failed`);
      sides[side].push(Number(new TextDecoder().decode(output.stdout)));
    }
    const [old, today] = [median(sides.old), median(sides.new)];
    const range = (values: number[]) =>
      `${format(Math.min(...values))}–${format(Math.max(...values))}`;
    console.log(
      `| ${name} | ${format(old)} | ${format(today)} | ${(today / old).toFixed(3)}x | ${
        (Math.min(...sides.new) / Math.min(...sides.old)).toFixed(3)
      }x | ${range(sides.old)} | ${range(sides.new)} |`,
    );
  }
}

if (import.meta.main) {
  const rounds = Number(flags.rounds);
  if (flags.child !== undefined) {
    // One side of one case only: nothing else runs in this process.
    const side = flags.child;
    const run = cases()[flags.case!][side];
    // Half a second of CPU first, so that the measured code runs optimised.
    time(run, calibrate(run) * 250);
    console.log(median(measure({ [flags.case!]: { [side]: run } }, rounds)[flags.case!][side]));
  } else {
    inProcess(rounds);
    const processes = Number(flags.processes);
    if (processes > 0) await alternating(processes, Math.max(3, rounds >> 1));
  }
  if (sink === 0.5) console.log(sink);
}
