/**
 * The public types of `endpoint()`: what goes in, what comes out.
 *
 * @module
 */

/** An HTTP method; any HTTP token is accepted, these are the usual ones. */
export type RequestMethod =
  | "DELETE"
  | "GET"
  | "HEAD"
  | "OPTIONS"
  | "PATCH"
  | "POST"
  | "PUT"
  // deno-lint-ignore ban-types
  | (string & {});

/**
 * Request headers: names in any case (they are lowercased), values strings
 * or numbers; `undefined` keeps a default, `null` removes it.
 */
export type RequestHeaders = {
  readonly [name: string]: string | number | null | undefined;
};

/** Headers in a result: lowercase names, string or number values. */
export type ResponseHeaders = Record<string, string | number>;

/** `mediaType` option: amends the `accept` header. */
export interface MediaType {
  /**
   * A media-type parameter such as `raw`, `diff` or `text+json`.
   *
   * @default {""}
   * @example `{ format: "raw" }` turns `application/vnd.github.v3+json` into `application/vnd.github.v3.raw`.
   */
  readonly format?: string;
  /**
   * API preview names (`-preview` suffix optional), merged with the defaults'.
   *
   * @default {[]}
   * @example `{ previews: ["squirrel-girl"] }` asks for `application/vnd.github.squirrel-girl-preview+json`.
   */
  readonly previews?: readonly string[];
}

/** Custom meta information passed through to the result unchanged. */
export type RequestMeta = { readonly [key: string]: unknown };

/**
 * Options for `endpoint()`, `endpoint.merge()` and `endpoint.defaults()`.
 * Any other key is a parameter: a url variable, else a query parameter (GET,
 * HEAD), else a JSON body key.
 */
export interface EndpointOptions {
  /**
   * The HTTP method.
   *
   * @default {"GET"}
   * @example `"POST"`
   */
  readonly method?: RequestMethod;
  /**
   * A path or full URL, an RFC 6570 template; `:name` is read as `{name}`.
   *
   * @example `"/repos/{owner}/{repo}/issues"`
   */
  readonly url?: string;
  /**
   * Prefix for a url that is a path.
   *
   * @default {"https://api.github.com"}
   * @example `"https://github.example.com/api/v3"`
   */
  readonly baseUrl?: string;
  /**
   * Headers merged over the defaults.
   *
   * @example `{ authorization: "token ghp_xxx" }`
   */
  readonly headers?: RequestHeaders;
  /**
   * Amends the `accept` header.
   *
   * @example `{ format: "diff" }`
   */
  readonly mediaType?: MediaType;
  /**
   * The request body as it is, in place of a JSON body built from parameters
   * (not allowed on GET and HEAD).
   *
   * @example `"# Hello"` with `headers: { "content-type": "text/plain" }`
   */
  readonly data?: unknown;
  /**
   * Meta information returned unchanged in the result.
   *
   * @example `{ timeout: 5000 }`
   */
  readonly request?: RequestMeta;
  /** Any other key: a url variable, a query parameter or a body key. */
  readonly [parameter: string]: unknown;
}

/** The defaults a builder holds (`endpoint.DEFAULTS`), deep-frozen. */
export interface EndpointDefaults extends EndpointOptions {
  /** The default method, as given (`"GET"` unless set). */
  readonly method: RequestMethod;
  /** The default base URL. */
  readonly baseUrl: string;
  /** Default headers, names lowercased. */
  readonly headers: Readonly<ResponseHeaders>;
  /** Default media type. */
  readonly mediaType: { readonly format: string; readonly previews?: readonly string[] };
}

/** The result of `endpoint.merge()`: options with defaults applied, not yet parsed. */
export interface MergedOptions extends EndpointOptions {
  /** The method, as given (case kept). */
  method: RequestMethod;
  /** The base URL. */
  baseUrl: string;
  /** The url template, unexpanded (absent when neither route nor options nor defaults gave one). */
  url?: string;
  /** Merged headers, names lowercased. */
  headers: ResponseHeaders;
  /** Merged media type. */
  mediaType: { format: string; previews?: string[] };
}

/** The request options `endpoint()` returns, ready for any HTTP client. */
export interface RequestOptions {
  /** The method, lowercase. */
  method: string;
  /** The full URL. */
  url: string;
  /** Headers, names lowercased. */
  headers: ResponseHeaders;
  /** The body, for POST, PUT, PATCH and DELETE when there is one. */
  body?: unknown;
  /** The `request` option, when one was given. */
  request?: RequestMeta;
}

/** A request-options builder with its defaults. */
export interface Endpoint {
  /**
   * Builds request options from a route and parameters.
   *
   * @example
   * ```ts
   * import { endpoint } from "@routecast/endpoint";
   * import { assertEquals } from "@std/assert";
   *
   * const { method, url } = endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
   * assertEquals([method, url], ["get", "https://api.github.com/repos/o/r"]);
   * ```
   */
  (route: string, options?: EndpointOptions): RequestOptions;
  /** Builds request options from options that include `url` (and `method`). */
  (options: EndpointOptions): RequestOptions;
  /** This builder's defaults: a deep-frozen snapshot. */
  readonly DEFAULTS: EndpointDefaults;
  /** Returns a new builder whose defaults are these merged over this builder's. */
  defaults(options: EndpointOptions): Endpoint;
  /** Applies the defaults without parsing. */
  merge(route: string, options?: EndpointOptions): MergedOptions;
  /** Applies the defaults to options that include `url` without parsing. */
  merge(options: EndpointOptions): MergedOptions;
  /** Turns merged options into request options. Stateless. */
  parse(options: EndpointOptions): RequestOptions;
}
