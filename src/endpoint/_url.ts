/**
 * A route's url, compiled once: the template the `./uri-template` facade
 * expands, which variables are required (DECISIONS.md rule 19), and what the
 * path checks need to find the variable behind a bad segment (rules 9, 22).
 * Which engine expands is the facade's business alone.
 *
 * @module
 */

import type { Template } from "../uri_template/_template.ts";
import { type Expression, Operator, parseSyntax } from "../uri_template/_syntax.ts";
import { encodeText } from "../uri_template/_encode.ts";
import { type Normalized, normalizeValue } from "../uri_template/_values.ts";
import { LONG_INPUT, ParsedTemplate } from "../uri_template/_template.ts";
import { checkDecodedPath, checkOrigin, checkPathSegments } from "./_path_safety.ts";
import { colonsToBraces, isAbsoluteUrl, schemePrefixLength } from "./_route.ts";
import { quoteValue } from "./_objects.ts";
import { isNamedOption } from "./_options.ts";

/** Compiles url template text through the facade (cached there). */
export type CompileTemplate = (text: string) => Template;

/**
 * A parameter value as read once for a call: what RFC 6570 expands (a
 * string, a list, or name/value pairs), or `undefined` when RFC 6570 treats
 * it as undefined.
 */
export type UrlValue = Normalized;

const OPERATOR_TEXT = ["", "+", "#", ".", "/", ";", "?", "&"];

/** One expression of a compiled url, for the path checks. */
export interface UrlExpression {
  /** The expression as the facade reads it (`{/owner,repo}`). */
  readonly text: string;
  readonly op: Operator;
  /** Indexes (into {@linkcode UrlTemplate.names}) of its variables, in order. */
  readonly variables: readonly number[];
  /** Its dashed names that the facade writes as labels with `%2D` (rule 18). */
  readonly labels: readonly string[];
}

/** A url compiled for one route. */
export interface UrlTemplate {
  /** The url as written. */
  readonly url: string;
  /** The whole template, as the facade expands it. */
  readonly template: Template;
  /** Parameter names of the variables, unique, in order of first appearance. */
  readonly names: readonly string[];
  /** The index of each name in `names`. */
  readonly index: ReadonlyMap<string, number>;
  /** The facade's name for each of `names` (a `-` is written `%2D`, rule 18). */
  readonly keys: readonly string[];
  /** Indexes of the variables a value is required for (rule 19). */
  readonly required: readonly number[];
  /** Indexes of the variables in `{+x}` expressions in the path. */
  readonly reservedInPath: readonly number[];
  /** Whether the url expands piece by piece (a named expression has a dashed name). */
  readonly byParts: boolean;
  /** Literal text and expressions in order, for finding who wrote a segment. */
  readonly parts: readonly (string | UrlExpression)[];
  /** Whether the url is a full URL, used without `baseUrl`. */
  readonly full: boolean;
  /** Whether expansions start with `/`; `undefined` when a value decides. */
  readonly leadingSlash: boolean | undefined;
  /** For a url of `{name}` expressions only: the encoded text around them. */
  readonly literals: readonly string[] | undefined;
  /** For such a url: the index (into `names`) of each expression's variable. */
  readonly simple: readonly number[];
  /** Whether no expansion can hold `?` or `#`, so a query is appended after a plain `?`. */
  readonly plainQuery: boolean;
  /** Whether literal text could take part in a dot-segment (it has `.` or `%`). */
  readonly literalDots: boolean;
  /** The literal `scheme://host` that values may not extend (a host followed by an expression). */
  readonly origin: string | undefined;
  /** Compiles a piece of the template, for the path checks. */
  readonly compile: CompileTemplate;
}

function expressionText(expression: Expression, key: (name: string) => string): string {
  const specs = expression.specs.map((spec) =>
    key(spec.name) + (spec.prefix > 0 ? ":" + spec.prefix : spec.explode ? "*" : "")
  );
  return "{" + OPERATOR_TEXT[expression.op] + specs.join(",") + "}";
}

/** Whether literal text at the start of a full url leaves its host open to the next expression. */
function openOrigin(literal: string): string | undefined {
  const scheme = schemePrefixLength(literal);
  if (scheme === 0 || scheme === literal.length) return undefined;
  for (let i = scheme; i < literal.length; i++) {
    const code = literal.charCodeAt(i);
    if (code === 0x2f || code === 0x3f || code === 0x23) return undefined; // / ? #
  }
  // "https://api.{region}.example.com" writes the host with a value on purpose.
  const last = literal.charCodeAt(literal.length - 1);
  if (last === 0x2e || last === 0x2d || last === 0x3a || last === 0x40) return undefined; // . - : @
  return literal;
}

/**
 * Compiles a route's url: `:name` read as `{name}`, `-` allowed in variable
 * names (rule 18), compiled by the facade. A `declared` operation's path
 * (rule 25) is OpenAPI's: `:` is literal there, and every path parameter is
 * required, whatever its style.
 *
 * @throws {UriTemplateError} When the url is not a valid template.
 */
