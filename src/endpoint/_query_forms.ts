/**
 * Query parameters in OpenAPI's forms (DECISIONS.md rules 24 and 25): a
 * list repeated, comma-, pipe- or space-separated; a plain object as a
 * deepObject, exploded or comma-separated; reserved characters kept or
 * encoded. `createEndpoint` writes its remaining GET and HEAD parameters in
 * the forms of its `config`; `fromOpenAPI` each declared query parameter and
 * form property in the forms of its `style`, `explode` and `allowReserved`.
 * Only those builders import this module.
 *
 * @module
 */

import { encodeNumber, encodeText, Pairs } from "../uri_template/kit.ts";
import { nameEquals, type QueryWriter } from "./_query.ts";
import { urlValue } from "./_url.ts";

/** How a list is written: `a=x,y`, `a=x&a=y`, `a=x|y` or `a=x%20y`. */
export type ListForm = "comma" | "repeat" | "pipe" | "space";
/** How a plain object is written: `a=k,v`, `k=v` or `a[k]=v`. */
export type ObjectForm = "comma" | "explode" | "deepObject";

const JOINERS: Record<Exclude<ListForm, "repeat">, string> = {
  comma: ",",
  pipe: "|",
  space: "%20",
};

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

/**
 * A writer of query parameters in these forms: names and values
 * percent-encoded as RFC 6570 `{?x}` encodes them, or as `{+x}` does when
 * `reserved` (OpenAPI's `allowReserved`), but for the delimiters
 * {@linkcode encodeQuery} keeps encoded. A deepObject's keys are written as
 * names (`name[key]`). A value undefined in RFC 6570's sense (`null`, an
 * empty list or object) is left out; a list or object inside a list or
 * object is a `TypeError` naming the parameter.
 */
export function formsWriter(lists: ListForm, objects: ObjectForm, reserved: boolean): QueryWriter {
  const key = reserved ? (name: string) => encodeQuery(name, true, true) + "=" : nameEquals;
  const encode = reserved
    ? (text: string) => encodeQuery(text, true)
    : (text: string) => encodeText(text, false);
  return (name, value) => {
    if (typeof value === "string") return key(name) + encode(value);
    if (typeof value === "number") return key(name) + encodeNumber(value);
    const normalized = urlValue(name, value);
    if (normalized === undefined) return "";
    if (typeof normalized === "string") return key(name) + encode(normalized);
    if (normalized instanceof Pairs) {
      const flat = normalized.flat;
      if (objects === "comma") return key(name) + flat.map(encode).join(",");
      const pairs: string[] = [];
      for (let i = 0; i < flat.length; i += 2) {
        const member = objects === "deepObject" ? name + "[" + flat[i] + "]" : flat[i];
        pairs.push(key(member) + encode(flat[i + 1]));
      }
      return pairs.join("&");
    }
    if (lists === "repeat") return normalized.map((item) => key(name) + encode(item)).join("&");
    return key(name) + normalized.map(encode).join(JOINERS[lists]);
  };
}
