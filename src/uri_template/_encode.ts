/**
 * Percent-encoding as RFC 6570 section 3.2.1 defines it, and the ASCII
 * character classes that the scanner (`_syntax.ts`) shares with it.
 *
 * @module
 */

/** Character class bits, for ASCII; everything else is encoded. */
const UNRESERVED = 1;
/** `gen-delims` and `sub-delims`. */
const RESERVED = 2;
/** What a variable name is made of, besides `%XX` triplets. */
export const VARCHAR = 4;
/** Hexadecimal digits. */
const HEXDIG = 8;

const CHAR_CLASS: Uint8Array = (() => {
  const table = new Uint8Array(128);
  const mark = (chars: string, bits: number) => {
    for (let i = 0; i < chars.length; i++) table[chars.charCodeAt(i)] |= bits;
  };
  const digits = "0123456789";
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  mark(digits + letters + "-._~", UNRESERVED);
  mark(":/?#[]@!$&'()*+,;=", RESERVED);
  mark(digits + letters + "_", VARCHAR);
  mark(digits + "ABCDEFabcdef", HEXDIG);
  return table;
})();

/** `%XX` for each ASCII character. */
const HEX_TRIPLET: string[] = Array.from(
  { length: 128 },
  (_, code) => "%" + (code < 16 ? "0" : "") + code.toString(16).toUpperCase(),
);

/**
 * How long the encoded text may grow as a rope (a string built by `+=`)
 * before it is copied flat: a rope holds about 11 bytes of heap per
 * character until it is flattened, so a long output built that way could
 * exhaust the heap (a fatal abort, not an error) far below the runtime's
 * string length.
 */
const ROPE_LENGTH = 65536;

/** Whether `code` is ASCII and in one of the classes of `bits`. */
export function isClass(code: number, bits: number): boolean {
  return code < 128 && (CHAR_CLASS[code] & bits) !== 0;
}

/** Whether `code` is a letter, a digit or `_` (regular expressions' `\w`). */
export function isWordChar(code: number): boolean {
  return isClass(code, VARCHAR);
}

/** Whether a `%XX` triplet starts at `index`. */
export function isTripletAt(text: string, index: number): boolean {
  return text.charCodeAt(index) === 0x25 &&
    isClass(text.charCodeAt(index + 1), HEXDIG) &&
    isClass(text.charCodeAt(index + 2), HEXDIG);
}

/** Whether `code` is the first half of a surrogate pair. */
export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Whether `code` is the second half of a surrogate pair. */
export function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * The UTF-8 percent-encoding of the character at `index`, `length` code
 * units long (a lone surrogate has no UTF-8 form: U+FFFD, as in WHATWG URLs).
 */
function encodeCharacter(text: string, index: number, length: number): string {
  const code = text.charCodeAt(index);
  if (code < 0x80) return HEX_TRIPLET[code];
  return encodeURIComponent(
    length === 1 && code >= 0xd800 && code <= 0xdfff ? "\ufffd" : text.slice(index, index + length),
  );
}

/**
 * Percent-encodes every character of `text` outside the allowed set:
 * unreserved characters, plus (when `allowReserved`) reserved characters and
 * valid `%XX` triplets. Text that needs no encoding is returned as it is.
 * Each time the output built by `+=` passes 64K characters, it is copied
 * flat (it is ASCII, so a round trip through UTF-8 copies it exactly), so
 * that the working memory stays near the output's own size.
 *
 * @param text The text to encode.
 * @param allowReserved Whether reserved characters and `%XX` triplets pass as they are.
 * @returns The encoded text.
 */
export function encodeText(text: string, allowReserved: boolean): string {
  const allowed = allowReserved ? UNRESERVED | RESERVED : UNRESERVED;
  let i = 0;
  while (i < text.length && isClass(text.charCodeAt(i), allowed)) i++;
  // Apart, so that this scan stays small enough for V8 to inline into its callers.
  return i === text.length ? text : encodeFrom(text, i, allowReserved, allowed);
}

/** `text` encoded from `i`, its first character that does not pass as it is. */
function encodeFrom(text: string, i: number, allowReserved: boolean, allowed: number): string {
  const length = text.length;
  let out = "";
  let flat = "";
  let runStart = 0;
  while (i < length) {
    const code = text.charCodeAt(i);
    if (isClass(code, allowed)) {
      i++;
    } else if (allowReserved && isTripletAt(text, i)) {
      i += 3;
    } else {
      const width = isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(i + 1)) ? 2 : 1;
      out += text.slice(runStart, i) + encodeCharacter(text, i, width);
      i += width;
      runStart = i;
      if (out.length > ROPE_LENGTH) {
        flat += new TextDecoder().decode(new TextEncoder().encode(out));
        out = "";
      }
    }
  }
  return flat + out + text.slice(runStart);
}

/**
 * A number as `String` writes it, percent-encoded outside `{+x}` and `{#x}`:
 * an integer below 1e21 is digits and maybe `-`, all unreserved, so only
 * other numbers ("1e+21") are scanned.
 *
 * @param value The number.
 * @returns Its encoded text.
 */
export function encodeNumber(value: number): string {
  return Number.isInteger(value) && value < 1e21 && value > -1e21
    ? String(value)
    : encodeText(String(value), false);
}
