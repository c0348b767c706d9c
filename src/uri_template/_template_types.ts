/**
 * Type-level reading of RFC 6570 template text: the variable names of a
 * template literal, split by operator. Types only, no runtime code.
 *
 * Every step splits on a delimiter (`{`, `}`, `,`) with `infer` rather than
 * walking characters, and every recursion is in tail position with an
 * accumulator, so a template with hundreds of expressions stays well inside
 * the compiler's limits (1000 tail-recursive steps) and checks quickly.
 *
 * @module
 */

import type { TemplateValue } from "./_engine.ts";

/** The operators of RFC 6570 section 2.2 (level 2 and 3). */
type Operator = "+" | "#" | "." | "/" | ";" | "?" | "&";

/** `name` from a varspec `name`, `name*` or `name:3`. */
type VarName<Spec extends string> = Spec extends `${infer Name}:${string}` ? Name
  : Spec extends `${infer Name}*` ? Name
  : Spec;

/** The names in a comma-separated variable list. */
type VarNames<List extends string, Names extends string = never> = List extends
  `${infer Spec},${infer Rest}` ? VarNames<Rest, Names | VarName<Spec>>
  : Names | VarName<List>;

/** One expression's body (between `{` and `}`) as `[operator, names]`; `""` is simple expansion. */
type Expression<Body extends string> = Body extends `${infer Op extends Operator}${infer List}`
  ? [Op, VarNames<List>]
  : ["", VarNames<Body>];

/**
 * The expressions of a template as a union of `[operator, names]` pairs
 * (`never` when it has none).
 *
 * @internal
 */
export type TemplateExpressions<Text extends string, Found = never> = Text extends
  `${string}{${infer Body}}${infer Rest}` ? TemplateExpressions<Rest, Found | Expression<Body>>
  : Found;

/**
 * The variable names of the expressions in `Found` (a union of `[operator, names]`).
 *
 * @internal
 */
type NamesOf<Found> = Found extends [string, infer Names extends string] ? Names : never;

/**
 * The variable names of a URI template literal, as a union; `string` when
 * the template is not a literal.
 *
 * @example
 * ```ts
 * import type { TemplateVariableNames } from "@routecast/endpoint/uri-template";
 * import { assertEquals } from "@std/assert";
 *
 * const name: TemplateVariableNames<"/users{/id}{?page,per_page}"> = "per_page";
 * assertEquals(name, "per_page");
 * ```
 */
export type TemplateVariableNames<Template extends string> =
  // Binding the text with `infer` first keeps `Template<Text>` covariant in
  // Text (a `Template<"/a/{b}">` is a `Template`); `string extends Template`
  // at the top would make the compiler measure it as invariant.
  Template extends infer Text extends string
    ? string extends Text ? string : Exclude<NamesOf<TemplateExpressions<Text>>, "">
    : never;

/**
 * The variables `expand` takes for a template literal: each of its names,
 * optional (RFC 6570 treats a missing variable as undefined), typed as a
 * {@linkcode TemplateValue} or a `Map`. As with any object type, an object literal with
 * a name the template does not have is an error (it is almost always a
 * typo); a variable of a wider type is accepted and its other keys are
 * ignored. For a template that is a plain `string`, any object.
 *
 * @example
 * ```ts
 * import type { TemplateVariablesOf } from "@routecast/endpoint/uri-template";
 * import { assertEquals } from "@std/assert";
 *
 * const variables: TemplateVariablesOf<"/repos/{owner}/{repo}{?page}"> = { owner: "o" };
 * assertEquals(variables, { owner: "o" });
 * ```
 */
export type TemplateVariablesOf<Template extends string> =
  // `infer` first, as in TemplateVariableNames, for covariance.
  Template extends infer Text extends string
    ? string extends Text ? { readonly [name: string]: unknown }
    :
      & object
      & {
        readonly [Name in TemplateVariableNames<Text>]?:
          | TemplateValue
          | ReadonlyMap<unknown, unknown>;
      }
    : never;