export function compileUrl(url: string, compile: CompileTemplate, declared = false): UrlTemplate {
  const syntax = parseSyntax(declared ? url : colonsToBraces(url), { dashInNames: true });
  const names: string[] = [];
  const index = new Map<string, number>();
  const indexOf = (name: string) => {
    let at = index.get(name);
    if (at === undefined) {
      at = names.push(name) - 1;
      index.set(name, at);
    }
    return at;
  };
  const key = (name: string) => name.replaceAll("-", "%2D");
  const required = new Set<number>();
  const reservedInPath = new Set<number>();
  const parts: (string | UrlExpression)[] = [];
  let literals: string[] | undefined = [""];
  const simple: number[] = [];
  let text = "";
  let inPath = true;
  /** Whether no literal `?` or `#` came yet: an empty `{?q}` does not end the path. */
  let beforeQuery = true;
  let plainQuery = true;
  let byParts = false;
  for (const part of syntax) {
    if (typeof part === "string") {
      text += part;
      parts.push(part);
      if (literals !== undefined) literals[literals.length - 1] += part;
      if (part.includes("?") || part.includes("#")) inPath = beforeQuery = false;
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
    const variables = part.specs.map((spec) => indexOf(spec.name));
    if (declared) {
      for (const variable of variables) required.add(variable);
    } else if (inPath && (op === Operator.Simple || op === Operator.Reserved)) {
      // A variable named like an option is never a parameter: nothing can fill it.
      for (const variable of variables) if (!isNamedOption(names[variable])) required.add(variable);
    }
    if (beforeQuery && op === Operator.Reserved) {
      for (const variable of variables) reservedInPath.add(variable);
    }
    // Named operators write the name: the facade's `%2D` must read `-` again.
    const named = op === Operator.Param || op === Operator.Query || op === Operator.Continuation;
    const labels = named
      ? part.specs.filter((spec) => spec.name.includes("-")).map((spec) => spec.name)
      : [];
    if (labels.length > 0) byParts = true;
    const spec = part.specs[0];
    if (
      literals !== undefined && op === Operator.Simple && part.specs.length === 1 &&
      spec.prefix === 0 && !spec.explode
    ) {
      simple.push(variables[0]);
      literals.push("");
    } else {
      literals = undefined;
    }
    const expression = expressionText(part, key);
    text += expression;
    parts.push({ text: expression, op, variables, labels });
  }
  const full = schemePrefixLength(url) > 0;
  return {
    url,
    template: compile(text),
    names,
    index,
    keys: names.map(key),
    required: [...required],
    reservedInPath: [...reservedInPath],
    parts,
    byParts,
    full,
    leadingSlash: typeof syntax[0] === "string" ? syntax[0].startsWith("/") : undefined,
    literals,
    simple: literals === undefined ? [] : simple,
    literalDots: text.includes(".") || text.includes("%"),
    plainQuery: plainQuery && !text.includes("?") && !text.includes("#"),
    origin: full && typeof syntax[0] === "string" && syntax.length > 1
      ? openOrigin(syntax[0])
      : undefined,
    compile,
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
  const literals = compiled.literals;
  let expanded = literals === undefined ? undefined : concatenate(compiled, literals, values);
  if (expanded === undefined) {
    expanded = compiled.byParts
      ? compiled.parts.map((part) => expandPart(compiled, part, values)).join("")
      : ParsedTemplate.expandNormalized(compiled.template, values);
    checkPathSegments(compiled, values, expanded);
  } else if (compiled.literalDots) {
    checkPathSegments(compiled, values, expanded);
  }
  for (const variable of compiled.reservedInPath) {
    checkDecodedPath(compiled.names[variable], values[variable]);
  }
  if (compiled.origin !== undefined) checkOrigin(compiled, values, expanded);
  if (compiled.full && !isAbsoluteUrl(expanded)) {
    throw new TypeError(
      `Invalid url ${quoteValue(expanded)} for ${
        quoteValue(compiled.url)
      }: expected the template and its values to make an absolute URL`,
    );
  }
  return expanded;
}

/** One literal or expression of the url, expanded alone (RFC 6570 expressions are independent). */
export function expandPart(
  compiled: UrlTemplate,
  part: string | UrlExpression,
  values: readonly UrlValue[],
): string {
  if (typeof part === "string") return part;
  // The piece's variables, in the order the facade names them: first appearance.
  const own = [...new Set(part.variables)].map((variable) => values[variable]);
  let text = ParsedTemplate.expandNormalized(compiled.compile(part.text), own);
  // A named expression's values are encoded, so `%2D` there can only be a label.
  for (const name of part.labels) text = text.replaceAll(name.replaceAll("-", "%2D"), name);
  return text;
}

/**
 * Expands a url of `{name}` expressions by concatenation when every value is
 * a string or a number; `undefined` otherwise, for the facade to expand.
 * Encoding is the facade's (the same encoder); a `{name}` value can form a
 * dot-segment only by being `.` or `..` itself, which the checks refuse.
 */
function concatenate(
  compiled: UrlTemplate,
  literals: readonly string[],
  values: readonly UrlValue[],
): string | undefined {
  const simple = compiled.simple;
  let out = literals[0];
  let total = 0;
  for (let i = 0; i < simple.length; i++) {
    const value = values[simple[i]];
    if (typeof value === "string") {
      // Long values go to the facade, whose "auto" engine is faster on them.
      total += value.length;
      if (value === "." || value === ".." || total >= LONG_INPUT) return undefined;
      out += encodeText(value, false) + literals[i + 1];
    } else if (value === undefined) {
      out += literals[i + 1];
    } else {
      return undefined;
    }
  }
  return out;
}
