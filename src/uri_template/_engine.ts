/**
 * The contract that both template engines (TypeScript and WebAssembly)
 * implement. The facade in `mod.ts` picks an engine; nothing else knows
 * which one runs.
 *
 * @module
 */

/** Name of a template engine. */
export type EngineName = "wasm" | "ts";

/** A value that expands as a single string. */
export type ScalarValue = string | number | boolean | bigint | Date;

/**
 * A value that a template variable can take: a scalar, a list of scalars, an
 * associative array of scalars, or `null`/`undefined` for "undefined".
 */
export type TemplateValue =
  | ScalarValue
  | null
  | undefined
  | readonly (ScalarValue | null | undefined)[]
  | { readonly [key: string]: ScalarValue | null | undefined };

/** The variables passed to an expansion, looked up by own property only. */
export type TemplateVariables = { readonly [name: string]: unknown };

/** A template compiled by an engine, ready to expand many times. */
export interface CompiledTemplate {
  /** Unique variable names in order of first appearance. */
  readonly variableNames: readonly string[];
  /** Expands the template; throws `TypeError` or `UriTemplateError`. */
  expand(variables: TemplateVariables): string;
}

/** A template engine: turns template text into a compiled template. */
export interface Engine {
  /** Which engine this is. */
  readonly name: EngineName;
  /** Compiles `template`; throws `UriTemplateError` when it is malformed. */
  compile(template: string): CompiledTemplate;
}
