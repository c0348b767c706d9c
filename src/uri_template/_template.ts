/**
 * The `Template` that the facade hands out, over whichever engine compiled
 * it, and the choice `"auto"` makes on each expansion. Free of WebAssembly
 * imports, so `./uri-template/lite` can use it.
 *
 * @module
 */

import type { CompiledTemplate, Engine, EngineName, TemplateVariables } from "./_engine.ts";
import type { TemplateVariableNames, TemplateVariablesOf } from "./_template_types.ts";
import { type Normalized, normalizeValue, Pairs } from "./_values.ts";
import { quote } from "./error.ts";

export type { TemplateVariableNames, TemplateVariablesOf } from "./_template_types.ts";

/**
 * A parsed URI template, ready to expand many times. `Text` is the template
 * text: for a literal, `variableNames` and `expand` know the variable names
 * (see {@linkcode TemplateVariablesOf}); for a plain `string`, any names.
 *
 * @example
 * ```ts
 * import { parseTemplate, type Template } from "@routecast/endpoint/uri-template";
 * import { assertEquals } from "@std/assert";
 *
 * const user: Template<"/users/{username}{?tab}"> = parseTemplate("/users/{username}{?tab}");
 * assertEquals(user.expand({ username: "octocat" }), "/users/octocat");
 * ```
 */
export interface Template<out Text extends string = string> {
  /** The template text as given. */
  readonly template: Text;
  /** The engine option in effect: `"auto"` (the default), `"wasm"` or `"ts"`. */
  readonly engine: EngineName;
  /** Unique variable names, in order of first appearance. */
  readonly variableNames: readonly TemplateVariableNames<Text>[];
  /**
   * Expands the template with `variables` (own properties only).
   *
   * @param variables Values by variable name.
   * @returns The URI reference.
   * @throws {TypeError} When a value cannot be expanded.
   * @throws {UriTemplateError} For a prefix modifier on a list or map value.
   */
  expand(variables: TemplateVariablesOf<Text>): string;
}

/**
 * The total length of the values a template names (string characters, list
 * items, map names and values) from which `"auto"` expands on WebAssembly:
 * below it the fixed cost of a call into WebAssembly outweighs its faster
 * encoding (measured by benchmarks/engine_crossover_bench.ts; README, "Two
 * engines").
 */
export const LONG_INPUT = 128;

const hasOwn = Object.prototype.hasOwnProperty;

/** `total` plus the length of `value`, counted no further than `LONG_INPUT`. */
function addLength(total: number, value: string[] | Pairs): number {
  const items = value instanceof Pairs ? value.flat : value;
  for (let i = 0; i < items.length && total < LONG_INPUT; i++) total += items[i].length;
  return total;
}

/**
 * Throws a `TypeError` unless `template` is a string.
 *
 * @param template What the caller passed as template text.
 */
export function checkTemplate(template: unknown): asserts template is string {
  if (typeof template !== "string") {
    throw new TypeError(
      `Invalid URI template ${String(template)}: expected a string, found ${typeof template}`,
    );
  }
}

/** A template compiled by an engine, frozen. */
export class ParsedTemplate implements Template {
  readonly template: string;
  readonly engine: EngineName;
  readonly variableNames: readonly string[];
  readonly #compiled: CompiledTemplate;
  /** For `"auto"`: the engine for long inputs, compiled on first use. */
  readonly #long: Engine | undefined;
  /** The template compiled by `#long`; `null` when it cannot run or compile. */
  #longCompiled: CompiledTemplate | null | undefined;

  /**
   * @param template The template text.
   * @param engine The engine option in effect.
   * @param compiled The template compiled by the engine for short inputs (or the only one).
   * @param long For `"auto"`, the engine for long inputs.
   */
  constructor(template: string, engine: EngineName, compiled: CompiledTemplate, long?: Engine) {
    this.#compiled = compiled;
    this.#long = long;
    this.template = template;
    this.engine = engine;
    this.variableNames = compiled.variableNames;
    Object.freeze(this);
  }

  expand(variables: TemplateVariables): string {
    if (typeof variables !== "object" || variables === null) {
      throw new TypeError(
        `Cannot expand ${quote(this.template)}: expected variables as an object, found ${
          variables === null ? "null" : typeof variables
        }`,
      );
    }
    // Each variable is read and normalized once, whichever engine expands.
    const names = this.variableNames;
    const values: Normalized[] = [];
    let total = this.#long === undefined ? LONG_INPUT : 0;
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      const raw = hasOwn.call(variables, name) ? variables[name] : undefined;
      const value = typeof raw === "string" ? raw : normalizeValue(name, raw);
      values.push(value);
      if (total < LONG_INPUT && value !== undefined) {
        total = typeof value === "string" ? total + value.length : addLength(total, value);
      }
    }
    return total >= LONG_INPUT && this.#long !== undefined
      ? this.#expandLong(values)
      : this.#compiled.expand(values);
  }

  /**
   * Expands on the long-input engine where it runs; an input too large for
   * its memory (a `RangeError`) is expanded by the other engine, so `"auto"`
   * fails only where `"ts"` would.
   */
  #expandLong(values: readonly Normalized[]): string {
    let long = this.#longCompiled;
    if (long === undefined) {
      long = null;
      const engine = this.#long!;
      if (engine.unavailable() === undefined) {
        try {
          long = engine.compile(this.template);
        } catch (error) {
          if (!(error instanceof RangeError)) throw error;
        }
      }
      this.#longCompiled = long;
    }
    if (long !== null) {
      try {
        return long.expand(values);
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
      }
    }
    return this.#compiled.expand(values);
  }
}
