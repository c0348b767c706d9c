/**
 * The error thrown for malformed URI templates, and the message table that
 * both engines share (the WebAssembly engine reports a code and an index; the
 * text is built here, so both engines say exactly the same thing).
 *
 * @module
 */

/**
 * Thrown when a URI template is malformed, or when a value cannot be expanded
 * in the way RFC 6570 defines (a prefix modifier on a list or map).
 *
 * @example Catching a malformed template
 * ```ts
 * import { expand, UriTemplateError } from "@routecast/endpoint/uri-template";
 * import { assert, assertEquals } from "@std/assert";
 *
 * try {
 *   expand("/repos/{owner", { owner: "octocat" });
 *   assert(false);
 * } catch (error) {
 *   assert(error instanceof UriTemplateError);
 *   assertEquals(error.index, 7);
 * }
 * ```
 */
export class UriTemplateError extends SyntaxError {
  /** The template that could not be used. */
  readonly template: string;
  /** The position in `template` of the character that made it invalid. */
  readonly index: number;

  /**
   * Creates an error; `message` should quote the template and give the index.
   *
   * @param message The complete message.
   * @param template The template that could not be used.
   * @param index Where in `template` the problem is.
   */
  constructor(message: string, template: string, index: number) {
    super(message);
    this.name = "UriTemplateError";
    this.template = template;
    this.index = index;
  }
}

/** Error codes shared by both engines (the AssemblyScript engine mirrors them). */
export const ERR_UNMATCHED_CLOSE = 1;
/** An expression's `{` has no `}`. */
export const ERR_UNTERMINATED = 2;
/** An operator that RFC 6570 reserves for future use (`= , ! @ |`). */
export const ERR_RESERVED_OPERATOR = 3;
/** A variable name was expected. */
export const ERR_VARNAME = 4;
/** A variable name is followed by something other than a modifier, `,` or `}`. */
export const ERR_AFTER_VARNAME = 5;
/** A modifier is followed by something other than `,` or `}`. */
export const ERR_AFTER_MODIFIER = 6;
/** A prefix length outside 1 to 9999, or not a plain integer. */
export const ERR_PREFIX_LENGTH = 7;
/** A prefix modifier on a variable whose value is a list or a map. */
export const ERR_PREFIX_COMPOSITE = 8;

const MAX_QUOTED = 200;

/** The first 200 characters of `text`, and `…` when there were more, for a message. */
export function clip(text: string): string {
  return text.length > MAX_QUOTED ? text.slice(0, MAX_QUOTED) + "…" : text;
}

/**
 * `text` with the userinfo of each URL in it (`//user:password@`) shown as
 * `***`: a url quoted in a message never shows a password (docs/design.md
 * rule 15). The authority ends at `/`, `?`, `#` or `\`, as WHATWG URL's
 * does, so each character is read at most twice.
 */
function hideUserinfo(text: string): string {
  let out = "";
  let from = 0;
  for (let start = text.indexOf("//"); start >= 0; start = text.indexOf("//", start + 2)) {
    let at = 0;
    // "/", "?", "#" and "\" end the authority; its last "@" ends the userinfo.
    for (let i = start + 2; i < text.length && !"/?#\\".includes(text[i]); i++) {
      if (text[i] === "@") at = i;
    }
    if (at) {
      out += text.slice(from, start + 2) + "***";
      from = at;
    }
  }
  return out + text.slice(from);
}

/**
 * Quotes a caller's value for an error message, bounded in length: at most
 * 200 characters of the quoted text, escapes (`\u0000`, a lone surrogate's
 * `\ud800`) counted as written, then `…` when there was more. A url's
 * userinfo is shown as `***`.
 */
export function quote(text: string): string {
  const value = hideUserinfo(text);
  let written = 0;
  let end = 0;
  // By code point, so that a surrogate pair is never split.
  for (const character of value) {
    written += JSON.stringify(character).length - 2;
    if (written > MAX_QUOTED) return JSON.stringify(value.slice(0, end) + "…");
    end += character.length;
  }
  return JSON.stringify(value);
}

/**
 * Text for an error message that is not a quoted value (a message recorded
 * earlier): each character as {@linkcode quote} writes it, but `"` and `\`
 * as they are and no quotes around; cut after `max` characters as written,
 * then `…`. Its own function, so that the bundles that never show such a
 * message (all but `./openapi`) carry none of it.
 */
export function escapeText(text: string, max: number): string {
  let out = "";
  for (const character of text) {
    const escaped = '"\\'.includes(character) ? character : quote(character).slice(1, -1);
    if (out.length + escaped.length > max) return out + "…";
    out += escaped;
  }
  return out;
}

/** Shows a value that should have been a string in a message: quoted, or its type. */
export function show(value: unknown): string {
  if (typeof value === "string") return quote(value);
  if (value === null) return "null";
  if (typeof value === "object" || typeof value === "function") {
    return `a value of type ${typeof value}`;
  }
  return clip(String(value));
}

function found(template: string, index: number): string {
  return index >= template.length
    ? "the end of the template"
    : quote(String.fromCodePoint(template.codePointAt(index)!));
}

function variableAt(template: string, index: number): string {
  let end = index;
  while (end < template.length && !":*,}".includes(template[end])) end++;
  return quote(template.slice(index, end));
}

/** What each error code says; `$i` is the index, `$f` what was found there, `$v` the variable. */
const DETAILS = [
  "",
  'unmatched "}" at index $i',
  "unterminated expression starting at index $i",
  'reserved operator $f at index $i, expected one of "+#./;?&" or a variable name',
  "expected a variable name at index $i, found $f",
  'unexpected $f at index $i, expected a modifier, "," or "}"',
  'unexpected $f at index $i, expected "," or "}"',
  "invalid prefix length at index $i, expected an integer from 1 to 9999",
  "prefix modifier on variable $v at index $i cannot apply to its list or map value",
];

/**
 * Builds the `UriTemplateError` for an error `code` at `index` of `template`.
 *
 * @param code One of the `ERR_*` codes.
 * @param template The template being parsed or expanded.
 * @param index Where the problem is.
 * @returns The error, ready to throw.
 */
export function templateError(
  code: number,
  template: string,
  index: number,
): UriTemplateError {
  const detail = DETAILS[code]
    .replace("$i", String(index))
    .replace("$f", () => found(template, index))
    .replace("$v", () => variableAt(template, index));
  return new UriTemplateError(
    `Invalid URI template ${quote(template)}: ${detail}`,
    template,
    index,
  );
}
