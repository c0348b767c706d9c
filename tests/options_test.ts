/**
 * The named options and parameter keys (src/endpoint/_options.ts): each parameter is named by
 * its own label in messages.
 */
import { endpoint } from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import { assertThrows } from "@std/assert";

const BUILDERS = [["main", endpoint], ["lite", lite]] as const;

for (const [entry, builder] of BUILDERS) {
  // Mutant key-label-first: the label of the first parameter merged named every later one.
  Deno.test(`defaults() names the parameter at fault, whichever were copied before (${entry})`, () => {
    for (const key of ["alpha", "beta", "gamma"]) {
      const cycle: Record<string, unknown> = {};
      cycle.self = cycle;
      builder.defaults({ other: 1, [key]: 1 });
      assertThrows(
        () => builder.defaults({ [key]: cycle }),
        TypeError,
        `Invalid parameter "${key}": it contains a cycle`,
      );
    }
  });
}
