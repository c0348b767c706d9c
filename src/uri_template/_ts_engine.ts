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
import { type Expression, FIRST, Operator, parseSyntax, type Part, SEPARATOR } from "./_syntax.ts";
import { type Normalized, Pairs } from "./_values.ts";
import { BoundedCache } from "../_cache.ts";

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

/** Expands one expression; returns "" when all its variables are undefined. */
function expandExpression(
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

let templates: BoundedCache<CompiledTemplate> | undefined;

/**
 * Compiles `template` on the TypeScript engine, cached: what the endpoint
 * entries without WebAssembly expand urls with (no public `Template` around
 * it: `endpoint()` reads and checks each value itself before expanding).
 */
export function compileTs(template: string): CompiledTemplate {
  return (templates ??= new BoundedCache(tsEngine.compile)).get(template);
}
