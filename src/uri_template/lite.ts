/**
 * The RFC 6570 URI Template expander of `./uri-template` on its TypeScript
 * engine only: the same `parseTemplate`, `expand` and `UriTemplateError`,
 * with no WebAssembly in the module graph, for size-sensitive bundles.
 *
 * ```ts
 * import { expand } from "@routecast/endpoint/uri-template/lite";
 * import { assertEquals } from "@std/assert";
 *
 * assertEquals(expand("/users/{user}{?tab}", { user: "octocat", tab: "repos" }), "/users/octocat?tab=repos");
 * ```
 *
 * @module
 */

import type { TemplateOptions } from "./_engine.ts";
import { tsEngine } from "./_ts_engine.ts";
import { checkTemplate, engineOption, ParsedTemplate, type Template } from "./_template.ts";
import type { TemplateVariablesOf } from "./_template_types.ts";
import { BoundedCache } from "../_cache.ts";
import { show } from "./error.ts";

export { UriTemplateError } from "./error.ts";
// Not part of the package's interface (see its JSDoc): an entry picks its urls' engine here.
export { compileUrlTemplate } from "./_ts_engine.ts";
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
const templates = /* @__PURE__ */ new BoundedCache((text) =>
  new ParsedTemplate(text, "ts", tsEngine.compile(text))
);

function checkEngine(options: TemplateOptions | undefined): void {
  const engine = engineOption(options);
  if (engine !== undefined && engine !== "auto" && engine !== "ts") {
    throw new TypeError(
      `Invalid engine ${
        show(engine)
      } for ./uri-template/lite: expected "auto" or "ts" (it has no WebAssembly engine)`,
    );
  }
}

/**
 * Parses a URI template once, for many expansions, on the TypeScript engine
 * (parsed templates are cached).
 *
 * @param template RFC 6570 template text.
 * @param options `engine` may be `"auto"` or `"ts"`; both mean `"ts"` here.
 * @returns The parsed template; its `engine` is `"ts"`.
 * @throws {UriTemplateError} When the template is malformed.
 * @throws {TypeError} When `options` is not an object, or `options.engine` is `"wasm"`.
 *
 * @example Parse once, expand many times
 * ```ts
 * import { parseTemplate } from "@routecast/endpoint/uri-template/lite";
 * import { assertEquals } from "@std/assert";
 *
 * const issues = parseTemplate("/repos/{owner}/{repo}/issues{?state}");
 * assertEquals(issues.engine, "ts");
 * assertEquals(issues.expand({ owner: "o", repo: "r", state: "open" }), "/repos/o/r/issues?state=open");
 * ```
 */
export function parseTemplate<Text extends string>(
  template: Text,
  options?: TemplateOptions,
): Template<Text> {
  checkTemplate(template);
  checkEngine(options);
  return templates.get(template) as unknown as Template<Text>;
}

/**
 * Expands a URI template in one call, on the TypeScript engine (the parsed
 * form is cached).
 *
 * @param template RFC 6570 template text.
 * @param variables Values by variable name (own properties only).
 * @param options `engine` may be `"auto"` or `"ts"`.
 * @returns The URI reference.
 * @throws {UriTemplateError} When the template is malformed.
 * @throws {TypeError} When a value cannot be expanded, `options` is not an object, or
 * `options.engine` is `"wasm"`.
 *
 * @example Lists, maps and operators
 * ```ts
 * import { expand } from "@routecast/endpoint/uri-template/lite";
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
