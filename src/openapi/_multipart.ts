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
import { flatten } from "./_values.ts";
import { essence } from "./_wire.ts";

/** The media type of the bodies this module writes. */
export const MULTIPART = "multipart/form-data";

/** How one part is written: by its style, and the type of its bytes and JSON. */
interface Part {
  readonly style: QueryWriter | undefined;
  readonly type: string | undefined;
}

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
      }: a client would escape its CR, LF, NUL or '"', expected a name without them`,
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

/** Whether `value` is bytes: an `ArrayBuffer` or a view on one. */
function isBytes(value: unknown): value is ArrayBuffer | ArrayBufferView {
  return value instanceof ArrayBuffer || ArrayBuffer.isView(value);
}

/**
 * Appends the part(s) of `value` to `form`: text, a file part, bytes as a
 * `Blob` of the part's type, a list repeated (`inList`: an item, whose own
 * lists are JSON), anything else as JSON text (written without calling the
 * caller's code); `null` and `undefined` are left out.
 */
function append(
  form: FormData,
  name: string,
  value: unknown,
  part: Part | undefined,
  inList: boolean,
): void {
  if (value === null || value === undefined) return;
  if (value instanceof Blob) {
    add(form, name, value);
  } else if (isBytes(value)) {
    add(
      form,
      name,
      new Blob([value as BlobPart], { type: part?.type ?? "application/octet-stream" }),
    );
  } else if (part?.style !== undefined && !inList) {
    // The style writes `name=value` pairs as a form body would (strictly encoded): one text part each.
    const text = part.style(name, flatten(name, value));
    for (const pair of text === "" ? [] : text.split("&")) {
      const equals = pair.indexOf("=");
      add(
        form,
        decodeURIComponent(pair.slice(0, equals)),
        decodeURIComponent(pair.slice(equals + 1)),
      );
    }
  } else if (Array.isArray(value) && !inList) {
    for (const item of listItems(name, value)) append(form, name, item, part, true);
  } else if (typeof value === "object" && !(value instanceof Date)) {
    add(form, name, new Blob([writeJson(value, name)], { type: part?.type ?? "application/json" }));
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
    parts.set(property, {
      // Multipart text is never percent-encoded: allowReserved has nothing to keep.
      style: style === undefined && explode === undefined
        ? undefined
        : openApiQuery(style ?? "form", explode ?? (style ?? "form") === "form", false).write,
      type: own(entry, "contentType") as string | undefined,
    });
  }
  return (members, route) => {
    if (typeof FormData !== "function") {
      throw new TypeError(
        `Cannot build the multipart body of ${
          quoteValue(route)
        }: this runtime has no FormData, expected one (or the body as data)`,
      );
    }
    const form = new FormData();
    for (const name of Object.keys(members)) {
      append(form, name, members[name], parts.get(name), false);
    }
    return form;
  };
}
