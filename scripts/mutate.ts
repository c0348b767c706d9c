/**
 * Mutation testing: does the test suite catch the bugs it claims to? Applies
 * each mutant of `scripts/mutants.json` (a small exact-text patch: a dropped
 * check, a flipped boundary, a wrong separator, a swapped merge order...) to
 * the tree, one at a time, runs the Deno unit tests against it, restores the
 * tree, and prints the score and the mutants no test caught.
 *
 * A mutant's `original` text must occur exactly once in its file; one that
 * does not is reported as stale, so the list is kept in step with the code.
 * Mutants of `uritemplate-wasm/` are compiled (`deno task build:wasm`) before
 * their tests, and the tree is rebuilt after the restore. Whatever happens
 * (a failure, Ctrl-C), the touched files are restored and checked with
 * `git diff --quiet`.
 *
 * The tests run with `--unstable-unsafe-proto` (so `__proto__` is a setter,
 * as in Node and browsers), `--no-check` (a mutant is judged by behaviour, not
 * by the type checker), `--fail-fast` and no `--parallel`. They leave out:
 * - tests/linear_time_test.ts: timings, which load on a shared machine
 *   distorts (rule 16 mutants are marked equivalent for that reason);
 * - tests/package_test.ts: builds and packs the npm package (minutes);
 * - tests/bundle_size_test.ts: bundles the npm build, which a run does not make;
 * - tests/jsr_test.ts: `deno doc --lint` and `deno publish --dry-run`;
 * - tests/types_scale_test.ts: type checking only, about 30 s;
 * - tests/octokit_types_test.ts: type checking, and the packed npm build, which a run does not make;
 * - tests/mutants_test.ts: it checks that each mutant's original text is
 *   there, so it would fail on every mutant;
 * - the timed test of tests/cache_test.ts (skipped when `ROUTECAST_MUTATE=1`);
 * - tests/node/ and tests/browser/: they run on the npm build;
 * - benchmarks/ and doc tests.
 *
 * Run: `deno task mutate [--list] [--only <id>[,<id>]] [--timeout <seconds>]
 * [--equivalent] [--no-baseline] [--skip-test <file>[,<file>]]`
 *
 * @module
 */

import { parseArgs } from "node:util";

const ROOT = new URL("../", import.meta.url);
const MUTANTS = new URL("scripts/mutants.json", ROOT);
const WASM_SOURCES = "uritemplate-wasm/";
const WASM_GENERATED = "src/uri_template/_wasm_bytes.generated.ts";

/** Test files left out of mutation runs (see the module doc for why). */
export const EXCLUDED_TESTS: readonly string[] = [
  "linear_time_test.ts",
  "package_test.ts",
  "bundle_size_test.ts",
  "jsr_test.ts",
  "types_scale_test.ts",
  "octokit_types_test.ts",
  "mutants_test.ts",
];

/**
 * Test files run first, in this order: quick ones that catch most mutants,
 * so that `--fail-fast` stops early. The rest follow by name, and the slow
 * memory tests last.
 */
const FIRST_TESTS = [
  "endpoint_test.ts",
  "endpoint_edges_test.ts",
  "prototype_safety_test.ts",
  "uri_template_test.ts",
  "uri_template_conformance_test.ts",
  "engine_choice_test.ts",
  "wasm_boundaries_test.ts",
  "url_test.ts",
  "plan_test.ts",
  "path_safety_test.ts",
  "no_dynamic_code_test.ts",
  "engine_differential_test.ts",
  "properties_test.ts",
];
const LAST_TESTS = ["cli_test.ts", "wasm_engine_test.ts", "resources_test.ts"];

/** One mutant of scripts/mutants.json. */
export interface Mutant {
  /** A short unique name, for `--only`. */
  readonly id: string;
  /** The file to change, relative to the repository root. */
  readonly file: string;
  /** Text that must occur exactly once in the file. */
  readonly original: string;
  /** What replaces it. */
  readonly replacement: string;
  /** The bug it plants, in one line. */
  readonly reason: string;
  /** Why no test can tell it apart, for a mutant that cannot change behaviour. */
  readonly equivalent?: string;
}

/** What became of one mutant. */
export type Outcome =
  | { readonly status: "killed"; readonly by: string; readonly seconds: number }
  | { readonly status: "timeout"; readonly seconds: number }
  | { readonly status: "survived"; readonly seconds: number }
  | { readonly status: "stale"; readonly occurrences: number };

/** Reads and checks the mutant list. */
export async function readMutants(url: URL = MUTANTS): Promise<Mutant[]> {
  const { mutants } = JSON.parse(await Deno.readTextFile(url)) as { mutants: Mutant[] };
  const ids = new Set<string>();
  for (const mutant of mutants) {
    for (const key of ["id", "file", "original", "replacement", "reason"] as const) {
      if (typeof mutant[key] !== "string") {
        throw new TypeError(
          `Invalid mutant ${JSON.stringify(mutant.id)}: expected a string ${key}`,
        );
      }
    }
    if (ids.has(mutant.id)) throw new TypeError(`Duplicate mutant id ${JSON.stringify(mutant.id)}`);
    ids.add(mutant.id);
  }
  return mutants;
}

