/**
 * The `Template` that the facade hands out, over whichever engine compiled
 * it. Free of WebAssembly imports, so `./lite` can use it.
 *
 * @module
 */

import type { CompiledTemplate, Engine, EngineName, TemplateVariables } from "./_engine.ts";
import type { TemplateVariableNames, TemplateVariablesOf } from "./_template_types.ts";
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
  /** The engine that compiled this template and expands it. */
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

/** A template compiled by `engine`, frozen. */
export class ParsedTemplate implements Template {
  readonly template: string;
  readonly engine: EngineName;
  readonly variableNames: readonly string[];
  readonly #compiled: CompiledTemplate;

  constructor(template: string, engine: Engine) {
    this.#compiled = engine.compile(template);
    this.template = template;
    this.engine = engine.name;
    this.variableNames = this.#compiled.variableNames;
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
    return this.#compiled.expand(variables);
  }
}
