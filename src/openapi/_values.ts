/**
 * Declared parameter values on the wire (docs/design.md rule 25): query
 * parameters in their forms; header values in OpenAPI's `simple` style, not
 * percent-encoded; cookies in `form` style, percent-encoded, all in one
 * `cookie` header; form bodies as swagger-client, the OpenAPI Initiative's
 * client, encodes them.
 *
 * @module
 */

import { encodeNumber, encodeText, listItems, MAX_LIST_ITEMS, Pairs } from "../uri_template/kit.ts";
import {
  checkHeaderValue,
  encodeQuery,
  type Headers,
  isPlainObject,
  own,
  type QueryWriter,
  setOwn,
  urlValue,
  writeJson,
} from "../endpoint/kit.ts";
import type { ParameterLocation } from "./_declarations.ts";

/** How a form property with an encoding is written: by style, or as JSON text. */
export type FormEncoding = "json" | QueryWriter;

/** A declared query, header or cookie parameter, ready to write. */
export interface DeclaredValue {
  readonly name: string;
  readonly in: ParameterLocation;
  /** How a query parameter is written. */
  readonly query: QueryWriter;
  /** What `query` writes before a string or number: its `name=`, encoded as its values are. */
  readonly prefix: string;
  /** Whether its values keep reserved characters (`allowReserved`). */
  readonly reserved: boolean;
  /** Header and cookie: lists and objects exploded (`k=v` members, one cookie per item). */
  readonly explode: boolean;
  /** Written as its JSON text. */
  readonly json: boolean;
  /** A list joined into one value by this (Swagger 2.0's collectionFormat). */
  readonly separator: string | undefined;
}

/**
 * A list's items joined into one value by `separator` (Swagger 2.0's
 * `ssv`, `tsv`, `pipes`); `undefined` for an empty list, as RFC 6570
 * treats it; any other value as it is.
 */
export function joinItems(name: string, value: unknown, separator: string): unknown {
  if (!Array.isArray(value)) return value;
  const items = urlValue(name, value);
  return Array.isArray(items) ? items.join(separator) : items;
}

/**
 * The text of `value` as JSON (a string is taken as JSON text already, as
 * swagger-client takes it), written without calling the caller's code: no
 * `toJSON` (see {@linkcode writeJson}).
 *
 * @throws {TypeError} Naming the parameter, when it has no JSON text.
 */
export function jsonText(name: string, value: unknown): string {
  if (typeof value === "string") return value;
  return writeJson(value, name);
}

/** Whether a list or object member is itself a list or object (not a Date). */
function isNested(member: unknown): boolean {
  return typeof member === "object" && member !== null && !(member instanceof Date);
}

/**
 * A list or plain object, each item or member read once, with those that
 * are lists or objects replaced by their JSON text, as swagger-client writes
 * them (the OpenAPI Specification defines no form for them). Any other value
 * is returned as it is.
 */
export function flatten(name: string, value: unknown): unknown {
  if (Array.isArray(value)) {
    const length = value.length;
    // A list too long is refused by the writer, which reads only its length.
    if (length > MAX_LIST_ITEMS) return value;
    const items: unknown[] = [];
    for (let i = 0; i < length; i++) {
      // A hole is undefined, never what a prototype holds at its index.
      const item = own(value, i);
      items.push(isNested(item) ? jsonText(name, item) : item);
    }
    return items;
  }
  if (!isPlainObject(value)) return value;
  const members: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const member = value[key];
    setOwn(members, key, isNested(member) ? jsonText(name, member) : member);
  }
  return members;
}

/**
 * A header parameter's value in `simple` style: a list as `a,b`, an object
 * as `k,v,k2,v2` (or `k=v,k2=v2` exploded); `undefined` when RFC 6570
 * treats the value as undefined.
 */
function headerValue(name: string, value: unknown, explode: boolean): string | undefined {
  const normalized = urlValue(name, value);
  if (normalized === undefined || typeof normalized === "string") return normalized;
  if (!(normalized instanceof Pairs)) return normalized.join(",");
  const flat = normalized.flat;
  if (!explode) return flat.join(",");
  const members: string[] = [];
  for (let i = 0; i < flat.length; i += 2) members.push(flat[i] + "=" + flat[i + 1]);
  return members.join(",");
}

/**
 * A cookie parameter as `name=value` pairs joined with `; `, in `form`
 * style: exploded, a list is one cookie per item and an object one cookie
 * per member; else items are joined with an encoded comma. Names and values
 * are percent-encoded as RFC 6570 encodes a value, so a cookie never holds
 * `;`, `,`, space or `"`. `""` when the value is undefined in RFC 6570's sense.
 */
