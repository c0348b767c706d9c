/**
 * `mediaType.format` and `mediaType.previews` amending `accept`
 * (docs/design.md rules 11 and 12), written as linear scans: the reference's
 * regular expressions here were the subject of CVE-2025-25285.
 *
 * @module
 */

import { quoteValue } from "./_messages.ts";
import { isPlainObject, own } from "./_own.ts";
import { isWordChar } from "../uri_template/kit.ts";

const VND = "application/vnd";
const PREVIEW = "-preview";

/** Whether `text` is a word (`\w+`). */
function isWord(text: string): boolean {
  return /^\w+$/.test(text);
}

/**
 * Amends one media type of `accept` for `format` as the reference's
 * `/application\/vnd(\.\w+)(\.v3)?(\.\w+)?(\+json)?$/` replacement does:
 * `application/vnd.github.v3+json` becomes `application/vnd.github.v3.raw`.
 */
function formatMediaType(part: string, format: string): string {
  // Only the last "application/vnd" can match: the tail may not contain "/".
  const start = part.lastIndexOf(VND);
  if (start < 0) return part;
  const tail = part.slice(start + VND.length);
  // "", the vendor, then `v3` and a word, or either, or none.
  const words = (tail.endsWith("+json") ? tail.slice(0, -5) : tail).split(".");
  const v3 = words[2] === "v3";
  if (
    words[0] !== "" || words.length < 2 || words.length > 4 || (words.length === 4 && !v3) ||
    !words.slice(1).every(isWord)
  ) {
    return part;
  }
  return part.slice(0, start) + VND + "." + words[1] + (v3 ? ".v3." : ".") + format;
}

/** Applies `mediaType.format` to every comma-separated media type of `accept`. */
export function applyFormat(accept: string, format: string): string {
  return accept.split(",").map((part) => formatMediaType(part, format)).join(",");
}

/**
 * The preview names already in `accept` (`squirrel-girl` in
 * `application/vnd.github.squirrel-girl-preview+json`), as the reference's
 * `/(?<![\w-])[\w-]+(?=-preview)/g` finds them, in one pass: in each run of
 * `[\w-]`, what comes before its last `-preview`.
 */
export function previewsInAccept(accept: string): string[] {
  const names: string[] = [];
  let start = 0;
  for (let i = 0; i <= accept.length; i++) {
    const code = accept.charCodeAt(i); // NaN past the end
    if (isWordChar(code) || code === 0x2d) continue;
    const run = accept.slice(start, i);
    const at = run.lastIndexOf(PREVIEW);
    if (at > 0) names.push(run.slice(0, at));
    start = i + 1;
  }
  return names;
}

/** Removes one trailing `-preview` from a preview name. */
export function previewName(name: string): string {
  return name.endsWith(PREVIEW) ? name.slice(0, -PREVIEW.length) : name;
}

/** Whether `accept` names `application/octet-stream` (any case), which turns amendments off. */
export function isBinaryAccept(accept: string): boolean {
  return accept.toLowerCase().includes("application/octet-stream");
}

/**
 * Returns `accept` amended for `format` and `previews` (already merged and
 * de-duplicated), or `accept` unchanged when it asks for octet-stream.
 */
export function amendAccept(
  accept: string | undefined,
  format: string,
  previews: readonly string[],
): string | undefined {
  if (accept !== undefined && isBinaryAccept(accept)) return accept;
  let amended = accept;
  if (format !== "" && amended !== undefined) amended = applyFormat(amended, format);
  if (previews.length === 0) return amended;
  const names = new Set(amended === undefined ? [] : previewsInAccept(amended));
  for (const name of previews) names.add(name);
  const suffix = format === "" ? "+json" : "." + format;
  return [...names].map((name) => `application/vnd.github.${name}-preview${suffix}`).join(",");
}

/** Whether `text` is a media-type token as a format or preview name uses it: letters, digits, `.+-_`. */
function isMediaToken(text: string): boolean {
  return /^[\w.+-]*$/.test(text);
}

/**
 * Reads and checks a `mediaType` option (`null` and `undefined` are none):
 * its `format`, and its `previews` with any trailing `-preview` removed.
 *
 * @param noPreviews Whether previews are refused (GitHub's; rule 24's builders have none).
 * @throws {TypeError} When it is not an object, `format` is not a string, or
 * `previews` is not an array of strings, or is given where there are none.
 */
export function readMediaType(
  mediaType: unknown,
  noPreviews = false,
): { format: string | undefined; previews: string[] | undefined } {
  if (mediaType === undefined || mediaType === null) {
    return { format: undefined, previews: undefined };
  }
  if (!isPlainObject(mediaType)) {
    throw new TypeError(
      `Invalid mediaType ${quoteValue(mediaType)}: expected an object with format and previews`,
    );
  }
  const format = own(mediaType, "format") ?? undefined;
  if (format !== undefined && (typeof format !== "string" || !isMediaToken(format))) {
    throw new TypeError(
      `Invalid mediaType.format ${
        quoteValue(format)
      }: expected a media-type parameter of letters, digits, ".", "+", "-" and "_" such as "raw" or "text+json"`,
    );
  }
  const previews = own(mediaType, "previews") ?? undefined;
  if (previews === undefined) return { format, previews };
  if (noPreviews) {
    throw new TypeError(
      `Invalid mediaType.previews ${quoteValue(previews)}: expected none, previews are GitHub's`,
    );
  }
  if (!Array.isArray(previews)) {
    throw new TypeError(
      `Invalid mediaType.previews ${quoteValue(previews)}: expected an array of strings`,
    );
  }
  const names: string[] = [];
  const length = previews.length;
  for (let i = 0; i < length; i++) {
    // A hole is undefined, never what a prototype holds at its index.
    const name: unknown = Object.hasOwn(previews, i) ? previews[i] : undefined;
    if (typeof name !== "string" || name === "" || !isMediaToken(name)) {
      throw new TypeError(
        `Invalid preview name ${
          quoteValue(name)
        } in mediaType.previews: expected letters, digits, ".", "+", "-" and "_" such as "squirrel-girl"`,
      );
    }
    names.push(previewName(name));
  }
  return { format, previews: names };
}
