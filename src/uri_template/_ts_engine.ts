/**
 * The pure-TypeScript RFC 6570 engine: a single-pass, regex-free scanner that
 * compiles a template into literal text and expressions, and an expander over
 * that compiled form. `uritemplate-wasm/assembly/` mirrors this file: same
 * scanner, same operator table order, same function names, same error codes.
 *
 * @module
 */

import type { CompiledTemplate, Engine, TemplateVariables } from "./_engine.ts";
import {
  ERR_AFTER_MODIFIER,
  ERR_AFTER_VARNAME,
  ERR_PREFIX_COMPOSITE,
  ERR_PREFIX_LENGTH,
  ERR_RESERVED_OPERATOR,
  ERR_UNMATCHED_CLOSE,
  ERR_UNTERMINATED,
  ERR_VARNAME,
  templateError,
} from "./error.ts";
import { normalizeValue, Pairs } from "./_values.ts";

// Operators, in the order of the RFC's Appendix A table.
/** `{var}`: simple string expansion. */
export const OP_SIMPLE = 0;
/** `{+var}`: reserved expansion. */
export const OP_RESERVED = 1;
/** `{#var}`: fragment expansion. */
export const OP_FRAGMENT = 2;
/** `{.var}`: label expansion. */
export const OP_LABEL = 3;
/** `{/var}`: path segment expansion. */
export const OP_PATH = 4;
/** `{;var}`: path-style parameter expansion. */
export const OP_PARAM = 5;
/** `{?var}`: form-style query expansion. */
export const OP_QUERY = 6;
/** `{&var}`: form-style query continuation. */
export const OP_CONTINUATION = 7;

const OP_FIRST = ["", "", "#", ".", "/", ";", "?", "&"];
const OP_SEPARATOR = [",", ",", ",", ".", "/", ";", "&", "&"];
const OP_NAMED = [false, false, false, false, false, true, true, true];
const OP_IF_EMPTY = ["", "", "", "", "", "", "=", "="];
const OP_ALLOW_RESERVED = [false, true, true, false, false, false, false, false];

// Character classes for ASCII; everything else is encoded.
const UNRESERVED = 1;
const RESERVED = 2;
const VARCHAR = 4;
const HEXDIG = 8;

const CHAR_CLASS: Uint8Array = (() => {
  const table = new Uint8Array(128);
  const mark = (chars: string, bits: number) => {
    for (let i = 0; i < chars.length; i++) table[chars.charCodeAt(i)] |= bits;
  };
  const digits = "0123456789";
  const upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const lower = "abcdefghijklmnopqrstuvwxyz";
  mark(digits + upper + lower + "-._~", UNRESERVED);
  mark(":/?#[]@!$&'()*+,;=", RESERVED);
  mark(digits + upper + lower + "_", VARCHAR);
  mark(digits + "ABCDEFabcdef", HEXDIG);
  return table;
})();

const HEX_TRIPLET: string[] = Array.from(
  { length: 256 },
  (_, byte) => "%" + byte.toString(16).toUpperCase().padStart(2, "0"),
);

function isClass(code: number, bits: number): boolean {
  return code < 128 && (CHAR_CLASS[code] & bits) !== 0;
}

function isTripletAt(text: string, index: number): boolean {
  return text.charCodeAt(index) === 0x25 &&
    isClass(text.charCodeAt(index + 1), HEXDIG) &&
    isClass(text.charCodeAt(index + 2), HEXDIG);
}

/** The UTF-8 percent-encoding of the code point at `index` (U+FFFD for a lone surrogate). */
function encodeCodePoint(text: string, index: number): string {
  const code = text.charCodeAt(index);
  if (code < 0x80) return HEX_TRIPLET[code];
  if (code < 0x800) return HEX_TRIPLET[0xc0 | (code >> 6)] + HEX_TRIPLET[0x80 | (code & 0x3f)];
  let point = code;
  if (code >= 0xd800 && code <= 0xdfff) {
    const low = text.charCodeAt(index + 1);
    point = code <= 0xdbff && low >= 0xdc00 && low <= 0xdfff
      ? 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00)
      : 0xfffd; // A lone surrogate has no UTF-8 form: U+FFFD, as in WHATWG URLs.
  }
  if (point < 0x10000) {
    return HEX_TRIPLET[0xe0 | (point >> 12)] + HEX_TRIPLET[0x80 | ((point >> 6) & 0x3f)] +
      HEX_TRIPLET[0x80 | (point & 0x3f)];
  }
  return HEX_TRIPLET[0xf0 | (point >> 18)] + HEX_TRIPLET[0x80 | ((point >> 12) & 0x3f)] +
    HEX_TRIPLET[0x80 | ((point >> 6) & 0x3f)] + HEX_TRIPLET[0x80 | (point & 0x3f)];
}

