/**
 * The contract that both template engines (TypeScript and WebAssembly)
 * implement. The facade in `mod.ts` picks an engine; nothing else knows
 * which one runs.
 *
 * @module
 */

/**
 * Name of a template engine: `"wasm"` (WebAssembly) or `"ts"` (TypeScript).
 *
 * @example
 * ```ts
 * import { type EngineName, parseTemplate } from "@routecast/endpoint/uri-template";
 * import { assertEquals } from "@std/assert";
 *
 * const engine: EngineName = parseTemplate("/users/{id}", { engine: "ts" }).engine;
 * assertEquals(engine, "ts");
 * ```
 */
export type EngineName = "wasm" | "ts";

/**
 * A value that expands as a single string: numbers, bigints and booleans via
 * `String()`, a `Date` via `toISOString()`.
 *
 * @example
 * ```ts
 * import { expand, type ScalarValue } from "@routecast/endpoint/uri-template";
 * import { assertEquals } from "@std/assert";
 *
 * const since: ScalarValue = new Date(Date.UTC(2024, 0, 2));
 * assertEquals(expand("{?since}", { since }), "?since=2024-01-02T00%3A00%3A00.000Z");
 * ```
 */
export type ScalarValue = string | number | boolean | bigint | Date;

/**
 * A value that a template variable can take: a scalar, a list of scalars, an
 * associative array of scalars, or `null`/`undefined` for "undefined".
 *
 * @example
 * ```ts
 * import { expand, type TemplateValue } from "@routecast/endpoint/uri-template";
 * import { assertEquals } from "@std/assert";
 *
 * const labels: TemplateValue = ["bug", "help wanted"];
 * const sort: TemplateValue = { by: "created", order: "asc" };
 * assertEquals(
 *   expand("{?labels,sort*}", { labels, sort }),
 *   "?labels=bug,help%20wanted&by=created&order=asc",
 * );
 * ```
 */
export type TemplateValue =
  | ScalarValue
  | null
  | undefined
  | readonly (ScalarValue | null | undefined)[]
  | { readonly [key: string]: ScalarValue | null | undefined };

/**
 * The variables passed to an expansion, looked up by own property only.
 *
 * @example
 * ```ts
 * import { expand, type TemplateVariables } from "@routecast/endpoint/uri-template";
 * import { assertEquals } from "@std/assert";
 *
 * const variables: TemplateVariables = { owner: "octocat", repo: "hello-world" };
 * assertEquals(expand("/repos/{owner}/{repo}", variables), "/repos/octocat/hello-world");
 * ```
 */
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
