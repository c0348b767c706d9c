/**
 * What the rest of routecast uses of the template layer (not a package
 * export): the types of a compiled url and its parse, the encoders, the
 * value normalizer, message quoting, the one variable-name check, and the
 * expansion of one expression. Which engine compiles a route's url is chosen
 * by importing `mod.ts` (`"auto"`) or `lite.ts` (TypeScript): their
 * `compileUrlTemplate`.
 *
 * @module
 */

import type { CompiledUrlTemplate } from "./_engine.ts";

export type { CompiledUrlTemplate, TemplateValue } from "./_engine.ts";
export type { TemplateExpressions } from "./_template_types.ts";
export { type Expression, isVarname, Operator, parseSyntax, type Part } from "./_syntax.ts";
export { encodeNumber, encodeText, isWordChar } from "./_encode.ts";
export { listItems, MAX_LIST_ITEMS, type Normalized, normalizeValue, Pairs } from "./_values.ts";
export { LONG_INPUT } from "./_template.ts";
export { expandExpression } from "./_ts_engine.ts";
export { escapeText, quote } from "./error.ts";

/** Compiles a route's url, cached, on the engine its entry chose (`compileUrlTemplate`). */
export type CompileUrlTemplate = (text: string) => CompiledUrlTemplate;