/**
 * Percent-encodes every character of `text` outside the allowed set:
 * unreserved characters, plus (when `allowReserved`) reserved characters and
 * valid `%XX` triplets. Text that needs no encoding is returned as it is.
 */
export function encodeText(text: string, allowReserved: boolean): string {
  const allowed = allowReserved ? UNRESERVED | RESERVED : UNRESERVED;
  const length = text.length;
  let i = 0;
  while (i < length && isClass(text.charCodeAt(i), allowed)) i++;
  if (i === length) return text;
  let out = "";
  let runStart = 0;
  while (i < length) {
    const code = text.charCodeAt(i);
    if (isClass(code, allowed)) {
      i++;
    } else if (allowReserved && isTripletAt(text, i)) {
      i += 3;
    } else {
      out += text.slice(runStart, i) + encodeCodePoint(text, i);
      i += code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1)) ? 2 : 1;
      runStart = i;
    }
  }
  return runStart < length ? out + text.slice(runStart) : out;
}

/**
 * A number as `String` writes it, percent-encoded outside `{+x}` and `{#x}`:
 * an integer below 1e21 is digits and maybe `-`, all unreserved, so only
 * other numbers ("1e+21") are scanned.
 */
export function encodeNumber(value: number): string {
  return Number.isInteger(value) && value < 1e21 && value > -1e21
    ? String(value)
    : encodeText(String(value), false);
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * Returns the first `maxLength` characters of `text`, counted in code points
 * (a surrogate pair is one character) and, when `allowReserved`, with a valid
 * `%XX` triplet counted as one character, so neither is ever split.
 */
export function prefixText(text: string, maxLength: number, allowReserved: boolean): string {
  let i = 0;
  let count = 0;
  const length = text.length;
  while (i < length && count < maxLength) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      i += isLowSurrogate(text.charCodeAt(i + 1)) ? 2 : 1;
    } else if (allowReserved && isTripletAt(text, i)) {
      i += 3;
    } else {
      i++;
    }
    count++;
  }
  return i >= length ? text : text.slice(0, i);
}

/** One variable of an expression: `name`, with `:prefix` or `*`. */
export interface VarSpec {
  /** The name as written, used both for lookup and in named output. */
  readonly name: string;
  /** `name=`, as named operators write it. */
  readonly nameEquals: string;
  /**
   * What comes before a non-empty value: the operator's first string or
   * separator, then `name=` for named operators.
   */
  readonly lead: string;
  readonly next: string;
  /** Where the name starts in the template. */
  readonly index: number;
  /** The prefix length, or 0 for none. */
  readonly prefix: number;
  /** Whether the explode modifier `*` is present. */
  readonly explode: boolean;
}

/** A `{...}` expression. */
export interface Expression {
  /** One of the `OP_*` operators. */
  readonly op: number;
  /** Where the `{` is in the template. */
  readonly index: number;
  /** The variables, in order. */
  readonly specs: readonly VarSpec[];
  /** The operator's first string and separator (RFC 6570 appendix A). */
  readonly first: string;
  readonly separator: string;
  /** Whether the operator writes `name=value`, and what it writes for an empty value. */
  readonly named: boolean;
  readonly ifEmpty: string;
  /** Whether reserved characters and `%XX` triplets pass unencoded. */
  readonly allowReserved: boolean;
  /** For `{name}` (no operator, one variable without modifiers), that variable. */
  readonly simple: VarSpec | undefined;
}

/** A parsed template: literal text (already encoded) and expressions. */
export type Part = string | Expression;

function operatorOf(code: number): number {
  switch (code) {
    case 0x2b: // +
      return OP_RESERVED;
    case 0x23: // #
      return OP_FRAGMENT;
    case 0x2e: // .
      return OP_LABEL;
    case 0x2f: // /
      return OP_PATH;
    case 0x3b: // ;
      return OP_PARAM;
    case 0x3f: // ?
      return OP_QUERY;
    case 0x26: // &
      return OP_CONTINUATION;
    case 0x3d: // =
    case 0x2c: // ,
    case 0x21: // !
    case 0x40: // @
    case 0x7c: // |
      return -1;
    default:
      return OP_SIMPLE;
  }
}

/** Advances over one varchar or `%XX` triplet at `index`, or returns -1. */
function scanVarchar(template: string, index: number): number {
  if (isClass(template.charCodeAt(index), VARCHAR)) return index + 1;
  return isTripletAt(template, index) ? index + 3 : -1;
}

