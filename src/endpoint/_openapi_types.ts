/**
 * Typed routes from an API's own description: the options of a route that
 * is an operation of an openapi-typescript `paths` interface (GitHub's is
 * `@octokit/openapi-types`). Types only, no runtime code.
 *
 * - The route `"<METHOD> <path>"` names the operation `Paths[path][method]`;
 *   the method may be in any case, `:name` reads as `{name}`, a trailing
 *   `{?…}` or `{&…}` query expression is not part of the path, and a full
 *   `http(s)://` URL is looked up by its path.
 * - Its options are one flat object, as routecast's call shape is: the path
 *   parameters (required), the query parameters and the top-level properties
 *   of the JSON request body (required ones required), and the named options
 *   (`headers`, `mediaType`, `request`, `baseUrl`, `data`, ...). Other keys
 *   are excess properties, so a misspelled parameter is an error.
 * - Other methods than GET and HEAD send parameters that are not in the url
 *   in the body, so their query parameters are accepted only when the route
 *   names them in `{?…}` (`"DELETE /pets/{petId}{?reason}"`).
 * - A parameter named like an option (`url`, `headers`, ...) is an option,
 *   never a parameter, so it is left out (send such a body with `data`).
 * - A builder made by `fromOpenAPI` (an `OpenAPIEndpoint`) places every
 *   parameter of an operation where the description says, for a route
 *   whose path is exactly a key of `Paths` (`"POST /v1/customers"`, not
 *   `"POST /v1/customers{?expand}"` or `"GET /pets/:petId"`). Such a route
 *   takes its query parameters on any method, its header and cookie
 *   parameters by name, and the fields of a form-urlencoded body when the
 *   body lists no JSON type; and a key the operation declares is that
 *   parameter even when an option has its name (Stripe's body field
 *   `url`, Asana's `data`). Other spellings of the route are typed as for
 *   `endpoint`, since the builder builds them as `endpoint` would.
 * - Every lookup is a key or property access, never a walk over all of
 *   `Paths`, so a description with a thousand operations costs a call no
 *   more than one with ten.
 *
 * @module
 */

import type {
  Digit,
  LeadingName,
  NamedOption,
  RouteArguments,
  UrlOptions,
} from "./_route_types.ts";
import type { TemplateExpressions } from "../uri_template/kit.ts";
import type { EndpointOptions } from "./_base_types.ts";

/** The methods of an OpenAPI path item. */
type OperationMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

/** The empty object type (`{}` is banned by the linter). */
type Empty = Record<never, never>;

type TrimStart<Text extends string> = Text extends ` ${infer Rest}` ? TrimStart<Rest> : Text;
type TrimEnd<Text extends string> = Text extends `${infer Rest} ` ? TrimEnd<Rest> : Text;

/** `/a/:b/c` as `/a/{b}/c` (the paths of a description use `{name}`). */
type BracePath<Path extends string, Done extends string = ""> = Path extends
  `${infer Head}/:${infer Rest}`
  ? LeadingName<Rest> extends infer Name extends string
    ? Rest extends `${Name}${infer After}`
      ? BracePath<After, Name extends "" ? `${Done}${Head}/:` : `${Done}${Head}/{${Name}}`>
    : never
  : never
  : `${Done}${Path}`;

/** The path without a trailing `{?…}` or `{&…}` query expression. */
type WithoutQuery<Path extends string> = Path extends `${infer Base}{${"?" | "&"}${string}}` ? Base
  : Path;

/** The path of a full `http(s)://` URL (`https://uploads.github.com/a` is looked up as `/a`). */
type WithoutOrigin<Url extends string> = Url extends `${"http" | "https"}://${string}/${infer Path}`
  ? `/${Path}`
  : Url;

/** `[method, url]` of a route: method lowercased (GET for a lone url), url as written. */
type RouteParts<Route extends string> = TrimEnd<TrimStart<Route>> extends infer Text extends string
  ? Text extends `${infer Method} ${infer Url}` ? [Lowercase<Method>, TrimStart<Url>]
  : ["get", Text]
  : never;

/**
 * `[method, path]` of a route as the description spells them: method
 * lowercased, `:name` as `{name}`, no origin, no query expression.
 */
