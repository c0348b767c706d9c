/**
 * A route's url, compiled once: the template that the engine choice of the
 * entry (`"auto"` or TypeScript, made by importing `./uri-template` or its
 * `lite`) parses and expands, which variables are required (docs/design.md
 * rule 19), and what the path checks need (rules 9, 22), all read from that
 * one parse.
 *
 * @module
 */

import {
  type CompiledUrlTemplate,
  type CompileUrlTemplate,
  encodeText,
  LONG_INPUT,
  type Normalized,
  normalizeValue,
  Operator,
  type Part,
} from "../uri_template/kit.ts";
import {
  checkDecodedPath,
  checkDecodedSegments,
  checkOrigin,
  checkPathSegments,
  checkWholeSegments,
  hasDotPiece,
  type PathShape,
  pathShape,
} from "./_path_safety.ts";
import { colonsToBraces, isAbsoluteUrl, schemePrefixLength } from "./_route.ts";
import { quoteValue } from "./_messages.ts";

/** Compiles url template text, cached, on the engine or engines the entry chose. */
export type CompileTemplate = CompileUrlTemplate;

/**
 * A parameter value as read once for a call: what RFC 6570 expands (a
 * string, a list, or name/value pairs), or `undefined` when RFC 6570 treats
 * it as undefined.
 */
export type UrlValue = Normalized;

/** A url compiled for one route; variables are indexed by their slot in the parse. */
export interface UrlTemplate extends PathShape {
  /** The whole template, compiled (with `-` in names, rule 18). */
  readonly template: CompiledUrlTemplate;
  /** The index of each name in `names`. */
  readonly index: ReadonlyMap<string, number>;
  /** Whether a full url's expansion is checked as an absolute URL (its host is not all literal). */
  readonly checkAbsolute: boolean;
  /** Whether expansions start with `/`; `undefined` when a value decides. */
  readonly leadingSlash: boolean | undefined;
  /** Whether no expansion can hold `?` or `#`, so a query is appended after a plain `?`. */
  readonly plainQuery: boolean;
  /**
   * For a path url of `{name}` expressions only, starting with `/`, whose
   * shape needs no scan: the literal text around the expressions.
   */
  readonly literals: readonly string[] | undefined;
  /** For such a url: the index (into `names`) of each expression's variable. */
  readonly slots: readonly number[];
}

/**
 * The `scheme://host` that a full url's literal head closes with `/`, `?`
 * or `#` (or the whole url when it has no expression): values cannot change it.
 */
function closedOrigin(head: string, scheme: number, alone: boolean): string | undefined {
  for (let i = scheme; i < head.length; i++) {
    const code = head.charCodeAt(i);
    if (code === 0x2f || code === 0x3f || code === 0x23) return head.slice(0, i); // / ? #
  }
  return alone ? head : undefined;
}

/** What the variables of a url are, by where they stand. */
interface Variables {
  /** Rule 19: `{x}` and `{+x}` in the path; every one when declared. */
  readonly required: number[];
  readonly reservedInPath: number[];
  readonly pathValues: number[];
  readonly plainQuery: boolean;
  /** The literal text around `{name}` expressions, when the url has no other kind. */
  readonly literals: string[] | undefined;
  readonly slots: number[];
}

/** Reads, from the parse, which variables are required and which write into the path. */
function readVariables(parts: readonly Part[], declared: boolean): Variables {
  const required = new Set<number>();
  const reservedInPath = new Set<number>();
  const pathValues = new Set<number>();
  let literals: string[] | undefined = [""];
  const slots: number[] = [];
  let inPath = true;
  /** Whether no literal `?` or `#` came yet: an empty `{?q}` does not end the path. */
  let beforeQuery = true;
  let plainQuery = true;
  for (const part of parts) {
    if (typeof part === "string") {
      if (literals !== undefined) literals[literals.length - 1] += part;
      if (part.includes("?") || part.includes("#")) inPath = beforeQuery = plainQuery = false;
      continue;
    }
    const op = part.op;
    // Only these operators write values with `?` and `#` encoded.
    if (
      op !== Operator.Simple && op !== Operator.Label && op !== Operator.Path &&
      op !== Operator.Param
    ) {
      plainQuery = false;
    }
    if (op === Operator.Query || op === Operator.Continuation || op === Operator.Fragment) {
      inPath = false;
    }
    if (literals !== undefined && part.simple !== undefined) {
      slots.push(part.simple.slot);
      literals.push("");
    } else {
      literals = undefined;
    }
    for (const { slot: variable } of part.specs) {
      if (declared || inPath && (op === Operator.Simple || op === Operator.Reserved)) {
        required.add(variable);
      }
      if (beforeQuery && op === Operator.Reserved) reservedInPath.add(variable);
      if (
        beforeQuery && (op === Operator.Simple || op === Operator.Label || op === Operator.Path ||
          op === Operator.Param)
      ) {
        pathValues.add(variable);
      }
    }
  }
  return {
    required: [...required],
    reservedInPath: [...reservedInPath],
    pathValues: [...pathValues],
    plainQuery,
    literals,
    slots,
  };
}