/** How many times `part` occurs in `text` (non-overlapping). */
export function occurrences(text: string, part: string): number {
  let count = 0;
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length)) count++;
  return count;
}

/**
 * The test files a mutation run uses, in the order they run, without
 * `skipped` (file names in tests/).
 */
export async function testFiles(skipped: readonly string[] = []): Promise<string[]> {
  const excluded = [...EXCLUDED_TESTS, ...skipped];
  const names: string[] = [];
  for await (const entry of Deno.readDir(new URL("tests/", ROOT))) {
    if (entry.isFile && entry.name.endsWith("_test.ts") && !excluded.includes(entry.name)) {
      names.push(entry.name);
    }
  }
  const middle = names.filter((name) => !FIRST_TESTS.includes(name) && !LAST_TESTS.includes(name))
    .sort();
  return [...FIRST_TESTS, ...middle, ...LAST_TESTS]
    .filter((name) => names.includes(name))
    .map((name) => `tests/${name}`);
}

async function run(args: string[], signal?: AbortSignal): Promise<Deno.CommandOutput> {
  return await new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    // Tests that time themselves skip mutation runs (tests/cache_test.ts).
    env: { ROUTECAST_MUTATE: "1" },
    stdout: "piped",
    stderr: "piped",
    signal,
  }).output();
}

async function git(...args: string[]): Promise<boolean> {
  const output = await new Deno.Command("git", { args, cwd: ROOT, stdout: "null", stderr: "null" })
    .output();
  return output.success;
}

/** The child process of the test run in progress, for Ctrl-C to stop. */
let running: AbortController | undefined;
let interrupted = false;

const ANSI = new RegExp(String.fromCharCode(27) + "\\[[0-9;]*m", "g");

/**
 * Runs the tests once; returns whether they passed, the first failing test,
 * and whether the timeout stopped them.
 */
async function runTests(
  files: readonly string[],
  timeoutSeconds: number,
): Promise<{ passed: boolean; failed: string; timedOut: boolean }> {
  if (interrupted) return { passed: false, failed: "", timedOut: false };
  const controller = new AbortController();
  running = controller;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutSeconds * 1000);
  try {
    const output = await run([
      "test",
      "--no-check",
      "--unstable-unsafe-proto",
      "--fail-fast",
      "--allow-read",
      "--allow-env",
      "--allow-run",
      "--allow-net",
      "--allow-write",
      ...files,
    ], controller.signal);
    const text = new TextDecoder().decode(output.stdout).replace(ANSI, "");
    const failed = text.split("\n").find((line) =>
      line.endsWith(" FAILED") || / FAILED \(/.test(line)
    );
    return {
      passed: output.success,
      failed: failed?.replace(/ \.\.\. FAILED.*$/, "") ??
        new TextDecoder().decode(output.stderr).replace(ANSI, "").trim().split("\n")[0] ?? "",
      timedOut,
    };
  } catch (error) {
    if (controller.signal.aborted) return { passed: false, failed: "", timedOut };
    throw error;
  } finally {
    clearTimeout(timer);
    running = undefined;
  }
}

async function buildWasm(): Promise<void> {
  const output = await run(["task", "build:wasm"]);
  if (!output.success) {
    throw new Error(`deno task build:wasm failed: ${new TextDecoder().decode(output.stderr)}`);
  }
}

/**
 * Applies `mutant`, runs `files` against it and restores the tree, also
 * when the run fails or is interrupted.
 */
async function tryMutant(
  mutant: Mutant,
  files: readonly string[],
  timeoutSeconds: number,
): Promise<Outcome> {
  const path = new URL(mutant.file, ROOT);
  const original = await Deno.readTextFile(path);
  const count = occurrences(original, mutant.original);
  if (count !== 1) return { status: "stale", occurrences: count };
  const wasm = mutant.file.startsWith(WASM_SOURCES);
  const generatedPath = new URL(WASM_GENERATED, ROOT);
  const generated = wasm ? await Deno.readTextFile(generatedPath) : "";
  const start = performance.now();
  const seconds = () => Math.round((performance.now() - start) / 1000);
  let outcome: Outcome;
  try {
    await Deno.writeTextFile(path, original.replace(mutant.original, () => mutant.replacement));
    if (wasm) await buildWasm();
    const result = await runTests(files, timeoutSeconds);
    outcome = result.timedOut
      ? { status: "timeout", seconds: seconds() }
      : result.passed
      ? { status: "survived", seconds: seconds() }
      : { status: "killed", by: result.failed, seconds: seconds() };
  } finally {
    await Deno.writeTextFile(path, original);
    if (wasm) {
      // Rebuilt from the restored sources; the saved copy is the fallback,
      // should the build not give the same bytes.
      await buildWasm().catch(() => {});
      if (!await git("diff", "--quiet", "--", WASM_GENERATED)) {
        await Deno.writeTextFile(generatedPath, generated);
      }
    }
  }
  for (const file of wasm ? [mutant.file, WASM_GENERATED] : [mutant.file]) {
    if (!await git("diff", "--quiet", "--", file)) {
      throw new Error(`${file} differs from git after restoring mutant ${mutant.id}`);
    }
  }
  return outcome;
}

