/**
 * A route's url, compiled once: the template that the engine choice of the
 * entry (`"auto"` or TypeScript, made in `./uri-template`) expands, which
 * variables are required (DECISIONS.md rule 19), and what the path checks
 * need (rules 9, 22).
 *
 * @module
 */

import type { CompiledTemplate } from "../uri_template/_engine.ts";
import { Operator, parseSyntax } from "../uri_template/_syntax.ts";
import { type Normalized, normalizeValue } from "../uri_template/_values.ts";
import { LONG_INPUT } from "../uri_template/_template.ts";
import { encodeText } from "../uri_template/_encode.ts";
import {
  checkDecodedPath,
  checkDecodedSegments,
  checkOrigin,
  checkPathSegments,
  decodedByte,
  dotSegmentError,
  hasDotPiece,
} from "./_path_safety.ts";
import { colonsToBraces, isAbsoluteUrl, schemePrefixLength } from "./_route.ts";
import { quoteValue } from "./_messages.ts";
import { isNamedOption } from "./_options.ts";

/**
 * Compiles url template text, cached, on the engine or engines the entry
 * chose (`"auto"`'s choice for the main entry, TypeScript for the others).
 */
export type CompileTemplate = (text: string) => CompiledTemplate;

/**
 * A parameter value as read once for a call: what RFC 6570 expands (a
 * string, a list, or name/value pairs), or `undefined` when RFC 6570 treats
 * it as undefined.
 */
export type UrlValue = Normalized;

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
  /** The whole template, compiled. */
  readonly template: CompiledTemplate;
  /** Parameter names of the variables, unique, in order of first appearance. */
  readonly names: readonly string[];
  /** The index of each name in `names`. */
  readonly index: ReadonlyMap<string, number>;
  /** Indexes of the variables a value is required for (rule 19). */
  readonly required: readonly number[];
  /** Indexes of the variables in `{+x}` expressions in the path. */
  readonly reservedInPath: readonly number[];
  /**
   * Indexes of the variables of `{x}` expressions alone in a path segment:
   * such a value forms a dot-segment only as `.` or `..` (or a list of it).
   */
  readonly wholeSegments: readonly number[];
  /** Whether the path's shape lets a dot-segment form otherwise: the built path is scanned. */
  readonly scan: boolean;
  /** Indexes of the variables of `{x}`, `{.x}`, `{/x}` and `{;x}` expressions in the path. */
  readonly pathValues: readonly number[];
  /**
   * Whether the path has a run of literal dots (or a `{.x}`) that a value
   * next to it could cut into a segment of its own with an encoded `/`, `\`
   * or `;`: any value in the path has the built path scanned once decoded.
   */
  readonly dotted: boolean;
  /** Whether the url expands piece by piece (a named expression has a dashed name). */
  readonly byParts: boolean;
  /** Literal text and expressions in order, for finding who wrote a segment. */
  readonly parts: readonly (string | UrlExpression)[];
  /** Whether the url is a full URL, used without `baseUrl`. */
  readonly full: boolean;
  /** Whether a full url's expansion is checked as an absolute URL (its host is not all literal). */
  readonly checkAbsolute: boolean;
  /** Whether expansions start with `/`; `undefined` when a value decides. */
  readonly leadingSlash: boolean | undefined;
  /** Whether no expansion can hold `?` or `#`, so a query is appended after a plain `?`. */
  readonly plainQuery: boolean;
  /** The literal `scheme://host` that values may not extend (a host followed by an expression). */
  readonly origin: string | undefined;
  /** Compiles a piece of the template, for the path checks. */
  readonly compile: CompileTemplate;
  /**
   * For a path url of `{name}` expressions only, starting with `/`, whose
   * shape needs no scan: the literal text around the expressions.
   */
  readonly literals: readonly string[] | undefined;
  /** For such a url: the index (into `names`) of each expression's variable. */
  readonly slots: readonly number[];
}

/** What comes before a place in a path, for {@linkcode UrlTemplate.dotted}. */
const FREE = 0;
const EXPRESSION = 1;
const SOLID = 2;

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

/**
 * Compiles a route's url: `:name` read as `{name}`, `-` allowed in variable
 * names (rule 18), compiled by the facade. A `declared` operation's path
 * (rule 25) is OpenAPI's: `:` is literal there, and every path parameter is
 * required, whatever its style.
 *
 * @throws {UriTemplateError} When the url is not a valid template.
 */
