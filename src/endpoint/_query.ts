/**
 * The one family of query writers (docs/design.md rules 7, 24 and 25): one
 * parameter as `name=value` text, names and values percent-encoded as
 * RFC 6570 `{?name}` encodes them, configured by how a list and a plain
 * object are written, whether reserved characters are kept (OpenAPI's
 * `allowReserved`), and whether `q` keeps its `+` separators (GitHub's
 * search, as the reference does). GitHub's builders, the neutral RFC 6570
 * pairs, `createEndpoint`'s `config` and OpenAPI's styles are
 * configurations of it.
 *
 * @module
 */

import { encodeNumber, encodeText, Pairs } from "../uri_template/kit.ts";
import { memoizeNames } from "../_cache.ts";
import { urlValue } from "./_url.ts";

/** Writes one query parameter as `name=value` text (`""` to leave it out). */
export type QueryWriter = (name: string, value: unknown) => string;

/** How a list is written: `a=x,y`, `a=x&a=y`, `a=x|y` or `a=x%20y`. */
export type ListForm = "comma" | "repeat" | "pipe" | "space";
/** How a plain object is written: `a=k,v`, `k=v` or `a[k]=v`. */
export type ObjectForm = "comma" | "explode" | "deepObject";

/** A configuration of the query writers. */
export interface QueryForms {
  readonly lists: ListForm;
  readonly objects: ObjectForm;
  /** Whether values keep reserved characters, as `{+x}` does (OpenAPI's `allowReserved`). */
  readonly reserved: boolean;
  /** Whether a string `q` keeps its `+` separators (GitHub's search). */
  readonly searchPlus?: boolean;
}

/** A query writer, and what it writes before a string or number value. */
export interface QueryStyle {
  readonly write: QueryWriter;
  /**
   * What `write` writes before a string or number value of `name` (its
   * `name=`, encoded as the values are), or `undefined` where it writes such
   * a value otherwise (GitHub's `q`).
   */
  readonly prefix: (name: string) => string | undefined;
}

const JOINERS: Record<Exclude<ListForm, "repeat">, string> = {
  comma: ",",
  pipe: "|",
  space: "%20",
};

/** `name`, percent-encoded, then `=`; kept for the names seen lately. */
export const nameEquals: (name: string) => string = memoizeNames((name) =>
  encodeText(name, false) + "="
);

/**
 * `text` percent-encoded for a query as RFC 6570 `{?x}` encodes a value, or,
 * when `reserved` (OpenAPI's `allowReserved`), as `{+x}` does but for `#`
 * and `&`, which would end the query or the pair, and in a `name`, `=`,
 * which would end the name: no value or key can add a parameter or move the
 * rest of the query into the fragment (docs/any-api.md, differences).
 */
export function encodeQuery(text: string, reserved: boolean, name = false): string {
  if (!reserved) return encodeText(text, false);
  let encoded = encodeText(text, true);
  if (encoded.includes("#")) encoded = encoded.replaceAll("#", "%23");
  if (encoded.includes("&")) encoded = encoded.replaceAll("&", "%26");
  if (name && encoded.includes("=")) encoded = encoded.replaceAll("=", "%3D");
  return encoded;
}

/** `text` percent-encoded as a query value, keeping reserved characters when `reserved`. */
function encodeValue(text: string, reserved: boolean): string {
  return reserved ? encodeQuery(text, true) : encodeText(text, false);
}

/** `name=`, encoded as {@linkcode encodeValue} encodes, `=` too when `reserved`. */
function keyOf(name: string, reserved: boolean): string {
  return reserved ? encodeQuery(name, true, true) + "=" : nameEquals(name);
}

/** A search string `q` with its `+` separators kept (GitHub's, as the reference writes it). */
function searchQuery(value: string): string {
  return "q=" + value.split("+").map((piece) => encodeText(piece, false)).join("+");
}

/**
 * The pair of comma-separated lists and objects (RFC 6570's `{?name}`), a
 * string `q` kept split on `+` when `searchPlus`: GitHub's configuration and
 * the neutral pairs, written as one plain function since it is the hot path.
 */
function commaPair(name: string, value: unknown, searchPlus: boolean): string {
  if (typeof value === "string") {
    return searchPlus && name === "q"
      ? searchQuery(value)
      : nameEquals(name) + encodeText(value, false);
  }
  if (typeof value === "number") return nameEquals(name) + encodeNumber(value);
  const normalized = urlValue(name, value);
  if (normalized === undefined) return "";
  if (typeof normalized === "string") return nameEquals(name) + encodeText(normalized, false);
  const items = normalized instanceof Pairs ? normalized.flat : normalized;
  return nameEquals(name) + items.map((item) => encodeText(item, false)).join(",");
}

