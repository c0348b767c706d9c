/**
 * Route strings (`"POST /repos/{owner}/{repo}/issues"`) and the url template
 * behind them: `:name` placeholders, full URLs, and which variables sit in the
 * path, where a dot-segment value must be refused (DECISIONS.md rules 2, 4,
 * 5 and 9).
 *
 * @module
 */

import type { Template } from "../uri_template/_template.ts";
import { encodeNumber, encodeText } from "../uri_template/_encode.ts";
import { Operator, parseSyntax, type Part } from "../uri_template/_syntax.ts";
import { isToken } from "./_headers.ts";
import { quoteValue } from "./_objects.ts";

const hasOwn = Object.prototype.hasOwnProperty;

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

function isSchemeChar(code: number, first: boolean): boolean {
  const alpha = (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
  if (first) return alpha;
  return alpha || (code >= 0x30 && code <= 0x39) || code === 0x2b || code === 0x2d ||
    code === 0x2e;
}

/** Length of `scheme://` at the start of `url`, or 0 when it has none. */
export function schemePrefixLength(url: string): number {
  let i = 0;
  while (i < url.length && isSchemeChar(url.charCodeAt(i), i === 0)) i++;
  return i > 0 && url.startsWith("://", i) ? i + 3 : 0;
}

function isNameStart(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f;
}

function isNameChar(code: number): boolean {
  return isNameStart(code) || (code >= 0x30 && code <= 0x39);
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
      while (isNameChar(url.charCodeAt(end))) end++;
      out += url.slice(copied, i + 1) + "{" + url.slice(i + 2, end) + "}";
      copied = end;
      i = end;
      continue;
    }
    i++;
  }
  return copied === 0 ? url : out + url.slice(copied);
}

/** The template engines a builder expands urls with. */
export interface UrlEngines {
  /** Compiles for short values: the TypeScript engine, cheapest to call. */
  readonly short: (template: string) => Template;
  /**
   * Compiles for long values (see `LONG_VALUES`): the default engine,
   * WebAssembly where it runs. Absent in `./lite`.
   */
  readonly long?: (template: string) => Template;
}

/**
 * Total length of string values from which a url expands on the `long`
 * engine: below it, one call into WebAssembly costs more than it saves;
 * above it, WebAssembly is faster (README, "Two engines").
 */
export const LONG_VALUES = 128;

/** A route's url, compiled once and cached. */
export interface UrlTemplate {
  /** The template compiled for short values (`:name` already rewritten). */
  readonly template: Template;
  /** The template compiled for long values, made on first use; absent without a `long` engine. */
  readonly long: (() => Template) | undefined;
  /** The template's variable names. */
  readonly variables: ReadonlySet<string>;
  /** Whether the url is a full URL with a scheme, used without `baseUrl`. */
  readonly full: boolean;
  /** Variables in the path whose value could form a `.` or `..` segment. */
  readonly pathVariables: readonly string[];
  /** Whether a template variable has the name of a named option (`url`, `headers`...). */
  readonly usesOptionName: boolean;
  /** Whether expansions start with `/`; `undefined` when that depends on a value. */
  readonly leadingSlash: boolean | undefined;
  /** Whether expansions never hold `?` or `#`, so a query is appended with a plain `?`. */
  readonly plainQuery: boolean;
  /**
   * For a url whose expressions are all `{name}` (most routes): the literal
   * text around them, already encoded, for `expandSimple`.
   */
  readonly literals: readonly string[] | undefined;
  /** The variable of each `{name}` between `literals`, in order. */
  readonly simpleNames: readonly string[];
}

/** The options that are never parameters. */
export const NAMED_OPTIONS: ReadonlySet<string> = new Set([
  "method",
  "baseUrl",
  "url",
  "headers",
  "mediaType",
  "data",
  "request",
]);

/** Names of the variables that sit in the path with an operator that can form a dot-segment. */
function pathVariableNames(parts: readonly Part[]): string[] {
  const names: string[] = [];
  for (const part of parts) {
    if (typeof part === "string") {
      if (part.includes("?") || part.includes("#")) break;
      continue;
    }
    const op = part.op;
    if (
      op !== Operator.Simple && op !== Operator.Reserved && op !== Operator.Label &&
      op !== Operator.Path
    ) {
      if (op === Operator.Param) continue; // {;x} cannot form a bare dot-segment
      break; // {?x} {&x} {#x} end the path
    }
    for (const spec of part.specs) names.push(spec.name);
  }
  return names;
}

/**
 * Compiles a route's url with the builder's engines.
 *
 * @throws {UriTemplateError} When the url is not a valid template.
 */
export function compileUrl(url: string, engines: UrlEngines): UrlTemplate {
  const text = colonsToBraces(url);
  const template = engines.short(text);
  const parts = parseSyntax(text);
  let literals: string[] | undefined = [""];
  const simpleNames: string[] = [];
  for (const part of parts) {
    if (typeof part === "string") {
      literals[literals.length - 1] += part;
    } else if (
      part.op === Operator.Simple && part.specs.length === 1 && part.specs[0].prefix === 0 &&
      !part.specs[0].explode
    ) {
      simpleNames.push(part.specs[0].name);
      literals.push("");
    } else {
      literals = undefined;
      break;
    }
  }
  const variables = new Set(template.variableNames);
  let usesOptionName = false;
  for (const name of variables) if (NAMED_OPTIONS.has(name)) usesOptionName = true;
  const compileLong = engines.long;
  let long: Template | undefined;
  return {
    template,
    long: compileLong === undefined ? undefined : () => (long ??= compileLong(text)),
    variables,
    full: schemePrefixLength(url) > 0,
    pathVariables: pathVariableNames(parts),
    usesOptionName,
    leadingSlash: text.startsWith("{") ? undefined : text.startsWith("/"),
    plainQuery: !text.includes("?") && !text.includes("#") && !text.includes("{+"),
    literals,
    simpleNames: literals === undefined ? [] : simpleNames,
  };
}

