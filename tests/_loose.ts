/**
 * The three entries that build requests (`.`, `./lite`, `./octokit`) without their types, for
 * tests that pass what the types forbid, and a helper that requires a TypeError.
 */
import { endpoint } from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import { endpoint as octokit } from "@routecast/endpoint/octokit";
import { assert } from "@std/assert";

/** A builder without its types: these tests pass what the types forbid. */
// deno-lint-ignore no-explicit-any
export type Loose = ((route?: unknown, options?: unknown) => any) & {
  defaults(options: unknown): Loose;
  // deno-lint-ignore no-explicit-any
  merge(route?: unknown, options?: unknown): any;
  // deno-lint-ignore no-explicit-any
  parse(options: unknown): any;
  readonly DEFAULTS: unknown;
};

/** `.`, `./lite` and `./octokit`, each with its name. */
export const LOOSE_BUILDERS: readonly (readonly [string, Loose])[] = [
  ["main", endpoint as unknown as Loose],
  ["lite", lite as unknown as Loose],
  ["octokit", octokit as unknown as Loose],
];

/** Runs `call`, requires a TypeError (never a RangeError) and returns its message. */
export function typeErrorOf(call: () => unknown, what: string): string {
  try {
    call();
  } catch (error) {
    assert(error instanceof TypeError, `${what}: ${error}`);
    return error.message;
  }
  throw new Error(`${what}: no error`);
}