function githubPair(name: string, value: unknown): string {
  return commaPair(name, value, true);
}

function rfc6570Pair(name: string, value: unknown): string {
  return commaPair(name, value, false);
}

/**
 * The query style of `forms`. Its writer leaves out a value undefined in
 * RFC 6570's sense (`null`, an empty list or object); a deepObject's keys
 * are written as names (`name[key]`); a list or object inside a list or
 * object is a `TypeError` naming the parameter.
 */
export function queryStyle(forms: QueryForms): QueryStyle {
  const { lists, objects, reserved } = forms;
  const searchPlus = forms.searchPlus === true;
  const encode = (text: string) => encodeValue(text, reserved);
  const prefix = (name: string) => keyOf(name, reserved);
  if (!reserved && lists === "comma" && objects === "comma") {
    return searchPlus ? GITHUB_QUERY : RFC6570_QUERY;
  }
  const write: QueryWriter = (name, value) => {
    if (typeof value === "string") {
      if (searchPlus && name === "q") return searchQuery(value);
      return keyOf(name, reserved) + encodeValue(value, reserved);
    }
    if (typeof value === "number") return keyOf(name, reserved) + encodeNumber(value);
    const normalized = urlValue(name, value);
    if (normalized === undefined) return "";
    const key = keyOf(name, reserved);
    if (typeof normalized === "string") return key + encode(normalized);
    if (normalized instanceof Pairs) {
      const flat = normalized.flat;
      if (objects === "comma") return key + flat.map(encode).join(",");
      const pairs: string[] = [];
      for (let i = 0; i < flat.length; i += 2) {
        const member = objects === "deepObject" ? name + "[" + flat[i] + "]" : flat[i];
        pairs.push(keyOf(member, reserved) + encode(flat[i + 1]));
      }
      return pairs.join("&");
    }
    if (lists === "repeat") return normalized.map((item) => key + encode(item)).join("&");
    return key + normalized.map(encode).join(JOINERS[lists]);
  };
  return { write, prefix: searchPlus ? (name) => name === "q" ? undefined : prefix(name) : prefix };
}

/**
 * GitHub's query (rule 7): `{?name}` pairs, but a string `q` keeps its `+`
 * separators. What `queryStyle({ lists: "comma", objects: "comma", reserved:
 * false, searchPlus: true })` gives, written out so that a bundle with only
 * GitHub's builders carries none of the other styles.
 */
export const GITHUB_QUERY: QueryStyle = {
  write: githubPair,
  prefix: (name) => name === "q" ? undefined : nameEquals(name),
};

/**
 * The neutral RFC 6570 pairs: each parameter as `{?name}` expands it
 * (`queryStyle({ lists: "comma", objects: "comma", reserved: false })`).
 */
export const RFC6570_QUERY: QueryStyle = { write: rfc6570Pair, prefix: nameEquals };

/**
 * The query style of a declared query parameter or form property (rule 25)
 * of OpenAPI's `style` (`form`, `spaceDelimited`, `pipeDelimited`,
 * `deepObject`), `explode` and `allowReserved`: the OpenAPI Specification's
 * style tables; where it defines nothing, as
 * swagger-client writes it (a deepObject list repeats the name or joins with
 * commas, a pipe- or space-delimited object is written as `form` would).
 */
export function openApiQuery(
  style: string,
  explode: boolean,
  allowReserved: boolean,
): QueryStyle {
  let lists: ListForm = "comma";
  let objects: ObjectForm = "comma";
  if (style === "deepObject") {
    lists = explode ? "repeat" : "comma";
    objects = "deepObject";
  } else if (explode) {
    lists = "repeat";
    objects = "explode";
  } else if (style === "spaceDelimited") {
    lists = "space";
  } else if (style === "pipeDelimited") {
    lists = "pipe";
  }
  return queryStyle({ lists, objects, reserved: allowReserved });
}

/**
 * The pair of a string or number `value` of `name`, written with `prefix`,
 * what the plan's style writes before such a value of `name` (else, for
 * `undefined`, by the style itself).
 */
export function primitivePair(
  plan: { readonly flavour: { readonly query: QueryStyle } },
  name: string,
  value: string | number,
  prefix: string | undefined,
): string {
  if (prefix === undefined) return plan.flavour.query.write(name, value);
  return prefix + (typeof value === "string" ? encodeText(value, false) : encodeNumber(value));
}

/** Appends `pair` (maybe `""`) to a query. */
export function joinPair(query: string, pair: string): string {
  return pair === "" ? query : query === "" ? pair : query + "&" + pair;
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
