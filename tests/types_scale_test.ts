/**
 * Typed routes at scale: a generated file with 200 distinct route literals
 * (each called once correctly and once with a parameter missing), plus very
 * long routes, must type-check with every error found and no "excessively
 * deep" instantiation, and not much slower than the same calls untyped.
 * The timings are printed.
 */
import { assert, assertEquals } from "@std/assert";

const CONFIG = new URL("../deno.json", import.meta.url).pathname;
const ROUTE_COUNT = 200;
/** Far beyond real routes, well inside the compiler's 1000-step limit. */
const LONG = 500;
/** Measures of the typed against the untyped check, at most (see the test). */
const ATTEMPTS = 3;

const OPTIONAL = ["{?page,per_page}", "{&x}", "{/seg*}", "{.fmt}", "{;m}", "{#frag}"];

interface Call {
  readonly route: string;
  readonly complete: string;
  readonly incomplete: string;
}

function names(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}${i}`);
}

function object(keys: string[]): string {
  return `{ ${keys.map((key) => `${key}: "v"`).join(", ")} }`;
}

function routeCalls(): Call[] {
  const calls: Call[] = [];
  for (let i = 0; i < ROUTE_COUNT; i++) {
    const optional = OPTIONAL[i % OPTIONAL.length];
    const [route, own] = i % 2 === 0
      ? [`POST /repos/:owner/:repo/things${i}/:id${i}${optional}`, [`id${i}`]]
      : [`GET /repos/{owner}/{repo}/things${i}/{+path${i}}/{sha${i}:7}${optional}`, [
        `path${i}`,
        `sha${i}`,
      ]];
    calls.push({
      route,
      complete: object(["owner", "repo", ...own, "extra"]),
      incomplete: object(["owner", ...own]),
    });
  }
  return calls;
}

function longRouteCalls(): Call[] {
  const long: [string, string[]][] = [
    ["GET /x" + names("e", LONG).map((name) => `/{${name}}`).join(""), names("e", LONG)],
    ["GET " + names("c", LONG).map((name) => `/:${name}`).join(""), names("c", LONG)],
    [`GET /x/{${names("l", LONG).join(",")}}`, names("l", LONG)],
    ["GET /" + "segment/".repeat(2000) + "{a}", ["a"]],
    ["GET /:" + "n".repeat(LONG), ["n".repeat(LONG)]],
  ];
  return long.map(([route, keys]) => ({
    route,
    complete: object(keys),
    incomplete: object(keys.slice(1)),
  }));
}

function source(calls: Call[], typed: boolean): string {
  const lines = [
    'import { endpoint } from "@routecast/endpoint";',
    // A fresh file each time, so that deno's type-check cache cannot answer.
    `// ${crypto.randomUUID()}`,
  ];
  for (const { route, complete, incomplete } of calls) {
    const literal = typed ? JSON.stringify(route) : `${JSON.stringify(route)} as string`;
    lines.push(`endpoint(${literal}, ${complete});`);
    if (typed) lines.push("// @ts-expect-error: a required parameter is missing");
    lines.push(`endpoint(${literal}, ${incomplete});`);
  }
  return lines.join("\n") + "\n";
}

async function check(file: string): Promise<{ ms: number; success: boolean; stderr: string }> {
  const start = performance.now();
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["check", "--quiet", "--config", CONFIG, file],
    stdout: "null",
  }).output();
  return {
    ms: Math.round(performance.now() - start),
    success: output.success,
    stderr: new TextDecoder().decode(output.stderr),
  };
}

async function checkSource(dir: string, name: string, text: string) {
  const file = `${dir}/${name}.ts`;
  await Deno.writeTextFile(file, text);
  const result = await check(file);
  assert(result.success, `${name}: ${result.stderr}`);
  return result.ms;
}

Deno.test("deno check of 200 typed routes finds every error, quickly and without depth limits", async () => {
  const dir = await Deno.makeTempDir({ prefix: "routecast_types_" });
  try {
    const routes = routeCalls();
    assertEquals(new Set(routes.map((call) => call.route)).size, ROUTE_COUNT);
    // The long routes share the files (and their cost) with the 200 routes: each deno check
    // first pays for the library's own types, so one check fewer saves that much.
    const calls = [...routes, ...longRouteCalls()];
    // A blow-up (exponential or per-character work on every call) costs tens of seconds. Load
    // only adds time, so a measure over the limit is taken again, up to three times in all: a
    // real blow-up is over it every time, a disturbed measure is not.
    const seen: string[] = [];
    let within = false;
    for (let attempt = 0; attempt < ATTEMPTS && !within; attempt++) {
      const loose = await checkSource(dir, `loose_routes_${attempt}`, source(calls, false));
      const typed = await checkSource(dir, `typed_routes_${attempt}`, source(calls, true));
      console.log(
        `deno check, ${ROUTE_COUNT} routes and 5 routes of ${LONG} parameters, x 2 calls: ` +
          `typed ${typed} ms, untyped ${loose} ms`,
      );
      seen.push(`${typed} ms against ${loose} ms`);
      within = typed < loose * 3 + 5000;
    }
    assert(within, `typed routes took ${seen.join(", ")} untyped, in ${ATTEMPTS} measures`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