type RouteKey<Route extends string> = RouteParts<Route> extends
  [infer Method, infer Url extends string] ? [Method, BracePath<WithoutQuery<WithoutOrigin<Url>>>]
  : never;

/**
 * The query parameters a call of `Route` sends in the query: all for GET
 * and HEAD (`string`); for other methods, those the route names in a `{?…}`
 * or `{&…}` expression, since the others go in the body.
 */
type QueryNames<Route extends string> = RouteParts<Route> extends
  [infer Method, infer Url extends string] ? Method extends "get" | "head" ? string
  : TemplateExpressions<Url> extends infer Found
    ? Found extends ["?" | "&", infer Names extends string] ? Names : never
  : never
  : never;

/**
 * The operation a route names in `Paths`, or `never` when the description
 * does not have it (or `Route` is not a literal).
 *
 * @internal
 */
export type RouteOperation<Paths, Route extends string> = string extends Route ? never
  : RouteKey<Route> extends [infer Method extends string, infer Path extends string]
    ? Path extends keyof Paths
      ? Method extends OperationMethod & keyof Paths[Path] ? NonNullable<Paths[Path][Method]>
      : never
    : never
  : never;

/** `X`, or the empty object when `X` is `never`, `undefined` or not an object. */
type ObjectOr<X> = [X] extends [never] ? Empty : X extends object ? X : Empty;

/** Where a parameter is: an OpenAPI parameter's `in`. */
type ParameterIn = "path" | "query" | "header" | "cookie";

/** The parameters `In` of an operation, as declared. */
type Parameters<Operation, In extends ParameterIn> = Operation extends
  { readonly parameters?: infer All }
  ? NonNullable<All> extends infer Declared
    ? Declared extends { readonly [Key in In]?: infer Found } ? ObjectOr<NonNullable<Found>>
    : Empty
  : Empty
  : Empty;

/** The JSON media types of a `content` map: `application/json`, else `…+json`. */
type JsonMediaType<Content> = "application/json" extends keyof Content ? "application/json"
  : Extract<keyof Content, `${string}/${string}json`>;

/** The JSON content of a request body or response, or `never`. */
type JsonContent<Message> = Message extends { readonly content: infer Content }
  ? Content[JsonMediaType<Content>]
  : never;

/**
 * The object members of a JSON request body (arrays and primitives go in
 * `data`). A map's index signature becomes `unknown`, since its keys share
 * the options object with the path and query parameters and named options.
 */
type BodyObject<Body> = Body extends readonly unknown[] ? never
  : Body extends object ? string extends keyof Body ?
        & { [Key in keyof Body as string extends Key ? never : Key]: Body[Key] }
        & { readonly [parameter: string]: unknown }
    : Body
  : never;

/** The top-level properties of the operation's JSON body; all optional when the body is. */
type BodyParameters<Operation> = Operation extends { readonly requestBody: infer Body }
  ? ObjectOr<BodyObject<JsonContent<NonNullable<Body>>>>
  : Operation extends { readonly requestBody?: infer Body }
    ? Partial<ObjectOr<BodyObject<JsonContent<NonNullable<Body>>>>>
  : Empty;

/**
 * The media types of a `content` map that `fromOpenAPI` sends parameters
 * as JSON: `application/json`, else `…+json`, else a wildcard (`*\/*`).
 */
type SentJsonType<Content> = "application/json" extends keyof Content ? "application/json"
  : [Extract<keyof Content, `${string}/${string}+json`>] extends [never]
    ? Extract<keyof Content, "*/*" | "application/*">
  : Extract<keyof Content, `${string}/${string}+json`>;

/** The media type `fromOpenAPI` encodes a body as: a JSON type, else a form, else multipart. */
type SentMediaType<Content> = [SentJsonType<Content>] extends [never]
  ? [Extract<keyof Content, "application/x-www-form-urlencoded">] extends [never]
    ? Extract<keyof Content, "multipart/form-data">
  : Extract<keyof Content, "application/x-www-form-urlencoded">
  : SentJsonType<Content>;

/**
 * A `Blob` or `File`, by its shape: declaration files need no DOM types.
 * openapi-typescript types a binary field (`format: binary`) as `string`.
 */
