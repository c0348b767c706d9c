/**
 * Bodies for the adapters: which values a client sends as they are, and the
 * JSON text of the others (docs/design.md rule 7: a body built from
 * parameters is a plain object, `data` may be anything).
 *
 * @module
 */

import type { RequestOptions } from "../endpoint/types.ts";
import { clientJson, defineOwn, quoteValue, typeName } from "../endpoint/kit.ts";

export { JSON_CONTENT_TYPE } from "../endpoint/kit.ts";

function isInstance(
  value: unknown,
  name: "Blob" | "FormData" | "URLSearchParams" | "ReadableStream",
): boolean {
  const type = (globalThis as Record<string, unknown>)[name];
  return typeof type === "function" && value instanceof type;
}

/** Whether `body` is a `FormData` (where the runtime has one). */
export function isFormData(body: unknown): body is FormData {
  return isInstance(body, "FormData");
}

/** Whether `body` is a `URLSearchParams`. */
export function isSearchParams(body: unknown): body is URLSearchParams {
  return isInstance(body, "URLSearchParams");
}

/** Whether `body` is a `Blob` (a `File` included). */
export function isBlob(body: unknown): body is Blob {
  return isInstance(body, "Blob");
}

/** Whether `body` is a `ReadableStream`. */
export function isStream(body: unknown): body is ReadableStream<Uint8Array> {
  return isInstance(body, "ReadableStream");
}

/** Whether `body` is bytes: an `ArrayBuffer` or a view on one (`Uint8Array`, `DataView`...). */
export function isBytes(body: unknown): body is ArrayBuffer | ArrayBufferView {
  return body instanceof ArrayBuffer || ArrayBuffer.isView(body);
}

/**
 * Whether `fetch` sends `body` as it is (a string, bytes, `Blob`, `FormData`,
 * `URLSearchParams` or `ReadableStream`); other bodies are serialised as JSON.
 */
export function isFetchBody(body: unknown): boolean {
  return typeof body === "string" || isBytes(body) || isBlob(body) || isFormData(body) ||
    isSearchParams(body) || isStream(body);
}

/**
 * The JSON text of a body that is not sent as it is, as a client writes it
 * (`JSON.stringify`, its `toJSON` called).
 *
 * @throws {TypeError} When `JSON.stringify` cannot write it (a cycle, a
 * bigint) or gives nothing (a function, a symbol).
 */
export function jsonBody(body: unknown): string {
  return clientJson(body);
}

/**
 * Checks that `options` are request options as `endpoint()` returns them (a
 * string `method` and `url`, `headers` an object when present), so that an
 * adapter given anything else says what it expected instead of failing
 * inside.
 *
 * @throws {TypeError} Naming the adapter, the member that is wrong and what was expected.
 */
export function checkRequestOptions(options: unknown, adapter: string): void {
  const expected = `expected the request options endpoint() returns (a string method and url, ` +
    `headers an object)`;
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new TypeError(
      `Invalid options for ${adapter}(): found ${typeName(options)}, ${expected}`,
    );
  }
  const { method, url, headers } = options as Record<string, unknown>;
  for (const [name, value] of [["method", method], ["url", url]] as const) {
    if (typeof value !== "string" || value === "") {
      throw new TypeError(
        `Invalid options for ${adapter}(): ${name} is ${quoteValue(value)}, ${expected}`,
      );
    }
  }
  if (headers !== undefined && (typeof headers !== "object" || headers === null)) {
    throw new TypeError(
      `Invalid options for ${adapter}(): headers is ${typeName(headers)}, ${expected}`,
    );
  }
}

/** The headers of `options` as strings, in their order. */
export function headerStrings(options: RequestOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    defineOwn(headers, name, String(value));
  }
  return headers;
}