/**
 * Compiles a route's url: `:name` read as `{name}`, `-` allowed in variable
 * names (rule 18), parsed once by the entry's `compile`. A `declared`
 * operation's path (rule 25) is OpenAPI's: `:` is literal there, and every
 * path parameter is required, whatever its style.
 *
 * @throws {UriTemplateError} When the url is not a valid template.
 */
export function compileUrl(
  url: string,
  compile: CompileTemplate,
  declared = false,
): UrlTemplate {
  const template = compile(declared ? url : colonsToBraces(url));
  const parts = template.parts;
  const names = template.variableNames;
  const index = new Map<string, number>();
  for (let i = 0; i < names.length; i++) index.set(names[i], i);
  const variables = readVariables(parts, declared);
  const scheme = schemePrefixLength(url);
  const full = scheme > 0;
  const shape = pathShape(parts, full);
  const head = parts[0];
  const closed = full && typeof head === "string"
    ? closedOrigin(head, scheme, parts.length === 1)
    : undefined;
  return {
    url,
    template,
    names,
    index,
    parts,
    full,
    ...variables,
    ...shape,
    // Whatever values follow a literal closed origin, the url parses when the origin does.
    checkAbsolute: full && !(closed !== undefined && isAbsoluteUrl(closed)),
    leadingSlash: typeof head === "string" ? head.startsWith("/") : undefined,
    // A literal host right before an expression, unless it ends where a value
    // obviously goes on writing it ("https://api.{region}.example.com").
    origin: full && typeof head === "string" && closed === undefined &&
        head.length > scheme && !".-:@".includes(head.at(-1)!)
      ? head
      : undefined,
    literals: !full && !shape.scan && !shape.dotted && typeof head === "string" &&
        head.startsWith("/")
      ? variables.literals
      : undefined,
  };
}

/**
 * Reads a parameter's value once, as the url will expand it (rule 22).
 *
 * @throws {TypeError} Naming the parameter, for a value that cannot be expanded.
 */
export function urlValue(name: string, value: unknown): UrlValue {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return normalizeValue(name, value);
}

/**
 * Expands a compiled url with the call's values (one per name, read once),
 * and checks the result: no `.` or `..` path segment a value made, no
 * decoded `..` in a `{+x}` path value, no change to a literal origin.
 *
 * @throws {TypeError} Naming the parameter whose value the checks refuse.
 * @throws {UriTemplateError} For a prefix modifier on a list or map.
 */
export function expandUrl(compiled: UrlTemplate, values: readonly UrlValue[]): string {
  const expanded = compiled.template.expand(values);
  if (checkWholeSegments(compiled, values) || compiled.scan) {
    checkPathSegments(compiled, values, expanded);
  }
  for (const variable of compiled.reservedInPath) {
    checkDecodedPath(compiled.names[variable], values[variable]);
  }
  checkDecodedSegments(compiled, values, expanded);
  if (compiled.origin !== undefined) checkOrigin(compiled, values, expanded);
  if (compiled.checkAbsolute && !isAbsoluteUrl(expanded)) {
    throw new TypeError(
      `Invalid url ${quoteValue(expanded)} for ${
        quoteValue(compiled.url)
      }: expected the template and its values to make an absolute URL`,
    );
  }
  return expanded;
}

/**
 * The path of a url of `{name}` expressions only, by concatenation, when
 * every value (the call's own, as given) is a string or number, short, and
 * without a `.` or `..` piece between `/`, `\` and `;`: what
 * {@linkcode expandUrl} gives it, with none of its checks left to fail;
 * `undefined` otherwise, for `expandUrl` to decide.
 * Long values go there too: the facade's "auto" engine may expand them on
 * WebAssembly. `dense`: `raw` has no hole, so no item needs an own-check.
 */
export function concatenate(
  compiled: UrlTemplate,
  raw: readonly unknown[],
  dense: boolean,
): string | undefined {
  const literals = compiled.literals!;
  let out = literals[0];
  let total = 0;
  for (let i = 0; i < compiled.slots.length; i++) {
    // `raw` is filled by index: a hole is undefined, never what a prototype holds.
    const slot = compiled.slots[i];
    let value = dense || Object.hasOwn(raw, slot) ? raw[slot] : undefined;
    if (typeof value === "number") value = String(value);
    if (typeof value !== "string" || (total += value.length) >= LONG_INPUT) return undefined;
    const written = encodeText(value, false);
    // A piece of dots needs a "/", "\" or ";" (which encoding changes), or a value of dots.
    if ((written !== value || value.charCodeAt(value.length - 1) === 0x2e) && hasDotPiece(value)) {
      return undefined;
    }
    out += written + literals[i + 1];
  }
  return out;
}
