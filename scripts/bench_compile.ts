/**
 * Making a builder and compiling a description, measured as ratios in one
 * process: for each Swagger 2.0 document whose OpenAPI 3 conversion by
 * swagger2openapi is vendored (scripts/convert_swagger2.mjs), `compileOpenAPI`
 * and `fromOpenAPI` of the document against the same of its conversion; and
 * `fromOpenAPI` of Stripe's description, with and without `server`, against
 * `JSON.parse` of its text. Each side runs batches of `--calls` calls, the
 * sides interleaved, over `--rounds` rounds; a side's time is its fastest
 * batch, so that other processes on a shared machine count as little as
 * they can. docs/performance.md ("Making a builder, and Swagger 2.0") reports it.
 *
 * Run: `deno run --allow-read scripts/bench_compile.ts [--rounds 30] [--calls 100]`
 *
 * @module
 */

import { parseArgs } from "node:util";
import { compileOpenAPI, fromOpenAPI } from "@routecast/endpoint/openapi";

const { values: options } = parseArgs({
  args: Deno.args,
  options: { rounds: { type: "string", default: "30" }, calls: { type: "string", default: "100" } },
});
const ROUNDS = Number(options.rounds);
const CALLS = Number(options.calls);

/** The fastest batch's time per call of each side, in ms, the sides interleaved. */
function fastest(sides: readonly (() => unknown)[]): number[] {
  const best = sides.map(() => Infinity);
  for (let round = -3; round < ROUNDS; round++) {
    sides.forEach((side, i) => {
      const start = performance.now();
      for (let call = 0; call < CALLS; call++) side();
      const time = (performance.now() - start) / CALLS;
      if (round >= 0) best[i] = Math.min(best[i], time); // the first rounds warm up
    });
  }
  return best;
}

const data = new URL("../tests/testdata/", import.meta.url);
const rows: string[] = [];
for (const name of ["kubernetes", "slack-web", "docker-engine"]) {
  const read = (file: string) =>
    JSON.parse(Deno.readTextFileSync(new URL(`swagger2/${name}/${file}`, data)));
  const swagger2 = read("swagger.json");
  const openapi3 = read("openapi3.json");
  const compilers: [string, (description: object) => unknown][] = [
    ["compileOpenAPI", compileOpenAPI],
    ["fromOpenAPI", (description) => fromOpenAPI(description)],
  ];
  for (const [what, run] of compilers) {
    const [two, three] = fastest([() => run(swagger2), () => run(openapi3)]);
    rows.push(
      `| ${name} | ${what} | ${two.toFixed(3)} ms | ${three.toFixed(3)} ms | ${
        (two / three).toFixed(2)
      } |`,
    );
  }
}
const text = Deno.readTextFileSync(new URL("openapi/stripe/openapi.json", data));
const stripe = JSON.parse(text);
const [parse, plain, server] = fastest([
  () => JSON.parse(text),
  () => fromOpenAPI(stripe),
  () => fromOpenAPI(stripe, { server: 0 }),
]);
console.log("| document | measure | Swagger 2.0 | its OpenAPI 3 conversion | ratio |");
console.log("|---|---|---:|---:|---:|");
for (const row of rows) console.log(row);
console.log(
  `\nStripe: JSON.parse ${parse.toFixed(3)} ms; fromOpenAPI ${plain.toFixed(3)} ms (${
    (plain / parse).toFixed(2)
  }x); with { server: 0 } ${server.toFixed(3)} ms (${(server / parse).toFixed(2)}x)`,
);
