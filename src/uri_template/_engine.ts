/**
 * The contract that both template engines (TypeScript and WebAssembly)
 * implement. The facade modules pick the engine (`mod.ts`: `"auto"`,
 * `lite.ts`: TypeScript); nothing outside this folder knows which one runs:
 * an entry chooses by importing one of them.
 *
 * @module
 */

import type { Part } from "./_syntax.ts";
import type { Normalized } from "./_values.ts";

/**
 * Which template engine expands: `"auto"` (the default: TypeScript for short
 * inputs, WebAssembly for long ones where it runs), `"wasm"` (WebAssembly)
 * or `"ts"` (TypeScript).
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
export type EngineName = "auto" | "wasm" | "ts";

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
  /**
   * Expands the template with the normalized value of each variable, in the
   * order of `variableNames`; throws `UriTemplateError` for a prefix on a
   * list or map, `RangeError` when an input is too large for the engine.
   * `length`, when the caller counted it, is the values' total length.
   */
  expand(values: readonly Normalized[], length?: number): string;
}

/**
 * A template compiled with its parse kept, on the TypeScript engine (alone
 * or inside `"auto"`): what `src/endpoint/` reads a route's url from, so
 * that the url is parsed once.
 */
export interface CompiledUrlTemplate extends CompiledTemplate {
  /** Literal text (encoded) and expressions, in order; slots index `variableNames`. */
  readonly parts: readonly Part[];
}

/** A template engine: turns template text into a compiled template. */
export interface Engine {
  /** Which engine this is. */
  readonly name: "wasm" | "ts";
  /** Why the engine cannot run here, or `undefined` when it can. */
  unavailable(): string | undefined;
  /** Compiles `template`; throws `UriTemplateError` when it is malformed. */
  compile(template: string): CompiledTemplate;
}

/**
 * Options for `parseTemplate` and `expand`.
 *
 * @example
 * ```ts
 * import { expand, type TemplateOptions } from "@routecast/endpoint/uri-template";
 * import { assertEquals } from "@std/assert";
 *
 * const options: TemplateOptions = { engine: "ts" };
 * assertEquals(expand("/users/{id}", { id: 1 }, options), "/users/1");
 * ```
 */
export interface TemplateOptions {
  /**
   * Which engine expands the template. `"auto"` expands each call on the
   * TypeScript engine when the values the template names are short, and on
   * WebAssembly when they are long, where WebAssembly can run (no
   * `WebAssembly` global, or a Content Security Policy that forbids it, means
   * TypeScript always). `"ts"` and `"wasm"` force one engine; `"wasm"` where
   * it cannot run throws an `Error` that says why. All three give the same
   * results and the same errors. `./uri-template/lite` has the TypeScript
   * engine only: there `"auto"` means `"ts"`, and `"wasm"` throws a
   * `TypeError`.
   *
   * @default {"auto"}
   */
  engine?: EngineName;
}
