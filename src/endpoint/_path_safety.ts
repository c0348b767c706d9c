/**
 * Path safety, decided on the URL actually built (docs/design.md rules 9 and
 * 22): a value may not form a `.` or `..` path segment (plain or
 * `%2e`-encoded, any case), may not hide a `..` segment that a server
 * decoding before routing would see (`..;`, `%2e%2e%2f`, `..%5C` in `{+x}`),
 * and may not extend a host the template's literal text names. The one home
 * of the dot-segment rule: what a url's shape proves once per route
 * (`pathShape`), and the checks on each built url. Each check is one linear
 * scan, and the dot-segment scan only where the shape leaves one to do;
 * finding the variable to blame expands expression by expression, only when
 * a check fails.
 *
 * @module
 */

import { quoteValue } from "./_messages.ts";
import { schemePrefixLength } from "./_route.ts";
import {
  expandExpression,
  type Expression,
  type Normalized as UrlValue,
  Operator,
  Pairs,
  type Part,
} from "../uri_template/kit.ts";

/**
 * What the checks read of a route's compiled url (`PathShape` in
 * `_url.ts`): its one parse, and what its shape proves.
 */
export interface PathShape {
  /** The url as written. */
  readonly url: string;
  /** Parameter names of the variables, by slot. */
  readonly names: readonly string[];
  /** Literal text and expressions, in order (the template's parse). */
  readonly parts: readonly Part[];
  /** Whether the url is a full URL: its path starts after the scheme and host. */
  readonly full: boolean;
  /** Slots of the variables a value is required for (rule 19). */
  readonly required: readonly number[];
  /** Slots of the variables in `{+x}` expressions in the path. */
  readonly reservedInPath: readonly number[];
  /** Slots of `{x}` expressions alone in a path segment (dot-segments only as `.` or `..`). */
  readonly wholeSegments: readonly number[];
  /** Whether the path's shape lets a dot-segment form otherwise: the built path is scanned. */
  readonly scan: boolean;
  /** Slots of the variables of `{x}`, `{.x}`, `{/x}` and `{;x}` expressions in the path. */
  readonly pathValues: readonly number[];
  /** Whether a value could cut a run of literal dots into a segment of its own. */
  readonly dotted: boolean;
  /** The literal `scheme://host` that values may not extend. */
  readonly origin: string | undefined;
}

/** What comes before a place in a path, for {@linkcode PathShape.dotted}. */
const FREE = 0;
const EXPRESSION = 1;
const SOLID = 2;

/**
 * What a url's path proves about dot-segments (rule 9), segment by segment
 * up to the first literal `?` or `#`: literal text other than dots keeps a
 * segment from being one (values add `/` only through `{+x}` and `{/x}`,
 * which leave it to the scan); a `{x}` alone in its segment makes one only
 * as `.` or `..`; anything else is scanned on the built url. Servers that
 * decode before routing also end segments at `;`, `%2F`, `%5C` and `%3B`:
 * a run of literal dots is a segment to them when delimiters or
 * expressions bound it, and a value can make it one when an expression is
 * on either side.
 *
 * @param parts The url's parse.
 * @param full Whether the url is a full URL (its path starts at the first `/` after the scheme).
 */
