/**
 * Remaining parameters of GET and HEAD as a query (DECISIONS.md rule 7): each
 * expanded as `{?name}` would, names and values percent-encoded; `q` keeps
 * its `+` separators, for GitHub search, as the reference does.
 *
 * @module
 */

import { encodeNumber, encodeText, Pairs } from "../uri_template/kit.ts";
import { memoizeNames } from "./_objects.ts";
import { urlValue } from "./_url.ts";

/** Writes one query parameter as `name=value` text (`""` to leave it out). */
export type QueryWriter = (name: string, value: unknown) => string;

/** `name`, percent-encoded, then `=`; kept for the names seen lately. */
export const nameEquals: (name: string) => string = memoizeNames((name) =>
  encodeText(name, false) + "="
);

/**
 * One `name=value` query pair, as `{?name}` expands it; `""` when the value
 * is undefined in RFC 6570's sense (`null`, an empty list or map).
 *
 * @throws {TypeError} Naming the parameter, for a value that cannot be expanded.
 */
export function queryPair(name: string, value: unknown): string {
  if (typeof value === "string") {
    if (name === "q") {
      return "q=" + value.split("+").map((piece) => encodeText(piece, false)).join("+");
    }
    return nameEquals(name) + encodeText(value, false);
  }
  if (typeof value === "number") return nameEquals(name) + encodeNumber(value);
  const normalized = urlValue(name, value);
  if (normalized === undefined) return "";
  if (typeof normalized === "string") return nameEquals(name) + encodeText(normalized, false);
  const items = normalized instanceof Pairs ? normalized.flat : normalized;
  return nameEquals(name) + items.map((item) => encodeText(item, false)).join(",");
}

/**
 * Appends an encoded query to an expanded url: after `?`, or `&` when the
 * url already has a query; before any fragment.
 */
export function appendQuery(url: string, query: string): string {
  const hash = url.indexOf("#");
  const head = hash < 0 ? url : url.slice(0, hash);
  const joined = head + (head.includes("?") ? "&" : "?") + query;
  return hash < 0 ? joined : joined + url.slice(hash);
}