/** Scans `name` (`varchar *( ["."] varchar )`) from `index`; returns its end. */
function scanVarname(template: string, index: number, open: number): number {
  let i = index;
  for (;;) {
    if (i >= template.length) throw templateError(ERR_UNTERMINATED, template, open);
    let next = scanVarchar(template, i);
    if (next < 0) throw templateError(ERR_VARNAME, template, i);
    while (next >= 0) {
      i = next;
      next = scanVarchar(template, i);
    }
    if (template.charCodeAt(i) !== 0x2e) return i;
    i++;
  }
}

/** Parses the expression whose `{` is at `open`; pushes it and returns the index after `}`. */
function parseExpression(template: string, open: number, parts: Part[]): number {
  const length = template.length;
  let i = open + 1;
  if (i >= length) throw templateError(ERR_UNTERMINATED, template, open);
  const op = operatorOf(template.charCodeAt(i));
  if (op < 0) throw templateError(ERR_RESERVED_OPERATOR, template, i);
  if (op !== OP_SIMPLE) i++;
  const specs: VarSpec[] = [];
  for (;;) {
    const nameStart = i;
    i = scanVarname(template, i, open);
    const name = template.slice(nameStart, i);
    let prefix = 0;
    let explode = false;
    let afterModifier = true;
    const code = template.charCodeAt(i);
    if (code === 0x3a) { // :
      const digitsStart = ++i;
      while (i < length && isDigit(template.charCodeAt(i))) {
        if (i - digitsStart < 4) prefix = prefix * 10 + template.charCodeAt(i) - 0x30;
        i++;
      }
      const digits = i - digitsStart;
      if (digits === 0 || digits > 4 || template.charCodeAt(digitsStart) === 0x30) {
        if (i >= length) throw templateError(ERR_UNTERMINATED, template, open);
        throw templateError(ERR_PREFIX_LENGTH, template, digitsStart);
      }
    } else if (code === 0x2a) { // *
      explode = true;
      i++;
    } else {
      afterModifier = false;
    }
    const label = OP_NAMED[op] ? name + "=" : ""; // what the operator writes before a value
    specs.push({
      name,
      nameEquals: name + "=",
      lead: OP_FIRST[op] + label,
      next: OP_SEPARATOR[op] + label,
      index: nameStart,
      prefix,
      explode,
    });
    if (i >= length) throw templateError(ERR_UNTERMINATED, template, open);
    const next = template.charCodeAt(i);
    i++;
    if (next === 0x7d) break; // }
    if (next !== 0x2c) { // ,
      throw templateError(afterModifier ? ERR_AFTER_MODIFIER : ERR_AFTER_VARNAME, template, i - 1);
    }
  }
  const only = specs.length === 1 ? specs[0] : undefined;
  parts.push({
    op,
    index: open,
    specs,
    first: OP_FIRST[op],
    separator: OP_SEPARATOR[op],
    named: OP_NAMED[op],
    ifEmpty: OP_IF_EMPTY[op],
    allowReserved: OP_ALLOW_RESERVED[op],
    simple: op === OP_SIMPLE && only !== undefined && only.prefix === 0 && !only.explode
      ? only
      : undefined,
  });
  return i;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/**
 * Parses `template` into literal text (encoded as RFC 6570 section 3.1 says)
 * and expressions.
 *
 * @throws {UriTemplateError} When the template is malformed.
 */
export function parseParts(template: string): Part[] {
  const parts: Part[] = [];
  const length = template.length;
  let literalStart = 0;
  let i = 0;
  while (i < length) {
    const code = template.charCodeAt(i);
    if (code === 0x7b) { // {
      if (literalStart < i) parts.push(encodeText(template.slice(literalStart, i), true));
      i = parseExpression(template, i, parts);
      literalStart = i;
    } else if (code === 0x7d) { // }
      throw templateError(ERR_UNMATCHED_CLOSE, template, i);
    } else {
      i++;
    }
  }
  if (literalStart < length) parts.push(encodeText(template.slice(literalStart), true));
  return parts;
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Expands one defined variable (`raw` is neither null nor undefined) as
 * `op` writes it, without the separator; `undefined` when its value is
 * undefined in RFC 6570's sense (an empty list or map).
 */
function expandVariable(
  template: string,
  op: number,
  spec: VarSpec,
  raw: unknown,
): string | undefined {
  const name = spec.name;
  const allowReserved = OP_ALLOW_RESERVED[op];
  const value = typeof raw === "string"
    ? raw
    : typeof raw === "number"
    ? String(raw)
    : normalizeValue(name, raw);
  if (value === undefined) return undefined;
  if (typeof value === "string") {
    const text = encodeText(
      spec.prefix > 0 ? prefixText(value, spec.prefix, allowReserved) : value,
      allowReserved,
    );
    if (!OP_NAMED[op]) return text;
    return value === "" ? name + OP_IF_EMPTY[op] : spec.nameEquals + text;
  }
  if (spec.prefix > 0) throw templateError(ERR_PREFIX_COMPOSITE, template, spec.index);
  return spec.explode
    ? expandExploded(name, value, op, allowReserved)
    : expandJoined(name, value, op, allowReserved);
}

/** Expands one expression; returns "" when all its variables are undefined. */
function expandExpression(
  template: string,
  expression: Expression,
  variables: TemplateVariables,
): string {
  const specs = expression.specs;
  let out = "";
  let defined = false;
  for (let s = 0; s < specs.length; s++) {
    const spec = specs[s];
    const raw = variables[spec.name];
    if (raw === undefined || raw === null || !hasOwn.call(variables, spec.name)) continue;
    // Strings and numbers without a prefix (most values), without the general call.
    if (spec.prefix === 0) {
      if (typeof raw === "string") {
        out += raw === "" && expression.named
          ? (defined ? expression.separator : expression.first) + spec.name + expression.ifEmpty
          : (defined ? spec.next : spec.lead) + encodeText(raw, expression.allowReserved);
        defined = true;
        continue;
      }
      if (typeof raw === "number") {
        out += (defined ? spec.next : spec.lead) +
          (expression.allowReserved ? encodeText(String(raw), true) : encodeNumber(raw));
        defined = true;
        continue;
      }
    }
    const text = expandVariable(template, expression.op, spec, raw);
    if (text === undefined) continue;
    out += (defined ? expression.separator : expression.first) + text;
    defined = true;
  }
  return out;
}

/** A list or map without `*`: members joined by `,`, named once (`name` as output). */
export function expandJoined(
  name: string,
  value: string[] | Pairs,
  op: number,
  allowReserved: boolean,
): string {
  const items = value instanceof Pairs ? value.flat : value;
  let joined = encodeText(items[0], allowReserved);
  for (let i = 1; i < items.length; i++) joined += "," + encodeText(items[i], allowReserved);
  if (!OP_NAMED[op]) return joined;
  return joined === "" ? name + OP_IF_EMPTY[op] : name + "=" + joined;
}

/** A list or map with `*`: one member (or `name=value` pair) per separator. */
function expandExploded(
  name: string,
  value: string[] | Pairs,
  op: number,
  allowReserved: boolean,
): string {
  const separator = OP_SEPARATOR[op];
  const named = OP_NAMED[op];
  let out = "";
  if (value instanceof Pairs) {
    const flat = value.flat;
    for (let i = 0; i < flat.length; i += 2) {
      if (i > 0) out += separator;
      out += encodeText(flat[i], allowReserved);
      const item = flat[i + 1];
      out += named && item === "" ? OP_IF_EMPTY[op] : "=" + encodeText(item, allowReserved);
    }
    return out;
  }
  for (let i = 0; i < value.length; i++) {
    if (i > 0) out += separator;
    const item = value[i];
    if (named) {
      out += item === "" ? name + OP_IF_EMPTY[op] : name + "=";
      if (item === "") continue;
    }
    out += encodeText(item, allowReserved);
  }
  return out;
}

class TsTemplate implements CompiledTemplate {
  readonly variableNames: readonly string[];
  readonly #template: string;
  readonly #parts: Part[];

  constructor(template: string) {
    this.#template = template;
    this.#parts = parseParts(template);
    const names = new Set<string>();
    for (const part of this.#parts) {
      if (typeof part !== "string") { for (const spec of part.specs) names.add(spec.name); }
    }
    this.variableNames = Object.freeze([...names]);
  }

  expand(variables: TemplateVariables): string {
    const parts = this.#parts;
    let out = "";
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      if (typeof part === "string") {
        out += part;
        continue;
      }
      // The most common expression, `{name}`, without the loop over variables.
      const spec = part.simple;
      if (spec !== undefined) {
        const raw = variables[spec.name];
        if (raw !== undefined && raw !== null && hasOwn.call(variables, spec.name)) {
          out += typeof raw === "string"
            ? encodeText(raw, false)
            : typeof raw === "number"
            ? encodeNumber(raw)
            : expandVariable(this.#template, OP_SIMPLE, spec, raw) ?? "";
        }
        continue;
      }
      out += expandExpression(this.#template, part, variables);
    }
    return out;
  }
}

/** The TypeScript engine. */
export const tsEngine: Engine = {
  name: "ts",
  compile: (template: string): CompiledTemplate => new TsTemplate(template),
};