export function pathShape(
  parts: readonly Part[],
  full: boolean,
): Pick<PathShape, "wholeSegments" | "scan" | "dotted"> {
  const wholeSegments: number[] = [];
  let scan = false;
  /** Whether no literal `?` or `#` came yet: an empty `{?q}` does not end the path. */
  let beforeQuery = true;
  /** Whether the path started: a full url's at the first literal `/` after its scheme. */
  let started = !full;
  /** Whether no `{?q}` or `{#f}` came, which end the path or not, as their values decide. */
  let proven = true;
  let solid = false;
  let dots = false;
  let expressions = 0;
  let alone = -1;
  let dotted = false;
  /** What comes before in the path: a delimiter (or the start), an expression, or other text. */
  let edge = FREE;
  /** What came before the current run of literal dots; `-1` outside one. */
  let run = -1;
  const close = () => {
    if (!solid && expressions > 0) {
      if (expressions === 1 && alone >= 0 && !dots && proven) wholeSegments.push(alone);
      else scan = true;
    }
    solid = dots = false;
    expressions = 0;
    alone = -1;
  };
  for (const part of parts) {
    if (typeof part === "string") {
      for (
        let i = started ? 0 : part.indexOf("/", full ? schemePrefixLength(part) : 0);
        beforeQuery && i >= 0 && i < part.length;
        i++
      ) {
        started = true;
        const code = part.charCodeAt(i);
        const decoded = code === 0x25 ? decodedByte(part, i) : code;
        if (decoded === 0x2e || decoded === 0x2f || decoded === 0x5c || decoded === 0x3b) {
          if (decoded === 0x2e) {
            if (run < 0) run = edge;
          } else {
            if (run === EXPRESSION) dotted = true;
            run = -1;
            edge = FREE;
          }
        } else if (code === 0x3f || code === 0x23) {
          if (run === EXPRESSION) dotted = true;
          run = -1;
        } else {
          run = -1;
          edge = SOLID;
        }
        if (code === 0x2f) {
          close();
        } else if (code === 0x3f || code === 0x23) { // ? #
          close();
          beforeQuery = false;
        } else if (decoded === 0x2e) {
          dots = true;
        } else {
          solid = true;
        }
        // A triplet is one character: its digits are not text of their own.
        if (decoded !== code) i += 2;
      }
      // A `?` or `#` before the path started (in the host) ends it too.
      if (part.includes("?") || part.includes("#")) beforeQuery = false;
      continue;
    }
    const op = part.op;
    if (!started) {
      // A value before the path (in the host) may start it anywhere.
      scan = true;
    } else if (beforeQuery) {
      // Dots after a delimiter or an expression end here; a `{.x}` writes one of its own.
      if (run >= 0 ? run !== SOLID : op === Operator.Label && edge !== SOLID) dotted = true;
      run = -1;
      edge = EXPRESSION;
      // These write `/` from values: segments move.
      if (op === Operator.Reserved || op === Operator.Path) scan = true;
      if (op === Operator.Query || op === Operator.Fragment) proven = false;
      expressions++;
      alone = part.simple === undefined ? -1 : part.simple.slot;
    }
  }
  if (beforeQuery) close();
  if (run === EXPRESSION) dotted = true; // dots at the end, after an expression
  return { wholeSegments, scan, dotted };
}

/** The slots of an expression's variables, in order. */
function variablesOf(expression: Expression): number[] {
  return expression.specs.map((spec) => spec.slot);
}

/** One literal or expression of the url, expanded alone (RFC 6570 expressions are independent). */
function expandPart(compiled: PathShape, part: Part, values: readonly UrlValue[]): string {
  return typeof part === "string" ? part : expandExpression(compiled.url, part, values);
}

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
  compiled: PathShape,
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
    return blame(variablesOf(part), values);
  }
  // The pieces should add up to the whole; if not, blame the first path variable.
  return position === expanded.length ? undefined : compiled.required[0] ?? 0;
}

/**
 * The `TypeError` for a value that forms a `.` or `..` path segment (rule 9).
 *
 * @param writer The index of the parameter whose value does.
 */
function dotSegmentError(
  compiled: PathShape,
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
 * Refuses a value of a `{x}` alone in its path segment that is `.` or `..`
 * (rule 9), without a scan: the shape proved that no other value of it can
 * form a dot-segment.
 *
 * @returns Whether the built path must be scanned after all (a list value:
 * one item writes that item alone).
 * @throws {TypeError} Naming the parameter and quoting its value.
 */
export function checkWholeSegments(compiled: PathShape, values: readonly UrlValue[]): boolean {
  let scan = false;
  for (const variable of compiled.wholeSegments) {
    const value = values[variable];
    if (value === "." || value === "..") throw dotSegmentError(compiled, values, variable);
    if (typeof value === "object") scan = true;
  }
  return scan;
}

/**
 * Refuses an expanded url whose path has a `.` or `..` segment that a value
 * wrote (rule 9). Segments the template's own text holds are left alone.
 *
 * @throws {TypeError} Naming the parameter and quoting its value.
 */
export function checkPathSegments(
  compiled: PathShape,
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
 * literal dots it could cut off (`PathShape.dotted`), its dots can make a
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
  compiled: PathShape,
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
        const variables = variablesOf(piece);
        const dotted = variables.find((variable) => mayDecodeToDots(values[variable], true));
        if (dotted !== undefined) {
          writer = dotted;
          break;
        }
        writer ??= blame(variables, values);
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
  compiled: PathShape,
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
  compiled: PathShape,
  values: readonly UrlValue[],
  expanded: string,
): void {
  const origin = compiled.origin!;
  const next = expanded.charCodeAt(origin.length);
  if (Number.isNaN(next) || next === 0x2f || next === 0x3f || next === 0x23) return;
  const variables = variablesOf(compiled.parts[1] as Expression);
  const writer = variables.find((variable) => values[variable] !== undefined) ?? variables[0];
  throw new TypeError(
    `Invalid value for parameter ${quoteValue(compiled.names[writer])}: ${
      describe(values[writer])
    } would change the origin ${
      quoteValue(origin)
    }, expected a value that starts a path, query or fragment`,
  );
}
