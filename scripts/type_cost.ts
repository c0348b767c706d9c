/**
 * What typed routes cost at compile time. Writes a file of 200 calls to
 * distinct GitHub routes (path, required query and required body parameters
 * filled in, read from `@octokit/openapi-types` with the TypeScript 5.9
 * compiler API) in six variants, and times `deno check` of each with
 * `/usr/bin/time -v` (wall time and peak memory), alternating the variants:
 *
 * - `untyped`: routecast's `endpoint` with each route `as string`;
 * - `route text`: routecast's `endpoint` with route literals (today's inference);
 * - `typed`: `typed<paths>(endpoint)` with GitHub's full `paths`;
 * - `typed OpenAPIEndpoint`: `typed<paths>()` of the builder type `fromOpenAPI`
 *   returns, where every route is an operation placed as the description says;
 * - `./octokit`: the drop-in flavour's `endpoint` (route literals, typed as
 *   @octokit/types' `EndpointInterface` expects);
 * - `@octokit/types`: the reference's `endpoint` (typed by `@octokit/types`' `Endpoints`).
 *
 * The calls are checked as a consumer checks them: in a scratch project
 * that installed the packed npm package (built by `deno task build:npm`),
 * `@octokit/endpoint` and `@octokit/openapi-types` (offline, packed out of
 * node_modules at the pinned versions), so routecast's own source is not part of the cost. Every
 * variant must type-check clean. Prints a Markdown table of medians.
 *
 * Run: `deno task build:npm && deno task type-cost [runs]` (default 5 runs of each variant)
 *
 * @module
 */

import ts from "typescript-5";
import { packDevDependencies } from "../tests/_dev_tarballs.mjs";

const ROOT = new URL("../", import.meta.url);
const CALLS = 200;

/** One call: the route and its options as source text. */
interface Call {
  readonly route: string;
  readonly options: string;
}

/** A literal for a value of `type`, or `undefined` when the script cannot make one. */
function valueFor(type: ts.Type, checker: ts.TypeChecker): string | undefined {
  if (type.isUnion()) {
    const members = type.types.filter((member) =>
      !(member.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined))
    );
    for (const member of members) {
      const value = valueFor(member, checker);
      if (value !== undefined) return value;
    }
    return undefined;
  }
  if (type.isStringLiteral()) return JSON.stringify(type.value);
  if (type.isNumberLiteral()) return String(type.value);
  if (type.flags & ts.TypeFlags.String) return '"x"';
  if (type.flags & ts.TypeFlags.Number) return "1";
  if (type.flags & (ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral)) return "true";
  if (checker.isArrayType(type)) {
    const [item] = checker.getTypeArguments(type as ts.TypeReference);
    const value = valueFor(item, checker);
    return value === undefined ? undefined : `[${value}]`;
  }
  return undefined;
}

/** The property `name` of `type`, as a non-nullable type, or `undefined`. */
function property(type: ts.Type, name: string, checker: ts.TypeChecker) {
  const symbol = type.getProperty(name);
  if (symbol === undefined) return undefined;
  const optional = (symbol.flags & ts.SymbolFlags.Optional) !== 0;
  return { type: checker.getNonNullableType(checker.getTypeOfSymbol(symbol)), optional };
}

/** `name: value` for each required property of `type`, or `undefined` if one has no literal. */
function requiredEntries(type: ts.Type, checker: ts.TypeChecker): string[] | undefined {
  const entries: string[] = [];
  for (const symbol of type.getProperties()) {
    if (symbol.flags & ts.SymbolFlags.Optional) continue;
    const value = valueFor(checker.getTypeOfSymbol(symbol), checker);
    if (value === undefined) return undefined;
    entries.push(`${JSON.stringify(symbol.name)}: ${value}`);
  }
  return entries;
}

