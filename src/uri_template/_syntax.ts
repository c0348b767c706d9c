/**
 * The RFC 6570 scanner: a single pass over the template, with no regular
 * expressions, into literal text and expressions. `uritemplate-wasm/assembly/`
 * mirrors it: same functions, same operator order, same error codes.
 *
 * @module
 */

import { encodeText, isClass, isTripletAt, VARCHAR } from "./_encode.ts";
import {
  ERR_AFTER_MODIFIER,
  ERR_AFTER_VARNAME,
  ERR_PREFIX_LENGTH,
  ERR_RESERVED_OPERATOR,
  ERR_UNMATCHED_CLOSE,
  ERR_UNTERMINATED,
  ERR_VARNAME,
  templateError,
} from "./error.ts";

/** The expression operators, in the order of RFC 6570's appendix A table. */
export const enum Operator {
  /** `{var}`: simple string expansion. */
  Simple,
  /** `{+var}`: reserved expansion. */
  Reserved,
  /** `{#var}`: fragment expansion. */
  Fragment,
  /** `{.var}`: label expansion. */
  Label,
  /** `{/var}`: path segment expansion. */
  Path,
  /** `{;var}`: path-style parameter expansion. */
  Param,
  /** `{?var}`: form-style query expansion. */
  Query,
  /** `{&var}`: form-style query continuation. */
  Continuation,
}

/**
 * By operator (appendix A): the first string, written before the first
 * defined variable. Operators from `Param` on are named (`name=value`),
 * from `Query` on an empty value is `name=`, and `Reserved` and `Fragment`
 * allow reserved characters.
 */
export const FIRST = ["", "", "#", ".", "/", ";", "?", "&"];
/** By operator: the separator between defined variables. */
export const SEPARATOR = [",", ",", ",", ".", "/", ";", "&", "&"];

/** One variable of an expression: `name`, with `:prefix` or `*`. */
export interface VarSpec {
  /** The name as written, used both for lookup and in named output. */
  readonly name: string;
  /** Where the name starts in the template. */
  readonly index: number;
  /** The prefix length, or 0 for none. */
  readonly prefix: number;
  /** Whether the explode modifier `*` is present. */
  readonly explode: boolean;
  /** The position of `name` among the template's unique variable names. */
  readonly slot: number;
  /**
   * What comes before a non-empty value: the operator's first string (for
   * the first defined variable) or separator (`next`), then `name=` for
   * named operators.
   */
  readonly lead: string;
  readonly next: string;
}

/** A `{...}` expression. */
export interface Expression {
  readonly op: Operator;
  /** The variables, in order. */
  readonly specs: readonly VarSpec[];
  /** For `{name}` (no operator, one variable without modifiers), that variable. */
  readonly simple: VarSpec | undefined;
}

/** A parsed template: literal text (already encoded, RFC 6570 section 3.1) and expressions. */
export type Part = string | Expression;

/** Parser state for one template. */
interface Scan {
  readonly template: string;
  readonly dash: boolean;
  /** Slot of each variable name seen so far. */
  readonly slots: Map<string, number>;
}

/** Advances over one varchar (or `-`, when `dash`) or `%XX` triplet at `index`, or returns -1. */
function scanVarchar(text: string, index: number, dash: boolean): number {
  const code = text.charCodeAt(index);
  if (isClass(code, VARCHAR) || (code === 0x2d && dash)) return index + 1;
  return isTripletAt(text, index) ? index + 3 : -1;
}

/** Scans `name` (`varchar *( ["."] varchar )`) from `index`; returns its end. */
function scanVarname(scan: Scan, index: number, open: number): number {
  const template = scan.template;
  let i = index;
  for (;;) {
    if (i >= template.length) throw templateError(ERR_UNTERMINATED, template, open);
    let next = scanVarchar(template, i, scan.dash);
    if (next < 0) throw templateError(ERR_VARNAME, template, i);
    while (next >= 0) {
      i = next;
      next = scanVarchar(template, i, scan.dash);
    }
    if (template.charCodeAt(i) !== 0x2e) return i;
    i++;
  }
}