function cookiePairs(name: string, value: unknown, explode: boolean): string {
  const key = encodeText(name, false) + "=";
  const normalized = urlValue(name, value);
  if (normalized === undefined) return "";
  if (typeof normalized === "string") return key + encodeText(normalized, false);
  const items = normalized instanceof Pairs ? normalized.flat : normalized;
  const encoded = items.map((item) => encodeText(item, false));
  if (!explode) return key + encoded.join("%2C");
  if (!(normalized instanceof Pairs)) return encoded.map((item) => key + item).join("; ");
  const cookies: string[] = [];
  for (let i = 0; i < encoded.length; i += 2) cookies.push(encoded[i] + "=" + encoded[i + 1]);
  return cookies.join("; ");
}

/** Appends `pair` (maybe `""`) to text joined by `separator`. */
function join(text: string, pair: string, separator: string): string {
  return pair === "" ? text : text === "" ? pair : text + separator + pair;
}

/**
 * Writes declared query, header and cookie parameters (values by index,
 * already merged over the defaults): returns the query they make; header
 * parameters are set in `headers` (over any header of the same name), cookie
 * parameters and then the `credentials` cookie pairs in one `cookie` header,
 * unless the caller set one, which replaces them all (docs/design.md rule 26).
 *
 * @throws {TypeError} Naming the parameter, for a value that cannot be
 * written, or a header value with CR, LF or NUL.
 */
export function writeParameters(
  parameters: readonly DeclaredValue[],
  values: readonly unknown[],
  headers: Headers,
  credentials = "",
): string {
  let query = "";
  let cookies = "";
  for (let i = 0; i < parameters.length; i++) {
    const parameter = parameters[i];
    // `values` is filled by index: a hole is undefined, never what a prototype holds.
    let value = own(values, i);
    if (value === undefined || value === null) continue;
    const name = parameter.name;
    if (parameter.json) value = jsonText(name, value);
    else if (typeof value === "object") value = flatten(name, value);
    if (parameter.separator !== undefined) {
      value = joinItems(name, value, parameter.separator);
      if (value === undefined) continue;
    }
    if (parameter.in === "query") {
      // A string or number is `name=value` in every style.
      query = join(
        query,
        typeof value === "string"
          ? parameter.prefix + encodeQuery(value, parameter.reserved)
          : typeof value === "number"
          ? parameter.prefix + encodeNumber(value)
          : parameter.query(name, value),
        "&",
      );
    } else if (parameter.in === "header") {
      const text = headerValue(name, value, parameter.explode);
      if (text === undefined) continue;
      const header = name.toLowerCase();
      checkHeaderValue(header, text);
      setOwn(headers, header, text);
    } else if (parameter.in === "cookie") {
      cookies = join(cookies, cookiePairs(name, value, parameter.explode), "; ");
    }
  }
  cookies = join(cookies, credentials, "; ");
  if (cookies !== "" && own(headers, "cookie") === undefined) headers.cookie = cookies;
  return query;
}

const COMPONENT_KEPT: Record<string, string> = {
  "%21": "!",
  "%27": "'",
  "%28": "(",
  "%29": ")",
  "%2A": "*",
};

/**
 * `encodeURIComponent(text)`, without its `URIError` on a lone surrogate
 * (written as U+FFFD, as every other encoding here writes it).
 */
function encodeComponent(text: string): string {
  return encodeText(text, false).replace(/%2[1789A]/g, (triplet) => COMPONENT_KEPT[triplet]);
}

/** A form property without an encoding, as swagger-client writes it. */
function plainFormPair(name: string, value: unknown): string {
  const key = encodeComponent(name) + "=";
  if (Array.isArray(value)) {
    const items = listItems(name, value);
    if (!items.every((item) => typeof item !== "object")) {
      return key + encodeComponent(jsonText(name, items));
    }
    const texts: string[] = [];
    for (const item of items) {
      texts.push(encodeComponent(urlValue(name, item) as string | undefined ?? ""));
    }
    return key + texts.join(",");
  }
  if (typeof value === "object" && value !== null && !(value instanceof Date)) {
    return key + encodeComponent(jsonText(name, value));
  }
  return key + encodeComponent(urlValue(name, value) as string);
}

/**
 * An `application/x-www-form-urlencoded` body of `members` (own keys, in
 * order): each property written by its encoding's style, as JSON text, or,
 * with no encoding, as swagger-client writes it (a primitive as itself, a
 * list of primitives comma-separated, anything else as JSON text). `null`
 * and `undefined` members are left out.
 *
 * @throws {TypeError} Naming the property, for a value that cannot be written.
 */
export function formBody(
  members: Record<string, unknown>,
  encoding: ReadonlyMap<string, FormEncoding> | undefined,
): string {
  let body = "";
  for (const name of Object.keys(members)) {
    const value = members[name];
    if (value === null || value === undefined) continue;
    const declared = encoding?.get(name);
    let pair: string;
    if (declared === undefined) {
      pair = plainFormPair(name, value);
    } else if (declared === "json") {
      pair = encodeComponent(name) + "=" + encodeComponent(jsonText(name, value));
    } else {
      pair = declared(name, flatten(name, value));
    }
    body = join(body, pair, "&");
  }
  return body;
}
