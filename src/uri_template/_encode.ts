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

/** The character codes of the hexadecimal digits, for writing `%XX` as bytes. */
const HEX_DIGITS: Uint8Array = new TextEncoder().encode("0123456789ABCDEF");

/**
 * Texts longer than this are encoded into bytes, decoded chunk by chunk and
 * joined once (see {@linkcode encodeLongText}); shorter ones by `+=`.
 */
const LONG_TEXT = 256;

/** The bytes of one chunk of a long text's encoding (made on first use, then reused). */
const CHUNK_BYTES = 32768;
let chunkBuffer: Uint8Array | undefined;
const chunkDecoder = new TextDecoder();

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
 *
 * @param text The text to encode.
 * @param allowReserved Whether reserved characters and `%XX` triplets pass as they are.
 * @returns The encoded text.
 */
export function encodeText(text: string, allowReserved: boolean): string {
  const allowed = allowReserved ? UNRESERVED | RESERVED : UNRESERVED;
  const length = text.length;
  let i = 0;
  while (i < length && isClass(text.charCodeAt(i), allowed)) i++;
  if (i === length) return text;
  if (length > LONG_TEXT) return encodeLongText(text, i, allowed, allowReserved);
  let out = "";
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
    }
  }
  return runStart < length ? out + text.slice(runStart) : out;
}

/**
 * {@linkcode encodeText} for a long text, from `start` (the first character
 * to encode) on, keeping its working memory near the output's own size: the
 * ASCII output is written as bytes into one reused buffer, each full buffer
 * becomes a flat string, and the strings are joined once. Built by `+=`, the
 * output would be a rope holding about 11 bytes of heap per character until
 * flattened, so an output far below the runtime's string length could
 * exhaust the heap (a fatal abort, not an error). Past the runtime's string
 * length, the join throws the runtime's `RangeError`.
 */
function encodeLongText(
  text: string,
  start: number,
  allowed: number,
  allowReserved: boolean,
): string {
  const bytes = chunkBuffer ??= new Uint8Array(CHUNK_BYTES);
  const chunks = [text.slice(0, start)];
  const length = text.length;
  let at = 0;
  const writeEscaped = (byte: number) => {
    bytes[at] = 0x25; // %
    bytes[at + 1] = HEX_DIGITS[byte >> 4];
    bytes[at + 2] = HEX_DIGITS[byte & 0xf];
    at += 3;
  };
  let i = start;
  while (i < length) {
    // Room for the longest step: a surrogate pair, 12 bytes.
    if (at > CHUNK_BYTES - 12) {
      chunks.push(chunkDecoder.decode(bytes.subarray(0, at)));
      at = 0;
    }
    let code = text.charCodeAt(i);
    if (isClass(code, allowed)) {
      bytes[at++] = code;
      i++;
    } else if (allowReserved && isTripletAt(text, i)) {
      bytes[at] = code;
      bytes[at + 1] = text.charCodeAt(i + 1);
      bytes[at + 2] = text.charCodeAt(i + 2);
      at += 3;
      i += 3;
    } else if (code < 0x80) {
      writeEscaped(code);
      i++;
    } else if (code < 0x800) {
      writeEscaped(0xc0 | (code >> 6));
      writeEscaped(0x80 | (code & 0x3f));
      i++;
    } else if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(i + 1))) {
      code = 0x10000 + ((code - 0xd800) << 10) + (text.charCodeAt(i + 1) - 0xdc00);
      writeEscaped(0xf0 | (code >> 18));
      writeEscaped(0x80 | ((code >> 12) & 0x3f));
      writeEscaped(0x80 | ((code >> 6) & 0x3f));
      writeEscaped(0x80 | (code & 0x3f));
      i += 2;
    } else {
      // A lone surrogate has no UTF-8 form: U+FFFD, as encodeCharacter writes it.
      if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
      writeEscaped(0xe0 | (code >> 12));
      writeEscaped(0x80 | ((code >> 6) & 0x3f));
      writeEscaped(0x80 | (code & 0x3f));
      i++;
    }
  }
  chunks.push(chunkDecoder.decode(bytes.subarray(0, at)));
  return chunks.join("");
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
