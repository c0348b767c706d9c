/**
 * `multipart/form-data` bodies (docs/design.md rule 26): the body parameters
 * as a `FormData`, each part written as the description's `encoding` says,
 * and the choice of such a body by the caller's `content-type`.
 *
 * @module
 */

import {
  type Headers,
  openApiQuery,
  own,
  type QueryWriter,
  quoteValue,
  urlValue,
  writeJson,
} from "../endpoint/kit.ts";
import { listItems } from "../uri_template/kit.ts";
import type { EncodingDeclaration } from "./_declarations.ts";
import { flatten, joinItems } from "./_values.ts";
import { essence } from "./_wire.ts";

/** The media type of the bodies this module writes. */
export const MULTIPART = "multipart/form-data";

/** How one part is written: by its style, and the type of its bytes and JSON. */
type Part = readonly [style: QueryWriter | undefined, type: string | undefined];

const NO_PART: Part = [undefined, undefined];

/** Part names that a client cannot send as written: it would escape them (HTML's form encoding). */
const UNSENDABLE_NAME = /[\r\n\0"]/;

/**
 * Appends one part, its name checked.
 *
 * @throws {TypeError} For a name a client would rewrite.
 */
function add(form: FormData, name: string, value: string | Blob): void {
  if (UNSENDABLE_NAME.test(name)) {
    throw new TypeError(
      `Invalid part name ${
        quoteValue(name)
      }: expected no CR, LF, NUL or '"' (a client rewrites them)`,
    );
  }
  form.append(name, value);
}

/**
 * Whether the caller's `content-type` (in `headers`) names
 * `multipart/form-data`; if so it is removed, so that the client writes the
 * type with its boundary (docs/design.md rule 26).
 */
export function takeMultipart(headers: Headers): boolean {
  const type = own(headers, "content-type");
  if (typeof type !== "string" || essence(type) !== MULTIPART) return false;
  delete headers["content-type"];
  return true;
}

/**
 * Appends the part(s) of `value` to `form`: a `Blob` as it is; by its style,
 * one text part a pair; bytes, a plain object (or a list in a list) as a
 * `Blob` of the part's type (JSON text written without calling the caller's
 * code); a list repeated (`inList`: an item, for a part without a style);
 * else text. `null` and `undefined` are left out.
 */
function append(
  form: FormData,
  name: string,
  value: unknown,
  [style, type]: Part,
  inList: boolean,
): void {
  if (value === null || value === undefined) return;
  if (value instanceof Blob) return add(form, name, value);
  const bytes = value instanceof ArrayBuffer || ArrayBuffer.isView(value);
  if (!bytes && style !== undefined) {
    // The style writes `name=value` pairs as a form body would (strictly encoded).
    const text = style(name, flatten(name, value));
    for (const pair of text === "" ? [] : text.split("&")) {
      const equals = pair.indexOf("=");
      add(
        form,
        decodeURIComponent(pair.slice(0, equals)),
        decodeURIComponent(pair.slice(equals + 1)),
      );
    }
  } else if (!bytes && Array.isArray(value) && !inList) {
    for (const item of listItems(name, value)) append(form, name, item, [style, type], true);
  } else if (bytes || typeof value === "object" && !(value instanceof Date)) {
    add(
      form,
      name,
      new Blob([bytes ? value as BlobPart : writeJson(value, name)], {
        type: type ?? (bytes ? "application/octet-stream" : "application/json"),
      }),
    );
  } else {
    add(form, name, urlValue(name, value) as string);
  }
}

/**
 * The writer of an operation's `multipart/form-data` bodies: a `FormData` of
 * the body parameters (own keys, in order), each by its encoding.
 *
 * @param encoding The table's encodings of the multipart media type.
 * @throws {TypeError} When the runtime has no `FormData`, for a part name a
 * client would rewrite (CR, LF, NUL, `"`), or a value that cannot be written.
 */
export function multipartBody(
  encoding: { readonly [property: string]: EncodingDeclaration } | undefined,
): (members: Record<string, unknown>, route: string) => FormData {
  const parts = new Map<string, Part>();
  for (const property of Object.keys(encoding ?? {})) {
    const entry = encoding![property] as Record<string, unknown>;
    const style = own(entry, "style") as string | undefined;
    const explode = own(entry, "explode") as boolean | undefined;
    const separator = own(entry, "separator") as string | undefined;
    // Multipart text is never percent-encoded: allowReserved has nothing to keep.
    const form = style ?? (explode === undefined ? undefined : "form");
    const write = form === undefined
      ? undefined
      : openApiQuery(form, explode ?? form === "form", false).write;
    parts.set(property, [
      // Swagger 2.0's tsv joins a list's items into one part (rule 27).
      write && separator !== undefined
        ? (name, value) => write(name, joinItems(name, value, separator) ?? value)
        : write,
      own(entry, "contentType") as string | undefined,
    ]);
  }
  return (members, route) => {
    if (typeof FormData !== "function") {
      throw new TypeError(
        `Cannot build the multipart body of ${quoteValue(route)}: expected a runtime with FormData`,
      );
    }
    const form = new FormData();
    for (const name of Object.keys(members)) {
      append(form, name, members[name], parts.get(name) ?? NO_PART, false);
    }
    return form;
  };
}
