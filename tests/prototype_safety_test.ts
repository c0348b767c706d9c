/**
 * DECISIONS.md rule 14 at every entry point of the sources, for both
 * builders. The deno.json `test` task runs this file (with the other tests
 * that pass hostile keys) a second time with `--unstable-unsafe-proto`, where
 * `__proto__` is a setter as in Node and browsers; tests/node runs the same
 * cases on the built package.
 */
import { endpoint } from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import prototypeCases from "./node/_prototype.cjs";

for (const [label, builder] of [["main", endpoint], ["lite", lite]] as const) {
  for (const [name, run] of prototypeCases(label, builder) as [string, () => void][]) {
    Deno.test(name, run);
  }
}
