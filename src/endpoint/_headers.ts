/**
 * Header merging and validation (docs/design.md rule 10): names lowercased,
 * later wins among case-duplicates, `undefined` keeps the default, `null`
 * removes the header; names must be HTTP tokens and values free of CR, LF
 * and NUL.
 *
 * @module
 */

import { memoizeNames } from "../_cache.ts";
import { quoteValue } from "./_messages.ts";
import { isPlainObject, setOwn } from "./_own.ts";

/** Header values as the result carries them. */
export type Headers = Record<string, string | number>;

/** RFC 9110 tchar: "!#$%&'*+-.^_`|~", DIGIT, ALPHA (rule 16: anchored, one class). */
const TOKEN = /^[\w!#$%&'*+.^`|~-]+$/;

/**
 * Whether `text` is a non-empty HTTP token (RFC 9110 section 5.6.2): the
 * one token check of routecast, for methods, header names and media types.
 */
export function isToken(text: string): boolean {
  return TOKEN.test(text);
}

/**
 * The header name for `key`: lower-cased (a token's only non-ASCII-free
 * change), without a call to `toLowerCase` when it already is. Kept for the
 * names checked lately.
 *
 * @throws {TypeError} When `key` is not an HTTP token.
 */
export const headerName: (key: string) => string = memoizeNames((key) => {
  if (!isToken(key)) {
    throw new TypeError(`Invalid header name ${quoteValue(key)}: expected an HTTP token`);
  }
  return /[A-Z]/.test(key) ? key.toLowerCase() : key;
});

/** What a header value may not hold, by character code, as a message names it. */
const LINE_BREAKS: Record<number, string> = { 0x0d: "CR", 0x0a: "LF", 0: "NUL" };

/**
 * Checks a header value: a number, or a string without CR, LF or NUL. The
 * message names the header, the character and its index, never the value,
 * which may be a secret (an `authorization` header, an API key).
 *
 * @throws {TypeError} When `value` is not a number or a single-line string.
 */
export function checkHeaderValue(name: string, value: unknown): asserts value is string | number {
  if (typeof value === "number") return;
  if (typeof value !== "string") {
    throw new TypeError(
      `Invalid value for header ${quoteValue(name)}: expected a string or a number, found ${
        quoteValue(value)
      }`,
    );
  }
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x0e && (code === 0x0d || code === 0x0a || code === 0)) {
      throw new TypeError(
        `Invalid value for header ${quoteValue(name)}: it contains CR, LF or NUL (${
          LINE_BREAKS[code]
        } at index ${i}), expected a single-line value`,
      );
    }
  }
}

/**
 * Returns `base` with `overrides` merged over it (a new object; names
 * lowercased, `undefined` ignored, `null` removing the header).
 *
 * @throws {TypeError} When `overrides` is not a plain object, or a header in it is invalid.
 */
export function mergeHeaders(base: Readonly<Headers>, overrides: unknown): Headers {
  // Spread defines own properties, so a "__proto__" header stays a header.
  const result: Headers = { ...base };
  if (overrides === undefined || overrides === null) return result;
  if (!isPlainObject(overrides)) {
    throw new TypeError(
      `Invalid headers ${
        quoteValue(overrides)
      }: expected a plain object of header names and values`,
    );
  }
  for (const key of Object.keys(overrides)) {
    const value = overrides[key];
    if (value === undefined) continue;
    if (value === null) {
      delete result[key.toLowerCase()];
      continue;
    }
    const name = headerName(key);
    checkHeaderValue(name, value);
    if (name === "__proto__") setOwn(result, name, value);
    else result[name] = value;
  }
  return result;
}
