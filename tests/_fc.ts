/**
 * Every fast-check run in the tests goes through {@linkcode assertProperty}:
 * a fixed seed, so a run fails or passes the same way every time, and the
 * seed in the failure message. `ROUTECAST_FC_SEED=random` (or a number) runs
 * with another seed, to look for new counterexamples:
 *
 * ```sh
 * ROUTECAST_FC_SEED=random deno test --allow-read --allow-env tests/properties_test.ts
 * ```
 *
 * @module
 */
import fc from "fast-check";

const FIXED_SEED = 20261126;

function seedFromEnvironment(): number {
  const text = Deno.env.get("ROUTECAST_FC_SEED") ?? "";
  if (text === "") return FIXED_SEED;
  if (text === "random") return Math.floor(Math.random() * 0x7fffffff);
  const seed = Number(text);
  if (!Number.isSafeInteger(seed)) {
    throw new TypeError(
      `Invalid ROUTECAST_FC_SEED ${JSON.stringify(text)}: expected an integer or "random"`,
    );
  }
  return seed;
}

/** The seed of every property run in this process. */
export const FC_SEED: number = seedFromEnvironment();

/**
 * Runs `property` `numRuns` times from {@linkcode FC_SEED}; on failure, the
 * error says how to run the same inputs again.
 */
export function assertProperty<Ts>(property: fc.IProperty<Ts>, numRuns: number): void {
  try {
    fc.assert(property, { numRuns, seed: FC_SEED });
  } catch (error) {
    if (error instanceof Error) {
      error.message = `fast-check failed with seed ${FC_SEED} ` +
        `(run again with ROUTECAST_FC_SEED=${FC_SEED}): ${error.message}`;
    }
    throw error;
  }
}
