/**
 * `toFetch`: request options as the arguments of `fetch`.
 *
 * @module
 */

import type { RequestOptions } from "../endpoint/types.ts";
import {
  checkRequestOptions,
  headerStrings,
  isFetchBody,
  isFormData,
  isSearchParams,
  isStream,
  JSON_CONTENT_TYPE,
  jsonBody,
} from "./_body.ts";

/**
 * The second argument of `fetch` that {@linkcode toFetch} builds.
 *
 * @example
 * ```ts
 * import { endpoint, type FetchInit, toFetch } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * const init: FetchInit = toFetch(endpoint("DELETE /gists/{gist_id}", { gist_id: "aa5a" }))[1];
 * assertEquals(init.method, "DELETE");
 * assertEquals(init.body, undefined);
 * ```
 */
export interface FetchInit {
  /** The method, uppercase (`fetch` normalises only some methods; `patch` would go out as is). */
  method: string;
  /** The headers, values as strings. */
  headers: Record<string, string>;
  /**
   * The body, when the options have one: a string, bytes, `Blob`,
   * `FormData`, `URLSearchParams` or `ReadableStream` (typed as the
   * runtime's own `RequestInit` body, so `init` fits its `fetch`).
   */
  body?: NonNullable<RequestInit["body"]>;
  /** `request.signal`, when the options carry an `AbortSignal` there. */
  signal?: AbortSignal;
  /** `"half"` for a stream body, which `fetch` requires in Node.js, Deno and browsers. */
  duplex?: "half";
}

/**
 * Turns request options into the arguments of `fetch`: `[url, init]`.
 *
 * - `method` is uppercased: `fetch` normalises only DELETE, GET, HEAD,
 *   OPTIONS, POST and PUT, so a lowercase `patch` would be sent as is (and
 *   refused by most servers).
 * - A body that `fetch` sends as it is (a string, `Blob`, `ArrayBuffer` or
 *   view such as `Uint8Array`, `FormData`, `URLSearchParams` or
 *   `ReadableStream`) is passed through; any other body (the JSON body
 *   `endpoint()` builds from parameters, or a `data` object) becomes its
 *   JSON text. A string body without a content type (such as the empty
 *   body of PUT and PATCH without parameters) is passed as UTF-8 bytes, so
 *   that `fetch` adds no `text/plain` content type; the empty one goes out
 *   as `content-length: 0`.
 * - A `FormData` or `URLSearchParams` body drops the JSON content type that
 *   `endpoint()` adds to a body without one, so that `fetch` writes the
 *   right one (with the multipart boundary); a content type the caller set
 *   is kept.
 * - A stream body gets `duplex: "half"`.
 * - `request` is not sent, except `request.signal` when it is an
 *   `AbortSignal`, passed through as `init.signal` so the call can be
 *   aborted.
 *
 * @param options The result of `endpoint()`.
 * @returns The url and the init object, ready to spread into `fetch`.
 * @throws {TypeError} When `options` are not request options (a string
 * `method` and `url`, `headers` an object when present), or a body cannot be
 * serialised as JSON.
 *
 * @example
 * ```ts
 * import { endpoint, toFetch } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * const [url, init] = toFetch(endpoint("PATCH /repos/{owner}/{repo}", {
 *   owner: "octocat",
 *   repo: "hello",
 *   description: "Hi",
 * }));
 * assertEquals(url, "https://api.github.com/repos/octocat/hello");
 * assertEquals(init.method, "PATCH");
 * assertEquals(init.body, '{"description":"Hi"}');
 * // const response = await fetch(url, init);
 * ```
 */
export function toFetch(options: RequestOptions): [url: string, init: FetchInit] {
  checkRequestOptions(options, "toFetch");
  const init: FetchInit = {
    method: options.method.toUpperCase(),
    headers: headerStrings(options),
  };
  const body = options.body;
  if (body !== undefined) {
    if (isFetchBody(body)) {
      // fetch gives a string body `text/plain;charset=UTF-8` when there is no content type;
      // as bytes it adds none (the empty body of PUT and PATCH in particular).
      init.body = typeof body === "string" && init.headers["content-type"] === undefined
        ? new TextEncoder().encode(body)
        : body as FetchInit["body"];
      if (
        (isFormData(body) || isSearchParams(body)) &&
        init.headers["content-type"] === JSON_CONTENT_TYPE
      ) {
        delete init.headers["content-type"];
      }
      if (isStream(body)) init.duplex = "half";
    } else {
      init.body = jsonBody(body);
    }
  }
  const signal = options.request?.signal;
  if (typeof AbortSignal === "function" && signal instanceof AbortSignal) init.signal = signal;
  return [options.url, init];
}
