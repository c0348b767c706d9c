/**
 * The pure-TypeScript RFC 6570 engine: expands the parts that `_syntax.ts`
 * scans. `uritemplate-wasm/assembly/` mirrors it: same expanders, same
 * operator table order, same error codes.
 *
 * @module
 */

import { BoundedCache } from "../_cache.ts";
import type { CompiledTemplate, CompiledUrlTemplate, Engine } from "./_engine.ts";
import { encodeText, isHighSurrogate, isLowSurrogate, isTripletAt } from "./_encode.ts";
import { ERR_PREFIX_COMPOSITE, templateError } from "./error.ts";
import { type Expression, FIRST, Operator, parseSyntax, type Part, SEPARATOR } from "./_syntax.ts";
import { type Normalized, Pairs } from "./_values.ts";

/** What a named operator writes after the name of an empty value. */
function ifEmpty(op: Operator): string {
  return op >= Operator.Query ? "=" : "";
}

/**
 * Returns the first `maxLength` characters of `text`, counted in code points
 * (a surrogate pair is one character) and, when `allowReserved`, with a valid
 * `%XX` triplet counted as one character, so neither is ever split.
 */
function prefixText(text: string, maxLength: number, allowReserved: boolean): string {
  let i = 0;
  let count = 0;
  const length = text.length;
  while (i < length && count++ < maxLength) {
    i += isHighSurrogate(text.charCodeAt(i)) && isLowSurrogate(text.charCodeAt(i + 1))
      ? 2
      : allowReserved && isTripletAt(text, i)
      ? 3
      : 1;
  }
  return text.slice(0, i);
}

/**
 * A list or map without `*`: members joined by `,`, named once.
 *
 * @param name The variable name as the output writes it.
 * @param value The list, or the map's names and values.
 * @param op The operator.
 * @returns The expansion, without the operator's first string.
 */
export function expandJoined(name: string, value: string[] | Pairs, op: Operator): string {
  const items = value instanceof Pairs ? value.flat : value;
  const allowReserved = op === Operator.Reserved || op === Operator.Fragment;
  let joined = encodeText(items[0], allowReserved);
  for (let i = 1; i < items.length; i++) joined += "," + encodeText(items[i], allowReserved);
  if (op < Operator.Param) return joined;
  return name + (joined === "" ? ifEmpty(op) : "=" + joined);
}

/** A list or map with `*`: one member (or `name=value` pair) per separator. */
function expandExploded(name: string, value: string[] | Pairs, op: Operator): string {
  const allowReserved = op === Operator.Reserved || op === Operator.Fragment;
  const named = op >= Operator.Param;
  const pairs = value instanceof Pairs;
  const items = pairs ? value.flat : value;
  let out = "";
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out += SEPARATOR[op];
    // A pair's name is written as `name` is for a list item.
    const item = items[pairs ? ++i : i];
    out += (pairs ? encodeText(items[i - 1], allowReserved) : named ? name : "") +
      (named && item === ""
        ? ifEmpty(op)
        : (pairs || named ? "=" : "") + encodeText(item, allowReserved));
  }
  return out;
}

/**
 * Expands one expression with the values of its whole template (by slot);
 * returns "" when all its variables are undefined. Expressions expand
 * independently (RFC 6570 section 3), so this is its piece of the whole.
 *
 * @param template The template text, for a message.
 * @param expression One of the template's expressions.
 * @param values The normalized value of each of the template's variables, by slot.
 * @returns The expression's expansion.
 * @throws {UriTemplateError} For a prefix modifier on a list or map.
 */
export function expandExpression(
  template: string,
  expression: Expression,
  values: readonly Normalized[],
): string {
  const op = expression.op;
  const named = op >= Operator.Param;
  const allowReserved = op === Operator.Reserved || op === Operator.Fragment;
  const specs = expression.specs;
  let out = "";
  let defined = false;
  for (let s = 0; s < specs.length; s++) {
    const spec = specs[s];
    const value = values[spec.slot];
    if (value === undefined) continue;
    if (typeof value === "string") {
      out += value === "" && named
        ? (defined ? SEPARATOR[op] : FIRST[op]) + spec.name + ifEmpty(op)
        : (defined ? spec.next : spec.lead) + encodeText(
          spec.prefix > 0 ? prefixText(value, spec.prefix, allowReserved) : value,
          allowReserved,
        );
    } else {
      if (spec.prefix > 0) throw templateError(ERR_PREFIX_COMPOSITE, template, spec.index);
      out += (defined ? SEPARATOR[op] : FIRST[op]) +
        (spec.explode ? expandExploded(spec.name, value, op) : expandJoined(spec.name, value, op));
    }
    defined = true;
  }
  return out;
}

/** A template compiled by the TypeScript engine, with its parse. */
export class TsTemplate implements CompiledUrlTemplate {
  readonly variableNames: readonly string[];
  readonly parts: readonly Part[];
  readonly #template: string;

  /**
   * @param template The template text.
   * @param dash Whether `-` is a letter in variable names (docs/design.md
   * rule 18: route urls only).
   */
  constructor(template: string, dash = false) {
    this.#template = template;
    this.parts = parseSyntax(template, { dashInNames: dash });
    const names: string[] = [];
    for (const part of this.parts) {
      if (typeof part !== "string") { for (const spec of part.specs) names[spec.slot] = spec.name; }
    }
    this.variableNames = Object.freeze(names);
  }

  expand(values: readonly Normalized[]): string {
    const parts = this.parts;
    let out = "";
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      if (typeof part === "string") {
        out += part;
        continue;
      }
      // The most common expression, `{name}`, without the loop over variables.
      const spec = part.simple;
      const value = spec === undefined ? undefined : values[spec.slot];
      out += typeof value === "string"
        ? encodeText(value, false)
        : expandExpression(this.#template, part, values);
    }
    return out;
  }
}

/** The TypeScript engine; it runs everywhere. */
export const tsEngine: Engine = {
  name: "ts",
  unavailable: () => undefined,
  compile: (template: string): CompiledTemplate => new TsTemplate(template),
};

let urls: BoundedCache<CompiledUrlTemplate> | undefined;

/**
 * Not part of the package's interface: how routecast's own entries without
 * WebAssembly compile a route's url (cached, `-` allowed in names,
 * docs/design.md rule 18), offered by `lite.ts` so that an entry chooses
 * its engine by importing that module. `parseTemplate` stays strict RFC 6570.
 *
 * @ignore
 */
export function compileUrlTemplate(text: string): CompiledUrlTemplate {
  return (urls ??= new BoundedCache((template) => new TsTemplate(template, true))).get(text);
}