/**
 * Expands a url of `{name}` expressions (`compiled.literals` is set) when
 * every value is a string or a number, none `.` or `..`, and their total
 * length is below `LONG_VALUES` where a `long` engine exists. Returns
 * `undefined` otherwise, for the engine to expand (and refuse dot-segments).
 * The result is what the engine gives: tests/endpoint_fast_path_test.ts
 * checks it.
 */
export function expandSimple(
  compiled: UrlTemplate,
  literals: readonly string[],
  parameters: Record<string, unknown>,
): string | undefined {
  const names = compiled.simpleNames;
  let out = literals[0];
  let total = 0;
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    const value = parameters[name];
    if (typeof value === "string") {
      if ((value === "." || value === "..") || !hasOwn.call(parameters, name)) return undefined;
      total += value.length;
      out += encodeText(value, false) + literals[i + 1];
    } else if (typeof value === "number") {
      if (!hasOwn.call(parameters, name)) return undefined;
      out += encodeNumber(value) + literals[i + 1];
    } else if (value === undefined || value === null) {
      out += literals[i + 1];
    } else {
      return undefined;
    }
  }
  return total >= LONG_VALUES && compiled.long !== undefined ? undefined : out;
}

/** Whether the url variables' string values add up to `LONG_VALUES` characters. */
export function hasLongValues(compiled: UrlTemplate, parameters: Record<string, unknown>): boolean {
  const names = compiled.template.variableNames;
  let total = 0;
  for (let i = 0; i < names.length; i++) {
    const value = parameters[names[i]];
    if (typeof value === "string") {
      total += value.length;
    } else if (Array.isArray(value)) {
      for (const item of value) if (typeof item === "string") total += item.length;
    }
    if (total >= LONG_VALUES) return true;
  }
  return false;
}

function isDotLike(text: string, start = 0, end = text.length): boolean {
  if (end <= start) return false;
  for (let i = start; i < end; i++) {
    if (text.charCodeAt(i) === 0x2e) continue;
    if (
      text.charCodeAt(i) === 0x25 && text.charCodeAt(i + 1) === 0x32 &&
      (text.charCodeAt(i + 2) | 0x20) === 0x65 && i + 3 <= end
    ) {
      i += 2;
      continue;
    }
    return false;
  }
  return true;
}

/** Whether a piece of `text` between `/`, `?` and `#` (where a path segment can end) is dot-like. */
function hasDotLikeText(text: string): boolean {
  if (!text.includes(".") && !text.includes("%")) return false;
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 0x2f;
    if (code !== 0x2f && code !== 0x3f && code !== 0x23) continue;
    if (isDotLike(text, start, i)) return true;
    start = i + 1;
  }
  return false;
}

/** Whether a value could expand to a dot-segment (a cheap, over-approximating test). */
function hasDotLikeValue(value: unknown): boolean {
  if (typeof value === "string") return hasDotLikeText(value);
  if (Array.isArray(value)) {
    return value.some((item) => typeof item === "string" && hasDotLikeText(item));
  }
  if (typeof value === "object" && value !== null && !(value instanceof Date)) {
    const entries = value instanceof Map
      ? [...value.entries()].flat()
      : Object.entries(value).flat();
    return entries.some((item) => typeof item === "string" && hasDotLikeText(item));
  }
  return false;
}

/** Whether the path of the expanded `url` has a `.` or `..` segment (plain or `%2e`-encoded). */
function hasDotSegment(url: string, full: boolean): boolean {
  let start = 0;
  if (full) {
    start = url.indexOf("/", schemePrefixLength(url));
    if (start < 0) return false;
  }
  let end = url.length;
  for (let i = start; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (code === 0x3f || code === 0x23) {
      end = i;
      break;
    }
  }
  for (const segment of url.slice(start, end).split("/")) {
    if (segment.length > 0 && segment.length <= 6 && isDotLike(segment)) {
      const dots = segment.toLowerCase().replaceAll("%2e", ".");
      if (dots === "." || dots === "..") return true;
    }
  }
  return false;
}

/**
 * Refuses an expansion in which a caller's value formed a `.` or `..` path
 * segment (DECISIONS.md rule 9).
 *
 * @throws {TypeError} Naming the parameter.
 */
export function checkPathSafety(
  compiled: UrlTemplate,
  parameters: Readonly<Record<string, unknown>>,
  expanded: string,
): void {
  for (const name of compiled.pathVariables) {
    const value = Object.hasOwn(parameters, name) ? parameters[name] : undefined;
    if (hasDotLikeValue(value) && hasDotSegment(expanded, compiled.full)) {
      throw new TypeError(
        `Invalid value for parameter ${quoteValue(name)}: ${
          typeof value === "string" ? quoteValue(value) : "its list or map"
        } would form a "." or ".." path segment, expected a value that stays in its segment`,
      );
    }
  }
}
