/**
 * The `Template` that the facade hands out, over whichever engine compiled
 * it, and the choice `"auto"` makes on each expansion. Free of WebAssembly
 * imports, so `./uri-template/lite` can use it.
 *
 * @module
 */

import type { CompiledTemplate, EngineName, TemplateVariables } from "./_engine.ts";
import type { TemplateVariableNames, TemplateVariablesOf } from "./_template_types.ts";
import { type Normalized, normalizeValue } from "./_values.ts";
import { quote, show } from "./error.ts";

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
 * encoding (benchmarks/engine_crossover_bench.ts; README, "Two engines").
 */
export const LONG_INPUT = 64;

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Throws a `TypeError` unless `template` is a string.
 *
 * @param template What the caller passed as template text.
 */
export function checkTemplate(template: unknown): asserts template is string {
  if (typeof template !== "string") {
    throw new TypeError(
      `Invalid URI template ${show(template)}: expected a string, found ${typeof template}`,
    );
  }
}

/**
 * The `engine` of a `parseTemplate` or `expand` options argument: an own
 * property only (an inherited one is no option the caller gave), and
 * `undefined` for no options.
 *
 * @throws {TypeError} When `options` is not an object (`"ts"` for `{ engine: "ts" }`).
 */
export function engineOption(options: unknown): unknown {
  if (options === undefined || options === null) return undefined;
  if (typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(
      `Invalid options ${
        Array.isArray(options) ? "an array" : show(options)
      }: expected an object such as { engine: "ts" }`,
    );
  }
  return hasOwn.call(options, "engine") ? (options as { engine?: unknown }).engine : undefined;
}

/** A template compiled by an engine, frozen. */
export class ParsedTemplate implements Template {
  readonly template: string;
  readonly engine: EngineName;
  readonly variableNames: readonly string[];
  readonly #compiled: CompiledTemplate;

  /**
   * @param template The template text.
   * @param engine The engine option in effect.
   * @param compiled The template compiled for that option.
   */
  constructor(template: string, engine: EngineName, compiled: CompiledTemplate) {
    this.#compiled = compiled;
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
    // Each variable is read and normalized once, before any engine runs.
    const names = this.variableNames;
    const values: Normalized[] = new Array(names.length);
    /** The strings' total length, for the engine choice; `NaN` once a list or map came. */
    let length = 0;
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      // Own properties only: an inherited getter is not even called.
      const raw = hasOwn.call(variables, name) ? variables[name] : undefined;
      // The common kinds inline; the others (and their errors) by the one normalizer.
      values[i] = typeof raw === "string"
        ? raw
        : typeof raw === "number"
        ? String(raw)
        : raw === undefined || raw === null
        ? undefined
        : normalizeValue(name, raw);
      const value = values[i];
      length += typeof value === "string" ? value.length : value === undefined ? 0 : NaN;
    }
    return this.#compiled.expand(values, Number.isNaN(length) ? undefined : length);
  }
}