type BlobLike = {
  readonly size: number;
  readonly type: string;
  arrayBuffer(): Promise<ArrayBuffer>;
};

/** What a multipart field takes (rule 26): its type, or a file or bytes (a list: each item). */
type MultipartField<Field> = Field extends readonly (infer Item)[]
  ? Field | readonly (Item | BlobLike | ArrayBuffer | ArrayBufferView)[]
  : Field | BlobLike | ArrayBuffer | ArrayBufferView;

/** The fields of a multipart body, each also a file or bytes. */
type MultipartFields<Body> = Body extends readonly unknown[] ? Body
  : Body extends object ? { [Key in keyof Body]: MultipartField<Body[Key]> }
  : Body;

/** The content of a request body that `fromOpenAPI` sends parameters in, or `never`. */
type SentContent<Message> = Message extends { readonly content: infer Content }
  ? SentMediaType<Content> extends infer Type extends keyof Content
    ? Type extends "multipart/form-data" ? MultipartFields<Content[Type]> : Content[Type]
  : never
  : never;

/**
 * {@linkcode BodyObject}, but for a map that admits no key (Stripe's GETs
 * declare an empty form body, `Record<string, never>`): no parameters.
 */
type SentBodyObject<Body> = Body extends { readonly [key: string]: never } ? Empty
  : BodyObject<Body>;

/** The top-level fields of the body `fromOpenAPI` sends (JSON or form); all optional when the body is. */
type SentBodyParameters<Operation> = Operation extends { readonly requestBody: infer Body }
  ? ObjectOr<SentBodyObject<SentContent<NonNullable<Body>>>>
  : Operation extends { readonly requestBody?: infer Body }
    ? Partial<ObjectOr<SentBodyObject<SentContent<NonNullable<Body>>>>>
  : Empty;

/** `Params` without keys named like options. */
type WithoutOptions<Params> = [Extract<keyof Params, NamedOption>] extends [never] ? Params
  : Params extends unknown ? { [Key in keyof Params as Exclude<Key, NamedOption>]: Params[Key] }
  : never;

/** `Params` with the keys in `Provided` optional. */
type Defaulted<Params, Provided extends string> = [Provided] extends [never] ? Params
  : Params extends unknown ?
      & { [Key in keyof Params as Key extends Provided ? never : Key]: Params[Key] }
      & { [Key in keyof Params as Key extends Provided ? Key : never]?: Params[Key] }
  : never;

/** Path parameters: required and defined, unless a default provides them. */
type PathParameters<Operation> = {
  readonly [Key in keyof Parameters<Operation, "path">]-?: NonNullable<
    Parameters<Operation, "path">[Key]
  >;
};

/**
 * The query parameters `Sent` names (see {@linkcode QueryNames}); a required
 * one it does not name asks, in its type, to be named in the route.
 */
type QueryParameters<Operation, Sent extends string> = string extends Sent
  ? Parameters<Operation, "query">
  : Parameters<Operation, "query"> extends infer Query ?
      & { [Key in keyof Query as Key extends Sent ? Key : never]: Query[Key] }
      & {
        readonly [
          Key in keyof Query as Key extends Sent ? never
            : Empty extends Pick<Query, Key> ? never
            : Key
        ]: `a query parameter: name it in the route, {?${Key & string}}`;
      }
  : never;

/**
 * The options that are not parameters, as `endpoint()` takes them.
 *
 * @internal
 */
export type NamedOptions = Pick<EndpointOptions, NamedOption>;

/**
 * The options of an operation: named options, path, query and body
 * parameters in one flat object. `Provided` names the parameters a
 * builder has as defaults, which become optional.
 *
 * @internal
 */
export type OperationOptions<
  Operation,
  Provided extends string = never,
  Sent extends string = string,
> =
  & NamedOptions
  & Defaulted<WithoutOptions<PathParameters<Operation>>, Provided>
  & Defaulted<WithoutOptions<QueryParameters<Operation, Sent>>, Provided>
  & Defaulted<WithoutOptions<BodyParameters<Operation>>, Provided>;