/**
 * Whether `name` is an RFC 6570 variable name (section 2.3): varchars
 * (letters, digits, `_`, `%XX`) in parts joined by single dots, as the
 * scanner reads one. The one check of the template layer, the CLI and
 * OpenAPI paths.
 *
 * @param name The name.
 * @param dash Whether `-` counts as a letter (docs/design.md rule 18: route urls only).
 * @returns Whether a template can hold it as a variable name.
 */
export function isVarname(name: string, dash = false): boolean {
  for (let i = 0;;) {
    let next = scanVarchar(name, i, dash);
    if (next < 0) return false;
    while (next >= 0) {
      i = next;
      next = scanVarchar(name, i, dash);
    }
    if (i === name.length) return true;
    if (name.charCodeAt(i++) !== 0x2e) return false;
  }
}

/** Parses the expression whose `{` is at `open`; pushes it and returns the index after `}`. */
function parseExpression(scan: Scan, open: number, parts: Part[]): number {
  const template = scan.template;
  const length = template.length;
  let i = open + 1;
  if (i >= length) throw templateError(ERR_UNTERMINATED, template, open);
  // The operators in Operator order (from 1), and the ones RFC 6570 reserves.
  const op: Operator = "+#./;?&".indexOf(template[i]) + 1;
  if ("=,!@|".includes(template[i])) throw templateError(ERR_RESERVED_OPERATOR, template, i);
  if (op !== Operator.Simple) i++;
  const specs: VarSpec[] = [];
  for (;;) {
    const nameStart = i;
    i = scanVarname(scan, i, open);
    const name = template.slice(nameStart, i);
    let prefix = 0;
    let explode = false;
    let afterModifier = true;
    const code = template.charCodeAt(i);
    if (code === 0x3a) { // :
      const digitsStart = ++i;
      let digit = template.charCodeAt(i) - 0x30; // NaN past the end
      while (digit >= 0 && digit <= 9) {
        if (i - digitsStart < 4) prefix = prefix * 10 + digit;
        digit = template.charCodeAt(++i) - 0x30;
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
    let slot = scan.slots.get(name);
    if (slot === undefined) scan.slots.set(name, slot = scan.slots.size);
    const label = op >= Operator.Param ? name + "=" : "";
    specs.push({
      name,
      index: nameStart,
      prefix,
      explode,
      slot,
      lead: FIRST[op] + label,
      next: SEPARATOR[op] + label,
    });
    if (i >= length) throw templateError(ERR_UNTERMINATED, template, open);
    const next = template.charCodeAt(i++);
    if (next === 0x7d) break; // }
    if (next !== 0x2c) { // ,
      throw templateError(afterModifier ? ERR_AFTER_MODIFIER : ERR_AFTER_VARNAME, template, i - 1);
    }
  }
  parts.push({
    op,
    specs,
    simple: op === Operator.Simple && specs.length === 1 && specs[0].prefix === 0 &&
        !specs[0].explode
      ? specs[0]
      : undefined,
  });
  return i;
}

/**
 * Parses `template` into literal text (encoded as RFC 6570 section 3.1 says)
 * and expressions.
 *
 * @param template The template text.
 * @param options `dashInNames` accepts `-` in variable names wherever a
 * letter is (docs/design.md rule 18, for route urls only).
 * @returns The parts, in order.
 * @throws {UriTemplateError} When the template is malformed.
 */
export function parseSyntax(template: string, options?: { dashInNames?: boolean }): Part[] {
  const scan: Scan = { template, dash: options?.dashInNames === true, slots: new Map() };
  const parts: Part[] = [];
  const length = template.length;
  let literalStart = 0;
  let i = 0;
  while (i < length) {
    const code = template.charCodeAt(i);
    if (code === 0x7b) { // {
      if (literalStart < i) parts.push(encodeText(template.slice(literalStart, i), true));
      i = parseExpression(scan, i, parts);
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
