/**
 * A strict, fast RFC 6570 URI Template expander (levels 1 to 4), on
 * WebAssembly for long inputs and TypeScript for short ones. For the
 * TypeScript engine alone, with no WebAssembly in the bundle, import
 * `./uri-template/lite`.
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

import type { TemplateOptions } from "./_engine.ts";
import { compileAuto, engines } from "./_engines.ts";
import { checkTemplate, engineOption, ParsedTemplate, type Template } from "./_template.ts";
import type { TemplateVariablesOf } from "./_template_types.ts";
import { BoundedCache } from "../_cache.ts";
import { show } from "./error.ts";

export { UriTemplateError } from "./error.ts";
// Not part of the package's interface (see its JSDoc): an entry picks its urls' engine here.
export { compileUrlTemplate } from "./_engines.ts";
export type { Template } from "./_template.ts";
export type { TemplateVariableNames, TemplateVariablesOf } from "./_template_types.ts";
export type {
  EngineName,
  ScalarValue,
  TemplateOptions,
  TemplateValue,
  TemplateVariables,
} from "./_engine.ts";

// Pure: an entry that imports only `compileUrlTemplate` from here bundles none of this.
const caches = {
  auto: /* @__PURE__ */ new BoundedCache((text) =>
    new ParsedTemplate(text, "auto", compileAuto(text))
  ),
  ts: /* @__PURE__ */ new BoundedCache((text) =>
    new ParsedTemplate(text, "ts", engines.ts.compile(text))
  ),
  wasm: /* @__PURE__ */ new BoundedCache((text) =>
    new ParsedTemplate(text, "wasm", engines.wasm.compile(text))
  ),
};

function cacheFor(options: TemplateOptions | undefined): BoundedCache<ParsedTemplate> {
  const engine = engineOption(options);
  if (engine === undefined || engine === "auto") return caches.auto;
  if (engine === "ts") return caches.ts;
  // Where WebAssembly cannot run, compiling throws an Error that says why.
  if (engine === "wasm") return caches.wasm;
  throw new TypeError(
    `Invalid engine ${show(engine)}: expected "auto", "wasm" or "ts"`,
  );
}

/**
 * Parses a URI template once, for many expansions. Parsed templates are
 * cached (see the README's Security section for the bounds), so parsing the
 * same text again is cheap.
 *
 * @param template RFC 6570 template text.
 * @param options Which engine to use (default `"auto"`).
 * @returns The parsed template; its `engine` is the option in effect.
 * @throws {UriTemplateError} When the template is malformed.
 * @throws {TypeError} When `options` is not an object, or its `engine` is none of the three.
 * @throws {Error} When `options.engine` is `"wasm"` and WebAssembly cannot run here.
 *
 * @example Parse once, expand many times
 * ```ts
 * import { parseTemplate } from "@routecast/endpoint/uri-template";
 * import { assertEquals } from "@std/assert";
 *
 * const comments = parseTemplate("/repos/{owner}/{repo}/issues/{number}/comments{?page}");
 * assertEquals(comments.variableNames, ["owner", "repo", "number", "page"]);
 * assertEquals(comments.engine, "auto");
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
 * @param options Which engine to use (default `"auto"`).
 * @returns The URI reference.
 * @throws {UriTemplateError} When the template is malformed.
 * @throws {TypeError} When a value cannot be expanded, or `options` is not an object.
 * @throws {RangeError} With `engine: "wasm"`, when the template and its values
 * need more than 256 MiB of WebAssembly memory (`"auto"` expands those on
 * TypeScript instead).
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