/** The options of an operation, or `undefined` when the script cannot fill them in. */
function optionsFor(operation: ts.Type, method: string, checker: ts.TypeChecker) {
  const entries: string[] = [];
  const parameters = property(operation, "parameters", checker)?.type;
  for (const where of ["path", "query"]) {
    const found = parameters && property(parameters, where, checker);
    if (found === undefined) continue;
    const required = requiredEntries(found.type, checker);
    if (required === undefined) return undefined;
    // Other methods send unnamed parameters in the body; such routes are left out.
    if (where === "query" && method !== "get" && required.length > 0) return undefined;
    entries.push(...required);
  }
  const body = property(operation, "requestBody", checker);
  const json = body && !body.optional &&
    property(
      property(body.type, "content", checker)?.type ?? body.type,
      "application/json",
      checker,
    );
  if (body && !body.optional && !json) return undefined;
  if (json) {
    if (json.type.isUnion() || checker.isArrayType(json.type)) return undefined;
    const required = requiredEntries(json.type, checker);
    if (required === undefined) return undefined;
    entries.push(...required);
  }
  return `{ ${entries.join(", ")} }`;
}

/** 200 calls to distinct GitHub routes, spread evenly over those the script can fill in. */
export function githubCalls(): Call[] {
  const file = new URL("node_modules/@octokit/openapi-types/types.d.ts", ROOT).pathname;
  const program = ts.createProgram([file], { strict: true, noEmit: true, types: [] });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  const paths = checker.getExportsOfModule(module).find((symbol) => symbol.name === "paths")!;
  const calls: Call[] = [];
  for (const path of checker.getDeclaredTypeOfSymbol(paths).getProperties()) {
    const item = checker.getTypeOfSymbol(path);
    for (const method of ["get", "post", "patch", "put", "delete"]) {
      const operation = property(item, method, checker);
      if (operation === undefined) continue;
      const options = optionsFor(operation.type, method, checker);
      if (options === undefined) continue;
      calls.push({ route: `${method.toUpperCase()} ${path.name}`, options });
    }
  }
  if (calls.length < CALLS) throw new Error(`Only ${calls.length} routes could be filled in`);
  return Array.from({ length: CALLS }, (_, i) => calls[Math.floor(i * calls.length / CALLS)]);
}

/** The variants: the import lines and how each call is written. */
export const VARIANTS = {
  "untyped": {
    header: ['import { endpoint } from "@routecast/endpoint";'],
    call: ({ route, options }: Call) => `endpoint(${JSON.stringify(route)} as string, ${options});`,
  },
  "route text": {
    header: ['import { endpoint } from "@routecast/endpoint";'],
    call: ({ route, options }: Call) => `endpoint(${JSON.stringify(route)}, ${options});`,
  },
  "typed": {
    header: [
      'import type { paths } from "@octokit/openapi-types";',
      'import { endpoint, typed } from "@routecast/endpoint";',
      "const github = typed<paths>(endpoint);",
    ],
    call: ({ route, options }: Call) => `github(${JSON.stringify(route)}, ${options});`,
  },
  "typed OpenAPIEndpoint": {
    header: [
      'import type { paths } from "@octokit/openapi-types";',
      'import { endpoint, type OpenAPIEndpoint, typed } from "@routecast/endpoint";',
      // The type fromOpenAPI(description) returns; only the types are checked.
      "const github = typed<paths>(endpoint as unknown as OpenAPIEndpoint);",
    ],
    call: ({ route, options }: Call) => `github(${JSON.stringify(route)}, ${options});`,
  },
  "./octokit": {
    header: ['import { endpoint } from "@routecast/endpoint/octokit";'],
    call: ({ route, options }: Call) => `endpoint(${JSON.stringify(route)}, ${options});`,
  },
  "@octokit/types": {
    header: ['import { endpoint } from "@octokit/endpoint";'],
    call: ({ route, options }: Call) => `endpoint(${JSON.stringify(route)}, ${options});`,
  },
} as const;

type Variant = keyof typeof VARIANTS;

