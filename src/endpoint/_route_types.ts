/**
 * Typed routes: the parameters a route literal needs, read from the route
 * text with template-literal types. Types only, no runtime code.
 *
 * Which variables are required:
 *
 * - `{name}`, `{+name}` and `:name` are required: leaving one out leaves a
 *   hole in the URL (`/repos//issues`).
 * - `{/name}`, `{.name}`, `{;name}`, `{?name}`, `{&name}` and `{#name}` are
 *   optional: an undefined variable drops the whole expression, prefix
 *   included, which is what such templates are written for (GitHub's
 *   hypermedia `issues{/number}` means "with or without a number").
 * - Modifiers do not change this (`{path*}` and `{sha:7}` are required).
 * - A variable named like an option (`url`, `headers`, ...) is never filled
 *   from options, so it is not asked for.
 *
 * Required values must not be `null` or `undefined`. Every other key stays
 * allowed (a query parameter or a body key). A route that is a plain
 * `string` falls back to {@linkcode EndpointOptions}.
 *
 * @module
 */

import type { TemplateExpressions, TemplateValue } from "../uri_template/kit.ts";
import type { EndpointOptions } from "./_base_types.ts";
import type { NamedOption } from "./_options.ts";

/**
 * Options that are never route parameters: the one list in _options.ts.
 *
 * @internal
 */
export type { NamedOption };

/**
 * A decimal digit.
 *
 * @internal
 */
export type Digit = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
type Lower =
  | "a"
  | "b"
  | "c"
  | "d"
  | "e"
  | "f"
  | "g"
  | "h"
  | "i"
  | "j"
  | "k"
  | "l"
  | "m"
  | "n"
  | "o"
  | "p"
  | "q"
  | "r"
  | "s"
  | "t"
  | "u"
  | "v"
  | "w"
  | "x"
  | "y"
  | "z";
type NameStart = Lower | Uppercase<Lower> | "_";
type NameChar = NameStart | Digit;

type TrimStart<Text extends string> = Text extends ` ${infer Rest}` ? TrimStart<Rest> : Text;

/** The url of `"<METHOD> <url>"` or of a lone url. */
type RouteUrl<Route extends string> = TrimStart<Route> extends `${string} ${infer Url}`
  ? TrimStart<Url>
  : TrimStart<Route>;

/** Text before the first `Delimiter`, or all of it. */
type Before<Text extends string, Delimiter extends string> = Text extends
  `${infer Head}${Delimiter}${string}` ? Head : Text;

/** The part of a url where `:name` counts: after the host, before the query or fragment. */
type ColonPart<Url extends string> = Before<
  Before<
    Before<
      Url extends `${infer Scheme}://${infer Rest}`
        ? Scheme extends `${string}${"/" | "{" | "?" | "#"}${string}` ? Url
        : Rest extends `${string}/${infer Path}` ? `/${Path}`
        : ""
        : Url,
      "?"
    >,
    "#"
  >,
  "{&"
>;

/**
 * The name at the start of `Text` (a letter or `_`, then word characters), or `""`.
 *
 * @internal
 */
export type LeadingName<Text extends string, Name extends string = ""> = Text extends
  `${infer Char}${infer Rest}`
  ? Char extends (Name extends "" ? NameStart : NameChar) ? LeadingName<Rest, `${Name}${Char}`>
  : Name
  : Name;

/** The `:name` placeholders right after a `/`. */
type ColonNames<Path extends string, Names extends string = never> = Path extends
  `${string}/:${infer Rest}` ? ColonNames<Rest, Names | LeadingName<Rest>>
  : Exclude<Names, "">;

/** The names of expressions with a required operator. */
type RequiredIn<Found> = Found extends ["" | "+", infer Names extends string] ? Names : never;

/** The names of expressions with an optional operator. */
type OptionalIn<Found> = Found extends ["" | "+", string] ? never
  : Found extends [string, infer Names extends string] ? Names
  : never;

/**
 * `[required names, optional names]` of a route literal.
 *
 * @internal
 */
type RouteNames<Route extends string> = RouteUrl<Route> extends infer Url extends string
  ? TemplateExpressions<Url> extends infer Found ? [
      Exclude<RequiredIn<Found> | ColonNames<ColonPart<Url>>, NamedOption | "">,
      Exclude<OptionalIn<Found>, NamedOption | "">,
    ]
  : never
  : never;

