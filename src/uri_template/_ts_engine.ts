/**
 * The pure-TypeScript RFC 6570 engine: expands the parts that `_syntax.ts`
 * scans. `uritemplate-wasm/assembly/` mirrors it: same expanders, same
 * operator table order, same error codes.
 *
 * @module
 */

import type { CompiledTemplate, Engine } from "./_engine.ts";
import { encodeText, isHighSurrogate, isLowSurrogate, isTripletAt } from "./_encode.ts";
import { ERR_PREFIX_COMPOSITE, templateError } from "./error.ts";
import { type Expression, parseSyntax, type Part } from "./_syntax.ts";
import { type Normalized, Pairs } from "./_values.ts";

/**
 * Returns the first `maxLength` characters of `text`, counted in code points
 * (a surrogate pair is one character) and, when `allowReserved`, with a valid
 * `%XX` triplet counted as one character, so neither is ever split.
 */
function prefixText(text: string, maxLength: number, allowReserved: boolean): string {
  let i = 0;
  let count = 0;
  const length = text.length;
  while (i < length && count < maxLength) {
    const code = text.charCodeAt(i);
    if (isHighSurrogate(code)) {
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

/**
 * A list or map without `*`: members joined by `,`, named once (`name` as
 * output).
 *
 * @param name The variable name as the output writes it.
 * @param value The list, or the map's names and values.
 * @param expression Its operator's properties.
 * @returns The expansion, without the operator's first string.
 */
export function expandJoined(
  name: string,
  value: string[] | Pairs,
  expression: Pick<Expression, "named" | "ifEmpty" | "allowReserved">,
): string {
  const items = value instanceof Pairs ? value.flat : value;
  const allowReserved = expression.allowReserved;
  let joined = encodeText(items[0], allowReserved);
  for (let i = 1; i < items.length; i++) joined += "," + encodeText(items[i], allowReserved);
  if (!expression.named) return joined;
  return joined === "" ? name + expression.ifEmpty : name + "=" + joined;
}

/** A list or map with `*`: one member (or `name=value` pair) per separator. */
function expandExploded(name: string, value: string[] | Pairs, expression: Expression): string {
  const { separator, named, ifEmpty, allowReserved } = expression;
  let out = "";
  if (value instanceof Pairs) {
    const flat = value.flat;
    for (let i = 0; i < flat.length; i += 2) {
      if (i > 0) out += separator;
      const item = flat[i + 1];
      out += encodeText(flat[i], allowReserved) +
        (named && item === "" ? ifEmpty : "=" + encodeText(item, allowReserved));
    }
    return out;
  }
  for (let i = 0; i < value.length; i++) {
    if (i > 0) out += separator;
    const item = value[i];
    out += named
      ? (item === "" ? name + ifEmpty : name + "=" + encodeText(item, allowReserved))
      : encodeText(item, allowReserved);
  }
  return out;
}

/** Expands one expression; returns "" when all its variables are undefined. */
function expandExpression(
  template: string,
  expression: Expression,
  values: readonly Normalized[],
): string {
  const specs = expression.specs;
  let out = "";
  let defined = false;
  for (let s = 0; s < specs.length; s++) {
    const spec = specs[s];
    const value = values[spec.slot];
    if (value === undefined) continue;
    if (typeof value === "string") {
      out += value === "" && expression.named
        ? (defined ? expression.separator : expression.first) + spec.name + expression.ifEmpty
        : (defined ? spec.next : spec.lead) + encodeText(
          spec.prefix > 0 ? prefixText(value, spec.prefix, expression.allowReserved) : value,
          expression.allowReserved,
        );
    } else {
      if (spec.prefix > 0) throw templateError(ERR_PREFIX_COMPOSITE, template, spec.index);
      out += (defined ? expression.separator : expression.first) +
        (spec.explode
          ? expandExploded(spec.name, value, expression)
          : expandJoined(spec.name, value, expression));
    }
    defined = true;
  }
  return out;
}

class TsTemplate implements CompiledTemplate {
  readonly variableNames: readonly string[];
  readonly #template: string;
  readonly #parts: Part[];

  constructor(template: string) {
    this.#template = template;
    this.#parts = parseSyntax(template);
    const names: string[] = [];
    for (const part of this.#parts) {
      if (typeof part !== "string") { for (const spec of part.specs) names[spec.slot] = spec.name; }
    }
    this.variableNames = Object.freeze(names);
  }

  expand(values: readonly Normalized[]): string {
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
