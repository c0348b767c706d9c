/**
 * The arguments `endpoint()` and `merge()` both take, `(route, options)` or
 * `(options)`, checked alike with the same messages.
 *
 * @module
 */

import { invalid, quoteValue } from "./_messages.ts";
import { isPlainObject } from "./_own.ts";

/** What an options argument must be, as messages say it. */
export const OPTIONS_EXPECTED = "expected a plain object of options and parameters";

/**
 * Reads the options after a route string: a plain object, or none.
 *
 * @returns The options, or `undefined` for `undefined` and `null`.
 * @throws {TypeError} For anything else.
 */
export function routeOptions(options: unknown): Record<string, unknown> | undefined {
  if (options === undefined || options === null) return undefined;
  if (!isPlainObject(options)) throw invalid("options", options, OPTIONS_EXPECTED);
  return options;
}

/**
 * Checks a first argument that is not a route string: an options object,
 * with nothing after it.
 *
 * @throws {TypeError} When `route` is not a plain object, or `options` is given.
 */
export function checkOptionsCall(
  route: unknown,
  options: unknown,
): asserts route is Record<string, unknown> {
  if (!isPlainObject(route)) {
    throw invalid("route", route, 'expected a "<METHOD> <url>" string or an options object');
  }
  if (options !== undefined) {
    throw new TypeError(
      `Invalid arguments: expected endpoint(route, options) or endpoint(options), found an options object followed by ${
        quoteValue(options)
      }`,
    );
  }
}