export function compileUrl(url: string, compile: CompileTemplate, declared = false): UrlTemplate {
  const source = declared ? url : colonsToBraces(url);
  const syntax = parseSyntax(source, { dashInNames: true });
  const names: string[] = [];
  const index = new Map<string, number>();
  const required = new Set<number>();
  const reservedInPath = new Set<number>();
  const pathValues = new Set<number>();
  const parts: (string | UrlExpression)[] = [];
  let literals: string[] | undefined = [""];
  const slots: number[] = [];
  let text = "";
  let inPath = true;
  /** Whether no literal `?` or `#` came yet: an empty `{?q}` does not end the path. */
  let beforeQuery = true;
  let plainQuery = true;
  let byParts = false;
  const scheme = schemePrefixLength(url);
  const full = scheme > 0;
  // What the path's shape proves about dot-segments (rule 9), segment by
  // segment up to the first literal `?` or `#`: literal text other than dots
  // keeps a segment from being one (values add `/` only through `{+x}` and
  // `{/x}`, which leave it to the scan); a `{x}` alone in its segment makes
  // one only as `.` or `..`; anything else is scanned on the built url.
  const wholeSegments: number[] = [];
  let scan = false;
  /** Whether the path started: a full url's at the first literal `/` after its scheme. */
  let started = !full;
  /** Whether no `{?q}` or `{#f}` came, which end the path or not, as their values decide. */
  let proven = true;
  let solid = false;
  let dots = false;
  let expressions = 0;
  let alone = -1;
  // Servers that decode before routing also end segments at `;`, `%2F`,
  // `%5C` and `%3B`: a run of literal dots is a segment to them when
  // delimiters or expressions bound it, and a value can make it one when an
  // expression is on either side (docs/design.md rule 9).
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
  for (const part of syntax) {
    if (typeof part === "string") {
      text += part;
      parts.push(part);
      if (literals !== undefined) literals[literals.length - 1] += part;
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
          inPath = beforeQuery = plainQuery = false;
        } else if (decoded === 0x2e) {
          dots = true;
        } else {
          solid = true;
        }
        // A triplet is one character: its digits are not text of their own.
        if (decoded !== code) i += 2;
      }
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
    const variables = part.specs.map((spec) => {
      let at = index.get(spec.name);
      if (at === undefined) index.set(spec.name, at = names.push(spec.name) - 1);
      return at;
    });
    if (literals !== undefined && part.simple !== undefined) {
      slots.push(variables[0]);
      literals.push("");
    } else {
      literals = undefined;
    }
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
      alone = part.simple === undefined ? -1 : variables[0];
    }
    for (const variable of variables) {
      // A variable named like an option is never a parameter: nothing can fill it.
      if (
        declared ||
        inPath && (op === Operator.Simple || op === Operator.Reserved) &&
          !isNamedOption(names[variable])
      ) {
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
    // Named operators write the name: the facade's `%2D` must read `-` again.
    const labels = op >= Operator.Param
      ? part.specs.filter((spec) => spec.name.includes("-")).map((spec) => spec.name)
      : [];
    if (labels.length > 0) byParts = true;
    // The expression as written, from its `{` to its `}`: only names hold `-`.
    const expression = source.slice(
      part.specs[0].index - (op === Operator.Simple ? 1 : 2),
      source.indexOf("}", part.specs.at(-1)!.index) + 1,
    ).replaceAll("-", "%2D");
    text += expression;
    parts.push({ text: expression, op, variables, labels });
  }
  if (beforeQuery) close();
  if (run === EXPRESSION) dotted = true;
  const head = syntax[0];
  const closed = full && typeof head === "string"
    ? closedOrigin(head, scheme, syntax.length === 1)
    : undefined;
  return {
    url,
    template: compile(text),
    names,
    index,
    required: [...required],
    reservedInPath: [...reservedInPath],
    wholeSegments,
    scan,
    pathValues: [...pathValues],
    dotted,
    parts,
    byParts,
    full,
    // Whatever values follow a literal closed origin, the url parses when the origin does.
    checkAbsolute: full && !(closed !== undefined && isAbsoluteUrl(closed)),
    leadingSlash: typeof head === "string" ? head.startsWith("/") : undefined,
    plainQuery,
    // A literal host right before an expression, unless it ends where a value
    // obviously goes on writing it ("https://api.{region}.example.com").
    origin: full && typeof head === "string" && closed === undefined &&
        head.length > scheme && !".-:@".includes(head.at(-1)!)
      ? head
      : undefined,
    compile,
    literals: !full && !scan && !dotted && typeof head === "string" && head.startsWith("/")
      ? literals
      : undefined,
    slots,
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
  const expanded = compiled.byParts
    ? compiled.parts.map((part) => expandPart(compiled, part, values)).join("")
    : compiled.template.expand(values);
  let scan = compiled.scan;
  for (const variable of compiled.wholeSegments) {
    const value = values[variable];
    if (value === "." || value === "..") throw dotSegmentError(compiled, values, variable);
    // A list of one item writes that item alone.
    if (typeof value === "object") scan = true;
  }
  if (scan) checkPathSegments(compiled, values, expanded);
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
 * WebAssembly.
 */
export function concatenate(compiled: UrlTemplate, raw: readonly unknown[]): string | undefined {
  const literals = compiled.literals!;
  let out = literals[0];
  let total = 0;
  for (let i = 0; i < compiled.slots.length; i++) {
    // `raw` is filled by index: a hole is undefined, never what a prototype holds.
    const slot = compiled.slots[i];
    let value = Object.hasOwn(raw, slot) ? raw[slot] : undefined;
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

/** One literal or expression of the url, expanded alone (RFC 6570 expressions are independent). */
export function expandPart(
  compiled: UrlTemplate,
  part: string | UrlExpression,
  values: readonly UrlValue[],
): string {
  if (typeof part === "string") return part;
  // The piece's variables, in the order the facade names them: first appearance.
  const own = [...new Set(part.variables)].map((variable) => values[variable]);
  let text = compiled.compile(part.text).expand(own);
  // A named expression's values are encoded, so `%2D` there can only be a label.
  for (const name of part.labels) text = text.replaceAll(name.replaceAll("-", "%2D"), name);
  return text;
}