/**
 * The arguments after a route: optional when no parameter is required.
 *
 * @internal
 */
export type OperationArguments<Operation, Provided extends string, Sent extends string> =
  OperationOptions<Operation, Provided, Sent> extends infer Options
    ? Empty extends Options ? [options?: Options] : [options: Options]
    : never;

/** `[options]`, optional when `Options` requires nothing. */
type ArgumentsOf<Options> = Empty extends Options ? [options?: Options] : [options: Options];

/** The declared names of `Params` (a union distributes), without index signatures. */
type DeclaredNames<Params> = Params extends unknown
  ? keyof { [Key in keyof Params as string extends Key ? never : Key]: 0 }
  : never;

/**
 * The options of an operation as `fromOpenAPI` builds it: every parameter
 * where the description puts it (path, query on any method, header, cookie,
 * a JSON or form body), each declared key typed as declared even when an
 * option has its name; the named options the operation does not declare,
 * but for `Kept` (the `method` and `url` of `endpoint(options)`, which name
 * the route). A body field named like a parameter is the parameter
 * (Kubernetes' DELETE has `dryRun` in the query and in `DeleteOptions`).
 * `Provided` names the parameters a builder has as defaults.
 *
 * @internal
 */
export type DescribedOptions<Operation, Provided extends string, Kept extends string = never> = [
  PathParameters<Operation>,
  Parameters<Operation, "query">,
  Parameters<Operation, "header">,
  Parameters<Operation, "cookie">,
] extends [infer Path, infer Query, infer Header, infer Cookie] ?
    | DeclaredNames<Path>
    | DeclaredNames<Query>
    | DeclaredNames<Header>
    | DeclaredNames<Cookie> extends infer Named extends PropertyKey
    ? WithoutKeys<SentBodyParameters<Operation>, Named | Kept> extends infer Body ?
        & Omit<NamedOptions, Exclude<Named | DeclaredNames<Body>, Kept>>
        & Defaulted<Path, Provided>
        & Defaulted<Query, Provided>
        & Defaulted<Header, Provided>
        & Defaulted<Cookie, Provided>
        & Defaulted<Body, Provided>
    : never
  : never
  : never;

/** `Params` without the keys in `Names`. */
type WithoutKeys<Params, Names extends PropertyKey> = [Names] extends [never] ? Params
  : Params extends unknown ? { [Key in keyof Params as Exclude<Key, Names>]: Params[Key] }
  : never;

/** A status code of a successful response (`200`, `"201"`, `"2XX"`). */
type Success = `2${Digit}${Digit}` | "2XX";

/** The body of a response: its JSON content, else any content, else `undefined`. */
type ResponseBody<Response> = Response extends { readonly content: infer Content }
  ? [Content] extends [never] ? undefined
  : [JsonMediaType<Content>] extends [never] ? Content[keyof Content]
  : Content[JsonMediaType<Content>]
  : undefined;

/**
 * The body of an operation's successful (2xx) responses, as a union: the
 * JSON content where there is one, `undefined` for a success without a body
 * (`204 No Content`).
 *
 * @internal
 */
export type SuccessBody<Operation> = Operation extends { readonly responses: infer Responses } ? {
    [Code in keyof Responses]: `${Code & (string | number)}` extends Success
      ? ResponseBody<Responses[Code]>
      : never;
  }[keyof Responses]
  : unknown;

/**
 * `Operation`, or `unknown` for no operation.
 *
 * @internal
 */
export type Described<Operation> = [Operation] extends [never] ? unknown : Operation;

/**
 * The operation a route names in `Paths` (`never` when `Paths` has no keys: untyped).
 *
 * @internal
 */
export type PathsOperation<Paths, Route extends string> = [keyof Paths] extends [never] ? never
  : RouteOperation<Paths, Route>;

/**
 * The operation of `endpoint(options)`: its literal `method` (GET if absent) and `url`.
 *
 * @internal
 */
export type OptionsOperation<Paths, Options> = [keyof Paths] extends [never] ? never
  : RouteOperation<Paths, OptionsRoute<Options>>;

