/**
 * The named options: the keys of {@linkcode EndpointOptions} that are never
 * parameters. One registry, checked by the compiler against the interface.
 *
 * @module
 */

import type { EndpointOptions } from "./types.ts";
import { quoteValue } from "./_objects.ts";

/** The declared keys of `T`, without its index signature. */
type DeclaredKeys<T> = keyof {
  [K in keyof T as string extends K ? never : number extends K ? never : K]: true;
};

/** A named option of `endpoint()`: `method`, `url`, `baseUrl`, `headers`, `mediaType`, `data`, `request`. */
export type NamedOption = DeclaredKeys<EndpointOptions>;

// Every declared option must be listed, and nothing else: the compiler checks both.
const NAMED_OPTIONS: { readonly [K in NamedOption]-?: true } = {
  method: true,
  url: true,
  baseUrl: true,
  headers: true,
  mediaType: true,
  data: true,
  request: true,
};

/** Whether `key` is a named option rather than a parameter. */
export function isNamedOption(key: string): key is NamedOption {
  return Object.hasOwn(NAMED_OPTIONS, key);
}

/** How an error message names the option or parameter `key` (`option request`, `parameter "x"`). */
export function keyLabel(key: string): string {
  return isNamedOption(key) ? `option ${key}` : `parameter ${quoteValue(key)}`;
}