/**
 * A value for a required route variable: anything a template variable can
 * hold (a {@linkcode TemplateValue} or a `Map`) except `null` and `undefined`.
 *
 * @example
 * ```ts
 * import type { RouteValue } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * const values: RouteValue[] = ["octocat", 42, ["a", "b"], { per_page: 2 }, new Map([["a", 1]])];
 * assertEquals(values.length, 5);
 * ```
 */
export type RouteValue = NonNullable<TemplateValue | ReadonlyMap<unknown, unknown>>;

/**
 * The names a route literal requires (given by none of `Provided`, the
 * parameters a builder has as defaults).
 *
 * @example
 * ```ts
 * import type { RouteRequiredNames } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * const names: RouteRequiredNames<"GET /repos/{owner}/{repo}/issues{?page}">[] = ["owner", "repo"];
 * assertEquals(names.length, 2);
 * ```
 */
export type RouteRequiredNames<Route extends string, Provided extends string = never> =
  string extends Route ? never : Exclude<RouteNames<Route>[0], Provided>;

/**
 * The options for a route literal: {@linkcode EndpointOptions} with each
 * required variable as a required key and each optional variable typed;
 * for a plain `string` route, {@linkcode EndpointOptions}. `Provided` names
 * the parameters a builder has as defaults: they are no longer required.
 *
 * @example
 * ```ts
 * import { endpoint, type RouteOptions } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * const route = "GET /repos/{owner}/{repo}";
 * const options: RouteOptions<typeof route> = { owner: "octocat", repo: "hello" };
 * assertEquals(endpoint(route, options).url, "https://api.github.com/repos/octocat/hello");
 * ```
 */
export type RouteOptions<Route extends string, Provided extends string = never> = string extends
  Route ? EndpointOptions
  : RouteNames<Route> extends [infer Required extends string, infer Optional extends string] ?
      & EndpointOptions
      & { readonly [Name in Exclude<Required, Provided>]: RouteValue }
      & {
        readonly [Name in Optional | Extract<Required, Provided>]?:
          | TemplateValue
          | ReadonlyMap<unknown, unknown>;
      }
  : EndpointOptions;

/**
 * The arguments after a route, as a tuple: the options, required when the
 * route has required parameters, else optional. For functions that wrap
 * `endpoint`.
 *
 * @example
 * ```ts
 * import { endpoint, type RouteArguments } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * function urlOf<Route extends string>(route: Route, ...options: RouteArguments<Route>): string {
 *   return endpoint(route, ...options).url;
 * }
 * const url = urlOf("GET /users/{username}", { username: "octocat" });
 * assertEquals(url, "https://api.github.com/users/octocat");
 * assertEquals(urlOf("GET /rate_limit"), "https://api.github.com/rate_limit");
 * ```
 */
export type RouteArguments<Route extends string, Provided extends string = never> = [
  RouteRequiredNames<Route, Provided>,
] extends [never] ? [options?: RouteOptions<Route, Provided>]
  : [options: RouteOptions<Route, Provided>];

/**
 * The extra constraint on `endpoint(options)`: the parameters of a literal
 * `url` (none when the url is a plain `string` or absent).
 *
 * @internal
 */
export type UrlOptions<Options, Provided extends string> = Options extends
  { readonly url: infer Url extends string } ? string extends Url ? unknown
  : RouteOptions<Url, Provided>
  : unknown;

/**
 * The rest of `endpoint(options)`'s signature: nothing for options, and for
 * a route string two arguments that cannot be given, so that the options
 * signature never takes a route and TypeScript reports a route call against
 * the route signature (a route whose parameters are required, called
 * without options, is "Expected 2 arguments, but got 1 … 'options' were not
 * provided", not "Argument of type 'string' is not assignable to parameter
 * of type 'EndpointOptions'").
 *
 * @internal
 */
export type NotARoute<Options> = Options extends string ? [notARoute: never, notOptions: never]
  : [];

/**
 * The parameters of `Options` that surely hold a value (for `.defaults()`):
 * its keys but those of named options.
 *
 * @internal
 */
export type DefinedKeys<Options> = Exclude<
  & {
    [Key in keyof Options]-?: undefined extends Options[Key] ? never : Key;
  }[keyof Options]
  & string,
  NamedOption
>;