/** `"<method> <url>"` of options with a literal `url` (GET when there is no `method`), or `string`. */
type OptionsRoute<Options> = Options extends { readonly url: infer Url extends string }
  ? `${Options extends { readonly method: infer Method extends string } ? Method : "GET"} ${Url}`
  : string;

/**
 * The arguments after a route: typed from the operation when `Paths` describes the route, else from the route text.
 *
 * @internal
 */
export type EndpointArguments<Paths, Route extends string, Provided extends string> =
  PathsOperation<Paths, Route> extends infer Operation
    ? [Operation] extends [never] ? RouteArguments<Route, Provided>
    : OperationArguments<Operation, Provided, QueryNames<Route>>
    : never;

/**
 * The extra constraint on `endpoint(options)`, as {@linkcode EndpointArguments} for a route.
 *
 * @internal
 */
export type EndpointObjectOptions<Paths, Options, Provided extends string> =
  OptionsOperation<Paths, Options> extends infer Operation
    ? [Operation] extends [never] ? UrlOptions<Options, Provided>
    : OperationOptions<Operation, Provided, QueryNames<OptionsRoute<Options>>>
    : never;

/**
 * The operation `fromOpenAPI` builds a route by: the route's path, as
 * written, is a key of `Paths` (the method in any case, GET for a lone
 * path); `never` for any other route.
 */
type ExactOperation<Paths, Route extends string> = string extends Route ? never
  : RouteParts<Route> extends [infer Method extends string, infer Path extends string]
    ? Path extends keyof Paths
      ? Method extends OperationMethod & keyof Paths[Path] ? NonNullable<Paths[Path][Method]>
      : never
    : never
  : never;

/**
 * The arguments after a route of an `OpenAPIEndpoint`: a route that is an
 * operation of `Paths` as written takes {@linkcode DescribedOptions}; any
 * other as {@linkcode EndpointArguments}.
 *
 * @internal
 */
export type DescribedArguments<Paths, Route extends string, Provided extends string> =
  [keyof Paths] extends [never] ? RouteArguments<Route, Provided>
    : ExactOperation<Paths, Route> extends infer Operation
      ? [Operation] extends [never] ? EndpointArguments<Paths, Route, Provided>
      : ArgumentsOf<DescribedOptions<Operation, Provided>>
    : never;

/**
 * The extra constraint on `api(options)` for an `OpenAPIEndpoint`, as
 * {@linkcode DescribedArguments} for a route; `method` and `url` stay the
 * route's.
 *
 * @internal
 */
export type DescribedObjectOptions<
  Paths,
  Options,
  Provided extends string,
  Strict extends boolean = false,
> = [keyof Paths] extends [never] ? UrlOptions<Options, Provided>
  : ExactOperation<Paths, OptionsRoute<Options>> extends infer Operation
    ? [Operation] extends [never]
      // A strict builder (rule 26) builds no other literal route.
      ? false extends Strict ? EndpointObjectOptions<Paths, Options, Provided>
      : string extends OptionsRoute<Options> ? EndpointObjectOptions<Paths, Options, Provided>
      : never
    : DescribedOptions<Operation, Provided, "method" | "url">
  : never;

/**
 * The routes of `Paths`' operations, `"<METHOD> <path>"` with the method
 * upper-case: what a strict builder's call takes (rule 26).
 *
 * @internal
 */
export type OperationRoutes<Paths> = {
  [Path in keyof Paths & string]: {
    [Method in OperationMethod & keyof Paths[Path]]: [NonNullable<Paths[Path][Method]>] extends
      [never] ? never
      : `${Uppercase<Method>} ${Path}`;
  }[OperationMethod & keyof Paths[Path]];
}[keyof Paths & string];

/**
 * The route a call of an `OpenAPIEndpoint` takes: any for an untyped or
 * non-strict builder, or a route that is not a literal; for a strict one
 * (rule 26), an operation of `Paths`, so that another route is an error
 * that lists them.
 *
 * @internal
 */
export type DescribedRoute<Paths, Route extends string, Strict extends boolean> = false extends
  Strict ? Route
  : [keyof Paths] extends [never] ? Route
  : string extends Route ? Route
  : [ExactOperation<Paths, Route>] extends [never] ? OperationRoutes<Paths>
  : Route;
