/**
 * The part of vitest's API that the reference's tests use (`describe`, `it`,
 * `expect`), on `Deno.test`, so that @octokit/endpoint's own test files run
 * here with only their imports changed.
 *
 * A case named in `DIFFERENCES` (./_differences.ts) is where routecast
 * fixes a defect of the reference: it is still run, and must fail (so the
 * list can never go stale); every other case must pass. Timed cases (the
 * reference's ReDoS checks measure milliseconds) are registered but ignored
 * unless `ROUTECAST_TIMED=1`, as no test here may depend on the machine's
 * load; tests/linear_time_test.ts checks the same inputs without a clock.
 *
 * @module
 */

import { assert, assertEquals, assertInstanceOf } from "@std/assert";
import { DIFFERENCES, TIMED } from "./_differences.ts";

let suite = "";

/** Groups cases under a name, as vitest does. */
export function describe(name: string, body: () => void): void {
  const outer = suite;
  suite = outer === "" ? name : `${outer} ${name}`;
  try {
    body();
  } finally {
    suite = outer;
  }
}

/** Registers one case (`suite name`). */
export function it(name: string, body: () => void | Promise<void>): void {
  const full = `${suite} ${name}`;
  const difference = DIFFERENCES[full];
  const timed = TIMED.includes(full);
  Deno.test({
    name: difference === undefined ? full : `${full} (differs: ${difference})`,
    ignore: timed && Deno.env.get("ROUTECAST_TIMED") !== "1",
    fn: async () => {
      if (difference === undefined) return await body();
      let failed = false;
      try {
        await body();
      } catch {
        failed = true;
      }
      assert(failed, `"${full}" passes now: remove it from DIFFERENCES and from the README`);
    },
  });
}

/** A deep copy with `undefined` members dropped, as vitest's `toEqual` compares. */
function withoutUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUndefined);
  if (typeof value !== "object" || value === null) return value;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (member !== undefined) copy[key] = withoutUndefined(member);
  }
  return copy;
}

/** Whether `path` (`"a.b"`, the first `.` only splitting) names a member of `value`. */
function hasPath(value: unknown, path: string): boolean {
  const dot = path.indexOf(".");
  const head = dot < 0 ? path : path.slice(0, dot);
  if (typeof value !== "object" || value === null || !(head in value)) return false;
  return dot < 0 || hasPath((value as Record<string, unknown>)[head], path.slice(dot + 1));
}

/** The matchers of vitest's `expect` that the reference's tests use. */
export function expect(actual: unknown) {
  return {
    toEqual(expected: unknown): void {
      assertEquals(withoutUndefined(actual), withoutUndefined(expected));
    },
    toStrictEqual(expected: unknown): void {
      assertEquals(actual, expected);
    },
    // deno-lint-ignore no-explicit-any
    toBeInstanceOf(type: abstract new (...args: any[]) => unknown): void {
      assertInstanceOf(actual, type);
    },
    toBeLessThanOrEqual(limit: number): void {
      assert((actual as number) <= limit, `${actual} > ${limit}`);
    },
    not: {
      toHaveProperty(path: string): void {
        assert(!hasPath(actual, path), `unexpected property ${path}`);
      },
    },
  };
}
