/**
 * `mediaType.format` and `mediaType.previews` amending `accept`
 * (DECISIONS.md rules 11 and 12), written as linear scans: the reference's
 * regular expressions here were the subject of CVE-2025-25285.
 *
 * @module
 */

import { isPlainObject, own, quoteValue } from "./_objects.ts";
import { isWordChar } from "../uri_template/_encode.ts";

const VND = "application/vnd";
const PREVIEW = "-preview";

/** End of `.word` starting at `index` (`\.\w+`), or -1. */
function dotWordEnd(text: string, index: number): number {
  if (text.charCodeAt(index) !== 0x2e || !isWordChar(text.charCodeAt(index + 1))) return -1;
  let i = index + 2;
  while (isWordChar(text.charCodeAt(i))) i++;
  return i;
}

/** Whether `text` from `index` is `(\.\w+)?(\+json)?` to its end. */
function isVndTail(text: string, index: number): boolean {
  const word = dotWordEnd(text, index);
  const i = word < 0 ? index : word;
  return i === text.length || (text.startsWith("+json", i) && i + 5 === text.length);
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
  const vendorEnd = dotWordEnd(part, start + VND.length);
  if (vendorEnd < 0) return part;
  let versionEnd = vendorEnd;
  if (part.startsWith(".v3", vendorEnd) && isVndTail(part, vendorEnd + 3)) {
    versionEnd = vendorEnd + 3;
  } else if (!isVndTail(part, vendorEnd)) {
    return part;
  }
  return part.slice(0, versionEnd) + "." + format;
}

/** Applies `mediaType.format` to every comma-separated media type of `accept`. */
export function applyFormat(accept: string, format: string): string {
  return accept.split(",").map((part) => formatMediaType(part, format)).join(",");
}

function isPreviewNameChar(code: number): boolean {
  return isWordChar(code) || code === 0x2d;
}

/**
 * The preview names already in `accept` (`squirrel-girl` in
 * `application/vnd.github.squirrel-girl-preview+json`), as the reference's
 * `/(?<![\w-])[\w-]+(?=-preview)/g` finds them, in one pass.
 */
export function previewsInAccept(accept: string): string[] {
  const names: string[] = [];
  let i = 0;
  while (i < accept.length) {
    if (!isPreviewNameChar(accept.charCodeAt(i))) {
      i++;
      continue;
    }
    const runStart = i;
    while (i < accept.length && isPreviewNameChar(accept.charCodeAt(i))) i++;
    const run = accept.slice(runStart, i);
    const at = run.lastIndexOf(PREVIEW);
    if (at > 0) names.push(run.slice(0, at));
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
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isWordChar(code) && code !== 0x2e && code !== 0x2b && code !== 0x2d) return false;
  }
  return true;
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
  for (const name of previews) {
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
