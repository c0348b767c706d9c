/**
 * Path safety, decided on the URL actually built (DECISIONS.md rules 9 and
 * 22): a value may not form a `.` or `..` path segment (plain or
 * `%2e`-encoded, any case), may not hide a `..` segment that a server
 * decoding before routing would see (`..;`, `%2e%2e%2f`, `..%5C` in `{+x}`),
 * and may not extend a host the template's literal text names. Each check is
 * one linear scan, and the dot-segment scan only where the template's shape
 * leaves one to do; finding the variable to blame re-expands piece by piece,
 * only when a check fails.
 *
 * @module
 */

import { quoteValue } from "./_objects.ts";
import { schemePrefixLength } from "./_route.ts";
import { expandPart, type UrlExpression, type UrlTemplate, type UrlValue } from "./_url.ts";
import { Pairs } from "../uri_template/_values.ts";

/** Whether `text[start, end)` is `.` or `..`, each dot plain or `%2e` in any case. */
function isDotSegment(text: string, start: number, end: number): boolean {
  let dots = 0;
  for (let i = start; i < end; i++) {
    if (text.charCodeAt(i) === 0x2e) {
      dots++;
    } else if (
      text.charCodeAt(i) === 0x25 && text.charCodeAt(i + 1) === 0x32 &&
      (text.charCodeAt(i + 2) | 0x20) === 0x65 && i + 3 <= end
    ) {
      dots++;
      i += 2;
    } else {
      return false;
    }
  }
  return dots === 1 || dots === 2;
}

/** Whether a value, read as a segment's text, would make one: empty or dots only. */
function looksLikeDots(value: UrlValue): boolean {
  if (typeof value !== "string") return false;
  return value === "" || isDotSegment(value, 0, value.length);
}

/** A value quoted for a message, or "its list or map". */
function describe(value: UrlValue): string {
  return typeof value === "object" ? "its list or map" : quoteValue(value ?? "");
}

/**
 * The parameter whose value wrote into the segment `[start, end)` of
 * `expanded` (delimiters included), or `undefined` when only the template's
 * literal text did. Expressions expand independently (RFC 6570 section 3),
 * so expanding each alone gives its place in the whole.
 */
function writerOf(
  compiled: UrlTemplate,
  values: readonly UrlValue[],
  expanded: string,
  start: number,
  end: number,
): number | undefined {
  let position = 0;
  for (const part of compiled.parts) {
    if (typeof part === "string") {
      position += part.length;
      continue;
    }
    const text = expandPart(compiled, part, values);
    const from = position;
    position += text.length;
    if (from > end || position < start) continue;
    const defined = part.variables.filter((variable) => values[variable] !== undefined);
    return defined.find((variable) => looksLikeDots(values[variable])) ?? defined[0] ??
      part.variables[0];
  }
  // The pieces should add up to the whole; if not, blame the first path variable.
  return position === expanded.length ? undefined : compiled.required[0] ?? 0;
}

/**
 * The `TypeError` for a value that forms a `.` or `..` path segment (rule 9).
 *
 * @param writer The index of the parameter whose value does.
 */
export function dotSegmentError(
  compiled: UrlTemplate,
  values: readonly UrlValue[],
  writer: number,
): TypeError {
  return new TypeError(
    `Invalid value for parameter ${quoteValue(compiled.names[writer])}: ${
      describe(values[writer])
    } would form a "." or ".." path segment, expected a value that stays in its segment`,
  );
}

/**
 * Refuses an expanded url whose path has a `.` or `..` segment that a value
 * wrote (rule 9). Segments the template's own text holds are left alone.
 *
 * @throws {TypeError} Naming the parameter and quoting its value.
 */
export function checkPathSegments(
  compiled: UrlTemplate,
  values: readonly UrlValue[],
  expanded: string,
): void {
  // A full url's path starts at the first `/` after its scheme.
  let start = compiled.full ? expanded.indexOf("/", schemePrefixLength(expanded)) : 0;
  if (start < 0) return;
  for (let i = start; i <= expanded.length; i++) {
    const code = i < expanded.length ? expanded.charCodeAt(i) : 0x23;
    if (code !== 0x2f && code !== 0x3f && code !== 0x23) continue;
    if (i > start && i - start <= 6 && isDotSegment(expanded, start, i)) {
      const writer = writerOf(compiled, values, expanded, start, i);
      if (writer !== undefined) throw dotSegmentError(compiled, values, writer);
    }
    if (code !== 0x2f) return; // ? or # ends the path
    start = i + 1;
  }
}

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
}

/**
 * Whether `text`, up to its first `?` or `#`, has a `..` segment once
 * `%2e`, `%2f`, `%5c` and `%3b` are decoded, with `/`, `\` and `;` all
 * ending a segment: what servers that decode before routing would see.
 */
function hasDecodedDotDot(text: string): boolean {
  let dots = 0;
  let other = false;
  for (let i = 0; i <= text.length; i++) {
    let code = i < text.length ? text.charCodeAt(i) : 0x3f;
    if (code === 0x25 && i + 2 < text.length) {
      const byte = hexValue(text.charCodeAt(i + 1)) * 16 + hexValue(text.charCodeAt(i + 2));
      if (byte === 0x2e || byte === 0x2f || byte === 0x5c || byte === 0x3b) {
        code = byte;
        i += 2;
      }
    }
    const end = code === 0x3f || code === 0x23;
    if (end || code === 0x2f || code === 0x5c || code === 0x3b) {
      if (dots === 2 && !other) return true;
      if (end) return false;
      dots = 0;
      other = false;
    } else if (code === 0x2e) {
      dots++;
    } else {
      other = true;
    }
  }
  return false;
}

/**
 * Refuses a `{+x}` value in the path with a `..` segment once decoded
 * (defence in depth for servers that decode `%2e%2e%2f` or split on `\` and
 * `;` before routing; WHATWG URLs do neither).
 *
 * @throws {TypeError} Naming the parameter and quoting the value.
 */
export function checkDecodedPath(name: string, value: UrlValue): void {
  if (value === undefined) return;
  for (
    const text of typeof value === "string" ? [value] : value instanceof Pairs ? value.flat : value
  ) {
    if (hasDecodedDotDot(text)) {
      throw new TypeError(
        `Invalid value for parameter ${quoteValue(name)}: ${
          quoteValue(text)
        } has a ".." path segment once percent-decoded, expected a value without ".." segments`,
      );
    }
  }
}

/**
 * Refuses an expanded full url whose host a value extended past the
 * literal `scheme://host` the template starts with (`https://h{x}` with
 * `x: ".evil.com"`): values may add a path, query or fragment only.
 *
 * @throws {TypeError} Naming the parameter of the expression after the host.
 */
export function checkOrigin(
  compiled: UrlTemplate,
  values: readonly UrlValue[],
  expanded: string,
): void {
  const origin = compiled.origin!;
  const next = expanded.charCodeAt(origin.length);
  if (Number.isNaN(next) || next === 0x2f || next === 0x3f || next === 0x23) return;
  const expression = compiled.parts[1] as UrlExpression;
  const variables = expression.variables;
  const writer = variables.find((variable) => values[variable] !== undefined) ?? variables[0];
  throw new TypeError(
    `Invalid value for parameter ${quoteValue(compiled.names[writer])}: ${
      describe(values[writer])
    } would change the origin ${
      quoteValue(origin)
    }, expected a value that starts a path, query or fragment`,
  );
}