function describe(outcome: Outcome): string {
  switch (outcome.status) {
    case "killed":
      return `killed (${outcome.seconds} s) by ${outcome.by}`;
    case "timeout":
      return `killed by the timeout (${outcome.seconds} s)`;
    case "survived":
      return `SURVIVED (${outcome.seconds} s)`;
    case "stale":
      return `STALE: the original text occurs ${outcome.occurrences} times, expected once`;
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      list: { type: "boolean", default: false },
      only: { type: "string", multiple: true },
      "skip-test": { type: "string", multiple: true },
      timeout: { type: "string", default: "900" },
      equivalent: { type: "boolean", default: false },
      "no-baseline": { type: "boolean", default: false },
    },
  });
  const mutants = await readMutants();
  if (values.list) {
    for (const mutant of mutants) {
      const note = mutant.equivalent === undefined ? "" : ` [equivalent: ${mutant.equivalent}]`;
      console.log(`${mutant.id}  ${mutant.file}\n    ${mutant.reason}${note}`);
    }
    console.log(`${mutants.length} mutants`);
    return 0;
  }
  const only = (values.only ?? []).flatMap((item) => item.split(","));
  for (const id of only) {
    if (!mutants.some((mutant) => mutant.id === id)) {
      throw new TypeError(`Unknown mutant ${JSON.stringify(id)}: see deno task mutate --list`);
    }
  }
  const timeout = Number(values.timeout);
  if (!(timeout > 0)) throw new TypeError(`Invalid --timeout ${values.timeout}: expected seconds`);
  const selected = mutants.filter((mutant) =>
    only.length > 0 ? only.includes(mutant.id) : values.equivalent || !mutant.equivalent
  );
  const touched = [...new Set([...selected.map((mutant) => mutant.file), WASM_GENERATED])];
  if (!await git("diff", "--quiet", "--", ...touched)) {
    throw new Error(`Uncommitted changes in ${touched.join(", ")}: commit or stash them first`);
  }
  // E.g. --skip-test endpoint_fast_path_test.ts: which mutants only that file catches.
  const files = await testFiles((values["skip-test"] ?? []).flatMap((item) => item.split(",")));
  console.log(`Tests: ${files.join(" ")}`);

  Deno.addSignalListener("SIGINT", () => {
    interrupted = true;
    running?.abort();
  });

  if (!values["no-baseline"]) {
    const start = performance.now();
    const baseline = await runTests(files, timeout);
    const seconds = Math.round((performance.now() - start) / 1000);
    if (!baseline.passed) {
      console.log(`The tests fail without any mutant (${baseline.failed}); fix them first`);
      return 1;
    }
    console.log(`Baseline: the tests pass unmutated in ${seconds} s`);
  }

  const outcomes = new Map<Mutant, Outcome>();
  for (const [index, mutant] of selected.entries()) {
    if (interrupted) break;
    const outcome = await tryMutant(mutant, files, timeout);
    if (interrupted && outcome.status !== "stale") break;
    outcomes.set(mutant, outcome);
    console.log(`[${index + 1}/${selected.length}] ${mutant.id}: ${describe(outcome)}`);
  }

  const counted = [...outcomes].filter(([mutant, outcome]) =>
    !mutant.equivalent && outcome.status !== "stale"
  );
  const killed = counted.filter(([, outcome]) =>
    outcome.status === "killed" || outcome.status === "timeout"
  );
  const survivors = [...outcomes].filter(([, outcome]) => outcome.status === "survived");
  const stale = [...outcomes].filter(([, outcome]) => outcome.status === "stale");
  const equivalent = mutants.filter((mutant) => mutant.equivalent && !outcomes.has(mutant));
  console.log(
    `\nScore: ${killed.length}/${counted.length} non-equivalent mutants killed` +
      (counted.length > 0 ? ` (${Math.round(killed.length / counted.length * 100)}%)` : "") +
      (interrupted ? ", interrupted" : ""),
  );
  for (const [mutant] of survivors) {
    const note = mutant.equivalent ? ` (marked equivalent: ${mutant.equivalent})` : "";
    console.log(`  survived: ${mutant.id} (${mutant.file}): ${mutant.reason}${note}`);
  }
  for (const [mutant, outcome] of stale) {
    console.log(`  stale: ${mutant.id} (${mutant.file}): ${describe(outcome)}`);
  }
  for (const mutant of equivalent) {
    console.log(`  not run, equivalent: ${mutant.id}: ${mutant.equivalent}`);
  }
  const bad = survivors.some(([mutant]) => !mutant.equivalent) || stale.length > 0;
  return interrupted ? 130 : bad ? 1 : 0;
}

if (import.meta.main) Deno.exit(await main());
