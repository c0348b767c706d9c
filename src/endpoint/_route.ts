/**
 * Route strings (`"POST /repos/{owner}/{repo}/issues"`): the method and the
 * url, full URLs, and `:name` placeholders (docs/design.md rules 2, 4 and 5).
 *
 * @module
 */

import { isToken } from "./_headers.ts";
import { quoteValue } from "./_messages.ts";
import { isWordChar } from "../uri_template/kit.ts";

/** A route string split into its method (absent for a lone url) and url. */
export interface RouteParts {
  readonly method: string | undefined;
  readonly url: string;
}

function isSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}

/**
 * Splits `"<METHOD> <url>"` (whitespace-separated, trimmed); a lone token is a url.
 *
 * @throws {TypeError} For an empty route, more than two tokens, or a method
 * that is not an HTTP token.
 */
export function routeFromString(route: string): RouteParts {
  const tokens: string[] = [];
  let i = 0;
  while (i < route.length) {
    while (i < route.length && isSpace(route.charCodeAt(i))) i++;
    const start = i;
    while (i < route.length && !isSpace(route.charCodeAt(i))) i++;
    if (i > start) {
      if (tokens.length === 2) {
        throw new TypeError(`Invalid route ${quoteValue(route)}: expected "<METHOD> <url>"`);
      }
      tokens.push(route.slice(start, i));
    }
  }
  if (tokens.length === 0) {
    throw new TypeError(`Invalid route ${quoteValue(route)}: expected "<METHOD> <url>"`);
  }
  if (tokens.length === 1) return { method: undefined, url: tokens[0] };
  if (!isToken(tokens[0])) {
    throw new TypeError(
      `Invalid route ${quoteValue(route)}: method ${
        quoteValue(tokens[0])
      } is not an HTTP token, expected "<METHOD> <url>"`,
    );
  }
  return { method: tokens[0], url: tokens[1] };
}

/** Whether WHATWG `URL` parses `url` on its own (the result must reach a client as a URL). */
export function isAbsoluteUrl(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

/** Length of `scheme://` at the start of `url`, or 0 when it has none. */
export function schemePrefixLength(url: string): number {
  // Rule 16: anchored, one quantified class, which `:` cannot match.
  return /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(url)?.[0].length ?? 0;
}

/** A `:name` starts with a letter or `_`. */
function isNameStart(code: number): boolean {
  return isWordChar(code) && (code < 0x30 || code > 0x39);
}

/**
 * Rewrites `:name` placeholders as `{name}`: only right after a `/`, only in
 * the path (never in the host, the query or the fragment, nor inside `{...}`).
 */
export function colonsToBraces(url: string): string {
  const scheme = schemePrefixLength(url);
  let i = scheme === 0 ? 0 : url.indexOf("/", scheme);
  if (i < 0 || !url.includes("/:")) return url;
  let out = "";
  let copied = 0;
  while (i < url.length) {
    const code = url.charCodeAt(i);
    if (code === 0x3f || code === 0x23) break; // ? #
    if (code === 0x7b) { // {
      const op = url.charCodeAt(i + 1);
      if (op === 0x3f || op === 0x26 || op === 0x23) break; // {? {& {#
      const close = url.indexOf("}", i);
      if (close < 0) break;
      i = close + 1;
      continue;
    }
    if (code === 0x2f && url.charCodeAt(i + 1) === 0x3a && isNameStart(url.charCodeAt(i + 2))) {
      let end = i + 3;
      while (isWordChar(url.charCodeAt(end))) end++;
      out += url.slice(copied, i + 1) + "{" + url.slice(i + 2, end) + "}";
      copied = end;
      i = end;
      continue;
    }
    i++;
  }
  return copied === 0 ? url : out + url.slice(copied);
}
