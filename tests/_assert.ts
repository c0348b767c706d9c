/**
 * A thin layer over `node:assert/strict` with the names of `@std/assert`, so
 * the tests run here (where JSR cannot be reached) and a later switch to
 * `jsr:@std/assert` is a one-line change in deno.json.
 *
 * @module
 */

import assert from "node:assert/strict";

/** Asserts that `condition` is truthy. */
export function assert_(condition: unknown, message?: string): asserts condition {
  assert.ok(condition, message);
}
export { assert_ as assert };

/** Asserts deep strict equality. */
export function assertEquals<T>(actual: T, expected: T, message?: string): void {
  assert.deepStrictEqual(actual, expected, message);
}

/** Asserts deep strict inequality. */
export function assertNotEquals<T>(actual: T, expected: T, message?: string): void {
  assert.notDeepStrictEqual(actual, expected, message);
}

/** Asserts that `actual` and `expected` are the same value (`Object.is`). */
export function assertStrictEquals<T>(actual: T, expected: T, message?: string): void {
  assert.strictEqual(actual, expected, message);
}

/** Asserts that `actual` includes `expected`. */
export function assertStringIncludes(actual: string, expected: string, message?: string): void {
  assert.ok(
    actual.includes(expected),
    message ?? `Expected ${JSON.stringify(actual)} to include ${JSON.stringify(expected)}`,
  );
}

/** Asserts that `actual` matches `expected`. */
export function assertMatch(actual: string, expected: RegExp, message?: string): void {
  assert.match(actual, expected, message);
}

/** Asserts that `value` is an instance of `type`. */
export function assertInstanceOf<T>(
  value: unknown,
  // deno-lint-ignore no-explicit-any
  type: abstract new (...args: any[]) => T,
  message?: string,
): asserts value is T {
  assert.ok(
    value instanceof type,
    message ?? `Expected an instance of ${type.name}, found ${String(value)}`,
  );
}

/** Always fails. */
export function fail(message?: string): never {
  assert.fail(message);
}

/**
 * Asserts that `fn` throws an instance of `ErrorClass` whose message includes
 * `msgIncludes`; returns the error.
 */
export function assertThrows<E extends Error = Error>(
  fn: () => unknown,
  // deno-lint-ignore no-explicit-any
  ErrorClass?: abstract new (...args: any[]) => E,
  msgIncludes?: string,
  message?: string,
): E {
  let thrown: unknown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  if (thrown === undefined) assert.fail(message ?? "Expected function to throw");
  if (ErrorClass && !(thrown instanceof ErrorClass)) {
    assert.fail(
      message ??
        `Expected error to be instance of "${ErrorClass.name}", but was "${
          (thrown as Error)?.constructor?.name
        }": ${(thrown as Error)?.message}`,
    );
  }
  if (msgIncludes !== undefined && !(thrown as Error).message.includes(msgIncludes)) {
    assert.fail(
      message ??
        `Expected error message to include ${JSON.stringify(msgIncludes)}, but got ${
          JSON.stringify((thrown as Error).message)
        }`,
    );
  }
  return thrown as E;
}
