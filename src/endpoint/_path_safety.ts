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

import { quoteValue } from "./_messages.ts";
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

/** Of an expression's variables, the one to name: one that looks like dots, else the first with a value. */
function blame(variables: readonly number[], values: readonly UrlValue[]): number {
  const defined = variables.filter((variable) => values[variable] !== undefined);
  return defined.find((variable) => looksLikeDots(values[variable])) ?? defined[0] ?? variables[0];
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
    return blame(part.variables, values);
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
 * What the triplet at `text[i]` (a `%`) decodes to when a server that
 * decodes before routing reads it as a dot or a segment's end (`.`, `/`,
 * `\`, `;`); else `%` itself.
 */
export function decodedByte(text: string, i: number): number {
  const high = hexValue(text.charCodeAt(i + 1));
  const low = hexValue(text.charCodeAt(i + 2));
  const byte = high < 0 || low < 0 ? 0x25 : high * 16 + low;
  return byte === 0x2e || byte === 0x2f || byte === 0x5c || byte === 0x3b ? byte : 0x25;
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
    if (code === 0x25) {
      code = decodedByte(text, i);
      if (code !== 0x25) i += 2;
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
 * Whether `text` has a piece that is `.` or `..` between `/`, `\` and `;`:
 * what a `{x}` value written `..%2F` shows a server that decodes before
 * routing.
 */
export function hasDotPiece(text: string): boolean {
  // From dot to dot: most values have none, or one inside a name ("index.js").
  for (let start = text.indexOf("."); start >= 0;) {
    let end = start + 1;
    while (text.charCodeAt(end) === 0x2e) end++;
    if (end - start <= 2 && isPieceEnd(text, start - 1) && isPieceEnd(text, end)) return true;
    start = text.indexOf(".", end);
  }
  return false;
}

/** Whether `text[i]` ends a piece: `/`, `\`, `;`, or before or after the text. */
function isPieceEnd(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  return Number.isNaN(code) || code === 0x2f || code === 0x5c || code === 0x3b;
}

/** Whether a value may make a dot-segment once decoded: it holds `.` (or `%`, in `{+x}`). */
function mayDecodeToDots(value: UrlValue, reserved: boolean): boolean {
  if (value === undefined) return false;
  if (typeof value === "string") return value.includes(".") || (reserved && value.includes("%"));
  for (const text of value instanceof Pairs ? value.flat : value) {
    if (text.includes(".") || (reserved && text.includes("%"))) return true;
  }
  return false;
}

/**
 * Whether a `{x}`, `{/x}`, `{.x}` or `{;x}` value has a piece of one or two
 * dots between its ends, `/`, `\` and `;` (each written encoded). Away from
 * literal dots it could cut off (`UrlTemplate.dotted`), its dots can make a
 * dot-segment once decoded no other way: `src/index.js` needs no scan.
 */
function hasDotPieces(value: UrlValue): boolean {
  if (value === undefined) return false;
  if (typeof value === "string") return hasDotPiece(value);
  for (const text of value instanceof Pairs ? value.flat : value) {
    if (hasDotPiece(text)) return true;
  }
  return false;
}

/**
 * Refuses an expanded url whose path has a `.` or `..` segment that a value
 * wrote into, once `%2E`, `%2F`, `%5C` and `%3B` are decoded and `/`, `\`
 * and `;` end segments: `{x}` with `"../"` writes `..%2F`, which servers
 * that decode before routing read as `../` (rule 9). The path is scanned
 * only when a value could: a `{x}` value with a piece of dots between its
 * `/`, `\` and `;`, a `{+x}` value with a dot or a `%`, or any value beside
 * literal dots it could cut off; linear in the url.
 *
 * @throws {TypeError} Naming the parameter and quoting its value.
 */
export function checkDecodedSegments(
  compiled: UrlTemplate,
  values: readonly UrlValue[],
  expanded: string,
): void {
  let scan = false;
  for (const variable of compiled.pathValues) {
    const value = values[variable];
    if (compiled.dotted ? value !== undefined : hasDotPieces(value)) scan = true;
  }
  for (const variable of compiled.reservedInPath) {
    const value = values[variable];
    if (compiled.dotted ? value !== undefined : mayDecodeToDots(value, true)) scan = true;
  }
  if (!scan) return;
  let start = compiled.full ? expanded.indexOf("/", schemePrefixLength(expanded)) : 0;
  if (start < 0) return;
  /** Where each part of the url ends in `expanded`, made when a segment is found. */
  let ends: number[] | undefined;
  let part = 0;
  let dots = 0;
  let other = false;
  for (let i = start; i <= expanded.length; i++) {
    let code = i < expanded.length ? expanded.charCodeAt(i) : 0x3f;
    const at = i;
    if (code === 0x25) {
      code = decodedByte(expanded, i);
      if (code !== 0x25) i += 2;
    }
    const end = code === 0x3f || code === 0x23;
    if (!end && code !== 0x2f && code !== 0x5c && code !== 0x3b) {
      if (code === 0x2e) dots++;
      else other = true;
      continue;
    }
    if (!other && (dots === 1 || dots === 2)) {
      ends ??= partEnds(compiled, values, expanded);
      let writer = ends.length === 0 ? compiled.required[0] ?? 0 : undefined;
      // The parts that end before the segment are behind every later one too.
      while (part < ends.length && ends[part] < start) part++;
      // Of the expressions that wrote into it, the first whose value holds a dot.
      for (let p = part; p < ends.length && (p === 0 ? 0 : ends[p - 1]) <= at; p++) {
        const piece = compiled.parts[p];
        if (typeof piece === "string") continue;
        const dotted = piece.variables.find((variable) => mayDecodeToDots(values[variable], true));
        if (dotted !== undefined) {
          writer = dotted;
          break;
        }
        writer ??= blame(piece.variables, values);
      }
      if (writer !== undefined) {
        throw new TypeError(
          `Invalid value for parameter ${quoteValue(compiled.names[writer])}: ${
            describe(values[writer])
          } would form a "${
            dots === 1 ? "." : ".."
          }" path segment once percent-decoded, expected a value that stays in its segment`,
        );
      }
    }
    if (end) return;
    start = i + 1;
    dots = 0;
    other = false;
  }
}

/**
 * Where each part of the url ends in `expanded`: expressions expand
 * independently (RFC 6570 section 3). Should the pieces not add up to the
 * whole, none: then the first path variable is blamed, as by `writerOf`.
 */
function partEnds(
  compiled: UrlTemplate,
  values: readonly UrlValue[],
  expanded: string,
): number[] {
  const ends: number[] = [];
  let position = 0;
  for (const part of compiled.parts) {
    ends.push(position += expandPart(compiled, part, values).length);
  }
  return position === expanded.length ? ends : [];
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
