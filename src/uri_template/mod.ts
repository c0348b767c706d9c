/**
 * A strict, fast RFC 6570 URI Template expander (levels 1 to 4).
 *
 * ```ts
 * import { expand } from "@routecast/endpoint/uri-template";
 * import { assertEquals } from "@std/assert";
 *
 * assertEquals(
 *   expand("/repos/{owner}/{repo}/issues{?state,labels}", {
 *     owner: "octocat",
 *     repo: "hello-world",
 *     labels: ["bug", "help wanted"],
 *   }),
 *   "/repos/octocat/hello-world/issues?labels=bug,help%20wanted",
 * );
 * ```
 *
 * @module
 */

import type { EngineName } from "./_engine.ts";
import { tsEngine } from "./_ts_engine.ts";
import { wasmEngine, wasmUnavailableReason } from "./_wasm_engine.ts";
import { ParsedTemplate, type Template, type TemplateVariablesOf } from "./_template.ts";
import { BoundedCache } from "./_cache.ts";
import { quote } from "./error.ts";

export { UriTemplateError } from "./error.ts";
export type { Template, TemplateVariableNames, TemplateVariablesOf } from "./_template.ts";
export type { EngineName, ScalarValue, TemplateValue, TemplateVariables } from "./_engine.ts";

/**
 * Options for {@linkcode parseTemplate} and {@linkcode expand}.
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
   * Which engine compiles and expands the template. Without it, the
   * WebAssembly engine is used where the runtime can instantiate it, and the
   * TypeScript engine elsewhere (no `WebAssembly` global, a Content Security
   * Policy that forbids it). Both give the same results and the same errors;
   * `"wasm"` where it cannot run throws an `Error` that says why.
   *
   * @default {undefined}
   */
  engine?: EngineName;
}

const caches = {
  ts: new BoundedCache((template) => new ParsedTemplate(template, tsEngine)),
  wasm: new BoundedCache((template) => new ParsedTemplate(template, wasmEngine)),
};

function cacheFor(options: TemplateOptions | undefined) {
  const engine = options?.engine;
  if (engine === undefined) {
    return wasmUnavailableReason() === undefined ? caches.wasm : caches.ts;
  }
  if (engine === "ts") return caches.ts;
  // Where WebAssembly cannot run, compiling throws an Error that says why.
  if (engine === "wasm") return caches.wasm;
  throw new TypeError(
    `Invalid engine ${quote(String(engine))}: expected "wasm" or "ts"`,
  );
}

function checkTemplate(template: unknown): asserts template is string {
  if (typeof template !== "string") {
    throw new TypeError(
      `Invalid URI template ${String(template)}: expected a string, found ${typeof template}`,
    );
  }
}

/**
 * Parses a URI template once, for many expansions. Parsed templates are
 * cached (up to 1000 per engine), so parsing the same text again is cheap.
 *
 * @param template RFC 6570 template text.
 * @param options Which engine to use.
 * @returns The parsed template; its `engine` says which engine runs it.
 * @throws {UriTemplateError} When the template is malformed.
 * @throws {Error} When `options.engine` is `"wasm"` and WebAssembly cannot run here.
 *
 * @example Parse once, expand many times
 * ```ts
 * import { parseTemplate } from "@routecast/endpoint/uri-template";
 * import { assertEquals } from "@std/assert";
 *
 * const comments = parseTemplate("/repos/{owner}/{repo}/issues/{number}/comments{?page}");
 * assertEquals(comments.variableNames, ["owner", "repo", "number", "page"]);
 * assertEquals(
 *   comments.expand({ owner: "octocat", repo: "hello", number: 42, page: 2 }),
 *   "/repos/octocat/hello/issues/42/comments?page=2",
 * );
 * ```
 */
export function parseTemplate<Text extends string>(
  template: Text,
  options?: TemplateOptions,
): Template<Text> {
  checkTemplate(template);
  // The cache is keyed by text, so the template it returns has exactly this text.
  return cacheFor(options).get(template) as unknown as Template<Text>;
}

/**
 * Expands a URI template in one call (the parsed form is cached).
 *
 * @param template RFC 6570 template text.
 * @param variables Values by variable name (own properties only).
 * @param options Which engine to use.
 * @returns The URI reference.
 * @throws {UriTemplateError} When the template is malformed.
 * @throws {TypeError} When a value cannot be expanded.
 * @throws {RangeError} When the WebAssembly engine would need more than 256 MiB
 * of memory for the template and its values (hundreds of megabytes of text).
 *
 * @example Lists, maps and operators
 * ```ts
 * import { expand } from "@routecast/endpoint/uri-template";
 * import { assertEquals } from "@std/assert";
 *
 * assertEquals(expand("{/path*}{?q}", { path: ["a b", "c"], q: "x&y" }), "/a%20b/c?q=x%26y");
 * ```
 */
export function expand<Text extends string>(
  template: Text,
  variables: TemplateVariablesOf<Text>,
  options?: TemplateOptions,
): string {
  return parseTemplate(template, options).expand(variables);
}