/** Checks `file` with `deno check` under `/usr/bin/time -v`: wall and CPU seconds, peak RSS in MiB. */
async function measure(file: string): Promise<{ seconds: number; cpu: number; mib: number }> {
  const { success, stderr } = await new Deno.Command("/usr/bin/time", {
    args: ["-v", Deno.execPath(), "check", "--quiet", file],
    cwd: file.slice(0, file.lastIndexOf("/")),
    env: { NO_COLOR: "1" },
  }).output();
  const report = new TextDecoder().decode(stderr);
  if (!success) throw new Error(`deno check ${file} failed:\n${report}`);
  const wall = report.match(
    /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/,
  );
  const rss = report.match(/Maximum resident set size \(kbytes\): (\d+)/);
  const user = report.match(/User time \(seconds\): ([\d.]+)/);
  const system = report.match(/System time \(seconds\): ([\d.]+)/);
  if (!wall || !rss || !user || !system) {
    throw new Error(`Unexpected /usr/bin/time output:\n${report}`);
  }
  const seconds = Number(wall[1] ?? 0) * 3600 + Number(wall[2]) * 60 + Number(wall[3]);
  return { seconds, cpu: Number(user[1]) + Number(system[1]), mib: Number(rss[1]) / 1024 };
}

/** Runs a command, throwing with its output when it fails. */
async function run(command: string, args: string[], cwd: string): Promise<string> {
  const { success, stdout, stderr } = await new Deno.Command(command, { args, cwd }).output();
  const output = new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr);
  if (!success) throw new Error(`${command} ${args.join(" ")} failed:\n${output}`);
  return output;
}

/** A scratch project with the packed routecast and the reference installed, offline. */
async function consumerProject(): Promise<string> {
  const npmDir = new URL("npm/", ROOT).pathname;
  await Deno.stat(`${npmDir}package.json`).catch(() => {
    throw new Error("npm/ is missing: run `deno task build:npm` first");
  });
  const dir = await Deno.makeTempDir({ prefix: "routecast_type_cost_" });
  const [{ filename }] = JSON.parse(await run("npm", ["pack", npmDir, "--json"], dir));
  await Deno.writeTextFile(`${dir}/package.json`, '{ "private": true, "type": "module" }');
  const dev = await packDevDependencies(["@octokit/endpoint", "@octokit/openapi-types"], dir);
  await run("npm", [
    "install",
    `./${filename}`,
    ...Object.values(dev),
    "--offline",
    "--no-audit",
    "--no-fund",
  ], dir);
  return dir;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

if (import.meta.main) {
  const runs = Number(Deno.args[0] ?? 5);
  const calls = githubCalls();
  const methods = Object.groupBy(calls, (call) => call.route.split(" ")[0]);
  console.log(
    `${calls.length} calls: ${
      Object.entries(methods).map(([method, list]) => `${list!.length} ${method}`).join(", ")
    }; ${runs} runs of each variant, alternating`,
  );
  const dir = await consumerProject();
  const results = new Map<Variant, { seconds: number[]; cpu: number[]; mib: number[] }>();
  try {
    for (let run = 0; run < runs; run++) {
      for (const variant of Object.keys(VARIANTS) as Variant[]) {
        const { header, call } = VARIANTS[variant];
        // A fresh file each run, so that deno's type-check cache cannot answer.
        const source = [...header, `// ${crypto.randomUUID()}`, ...calls.map(call), ""].join("\n");
        const file = `${dir}/${variant.replace(/\W+/g, "_")}_${run}.ts`;
        await Deno.writeTextFile(file, source);
        const { seconds, cpu, mib } = await measure(file);
        const entry = results.get(variant) ?? { seconds: [], cpu: [], mib: [] };
        entry.seconds.push(seconds);
        entry.cpu.push(cpu);
        entry.mib.push(mib);
        results.set(variant, entry);
        console.error(
          `run ${run + 1} ${variant}: ${seconds.toFixed(2)} s wall, ${cpu.toFixed(2)} s CPU, ${
            mib.toFixed(0)
          } MiB`,
        );
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  const base = results.get("untyped")!;
  console.log(
    "\n| variant | wall time | vs untyped | CPU time (user+sys) | vs untyped | peak memory |",
  );
  console.log("|---|--:|--:|--:|--:|--:|");
  for (const [variant, { seconds, cpu, mib }] of results) {
    const wall = median(seconds);
    const work = median(cpu);
    console.log(
      `| ${variant} | ${wall.toFixed(2)} s | ${(wall / median(base.seconds)).toFixed(2)}x | ${
        work.toFixed(2)
      } s | ${(work / median(base.cpu)).toFixed(2)}x | ${median(mib).toFixed(0)} MiB |`,
    );
  }
}
