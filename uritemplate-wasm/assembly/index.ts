/**
 * The WebAssembly RFC 6570 engine. It mirrors src/uri_template/_syntax.ts and
 * _ts_engine.ts: the same single-pass, regex-free scanner (parseSyntax, parseExpression,
 * scanVarname, scanVarchar, operatorOf), the same operator table order, the
 * same expanders (expandExpression, expandJoined, expandExploded,
 * encodeText, prefixText) and the same error codes (src/uri_template/error.ts).
 *
 * There is no allocator and nothing is kept between calls: the glue in
 * src/uri_template/_wasm_engine.ts writes the input at a scratch address,
 * makes one call, and reads the result back. Errors are returned as negative
 * codes, with the template index in `errorIndex()`, never by trapping.
 *
 * `compile(template, length, out)` reads the template as UTF-16 and writes
 * the program at `out` (u32 words, little-endian, every record 4-aligned):
 *
 *   header      specTableOffset, specCount
 *   parts       PART_LITERAL, byteLength, encoded bytes
 *             | PART_EXPRESSION, op, specCount,
 *                 then per spec: nameIndex, nameLength, prefix, explode, name bytes
 *             | PART_END
 *   spec table  per spec, in order: nameIndex, nameLength (read by the glue)
 *
 * `expand(program, values, out)` reads one value record per spec, in spec
 * order, and writes the expansion at `out` (and, when it is at most
 * SHORT_OUTPUT_SIZE bytes, at `shortOutput()` too):
 *
 *   VALUE_UNDEFINED
 *   | VALUE_STRING, string
 *   | VALUE_LIST, count, string * count
 *   | VALUE_PAIRS, count, string * count (name, value, name, value...)
 *   string: byteLength, UTF-8 bytes
 *
 * Values arrive as UTF-8 (the glue uses `TextEncoder.encodeInto`, which
 * already turns a lone surrogate into U+FFFD), so encodeText writes their
 * non-ASCII bytes as triplets and prefixText counts code points by lead
 * bytes. The template arrives as UTF-16, so its literal text goes through
 * encodeLiteral and encodeCodePoint, as in the TypeScript engine. The output
 * is ASCII, since everything else is percent-encoded.
 */

// Error codes, the same numbers as src/uri_template/error.ts.
const ERR_UNMATCHED_CLOSE = 1;
const ERR_UNTERMINATED = 2;
const ERR_RESERVED_OPERATOR = 3;
const ERR_VARNAME = 4;
const ERR_AFTER_VARNAME = 5;
const ERR_AFTER_MODIFIER = 6;
const ERR_PREFIX_LENGTH = 7;
const ERR_PREFIX_COMPOSITE = 8;
// A code for the glue alone: it reports the memory limit.
const ERR_MEMORY_LIMIT = 101;

/** Linear memory never grows past this many 64 KiB pages (256 MiB). */
export const MAX_MEMORY_PAGES: i32 = 4096;

/** The expression operators, in the order of the RFC's Appendix A table (as in _syntax.ts). */
const enum Operator {
  Simple,
  Reserved,
  Fragment,
  Label,
  Path,
  Param,
  Query,
  Continuation,
}

// Per operator: first character and if-empty text (0 for none), separator,
// whether it is named, whether it allows reserved characters.
const OP_FIRST = memory.data<u8>([0, 0, 0x23, 0x2e, 0x2f, 0x3b, 0x3f, 0x26]);
const OP_SEPARATOR = memory.data<u8>([0x2c, 0x2c, 0x2c, 0x2e, 0x2f, 0x3b, 0x26, 0x26]);
const OP_NAMED = memory.data<u8>([0, 0, 0, 0, 0, 1, 1, 1]);
const OP_IF_EMPTY = memory.data<u8>([0, 0, 0, 0, 0, 0, 0x3d, 0x3d]);
const OP_ALLOW_RESERVED = memory.data<u8>([0, 1, 1, 0, 0, 0, 0, 0]);

// Character classes for bytes: ASCII only, so the bytes of UTF-8 multi-byte
// sequences are always encoded. URI_CHAR marks unreserved and reserved
// characters in one bit, so that encodeText checks eight bytes in one test.
const UNRESERVED: u8 = 1;
const URI_CHAR: u8 = 2;
const VARCHAR: u8 = 4;
const HEXDIG: u8 = 8;

const CHAR_CLASS = memory.data<u8>([
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 2, 0, 2, 2, 0, 2, 2, 2, 2, 2, 2, 2, 3, 3, 2, //  !"#$%&'()*+,-./
  15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 2, 2, 0, 2, 0, 2, // 0-9 :;<=>?
  2, 15, 15, 15, 15, 15, 15, 7, 7, 7, 7, 7, 7, 7, 7, 7, // @ A-O
  7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 2, 0, 2, 0, 7, // P-Z [\]^_
  0, 15, 15, 15, 15, 15, 15, 7, 7, 7, 7, 7, 7, 7, 7, 7, // ` a-o
  7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 0, 0, 0, 3, 0, // p-z {|}~
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // 0x80 to 0xff
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
]);

const HEX_DIGITS = memory.data<u8>([
  0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46,
]);

// Program records.
const PROGRAM_HEADER: usize = 8;
const PART_END: u32 = 0;
const PART_LITERAL: u32 = 1;
const PART_EXPRESSION: u32 = 2;
const EXPRESSION_HEADER: usize = 12;
const SPEC_HEADER: usize = 16;

// Value records (2 is VALUE_LIST: a record of any other kind is a list).
const VALUE_UNDEFINED: u32 = 0;
const VALUE_STRING: u32 = 1;
const VALUE_PAIRS: u32 = 3;

/** writeBytes copies eight bytes at a time, so may go this far past its end. */
const COPY_SLACK: usize = 8;

/** Outputs up to this long are also copied to SHORT_OUTPUT, a fixed address. */
export const SHORT_OUTPUT_SIZE: i32 = 512;
// The glue keeps one view per length over it, so decoding needs no new view.
const SHORT_OUTPUT = memory.data(SHORT_OUTPUT_SIZE + <i32>COPY_SLACK);

/** The template being compiled (UTF-16 code units) and its length. */
let template: usize = 0;
let templateLength: i32 = 0;
/** Where the next output byte goes (the program, or the expansion). */
let cursor: usize = 0;
/** The next value record to read. */
let values: usize = 0;
/** The text of the string record readString last read. */
let stringText: usize = 0;
/** The template index of the last error. */
let failureIndex: i32 = 0;

/** Where the glue may put its scratch data: everything above is free. */
export function heapBase(): usize {
  return (__heap_base + 15) & ~15;
}

/** Where outputs up to SHORT_OUTPUT_SIZE bytes long are copied. */
export function shortOutput(): usize {
  return SHORT_OUTPUT;
}

/** The template index of the error that the last negative result reported. */
export function errorIndex(): i32 {
  return failureIndex;
}

function fail(code: i32, index: i32): i32 {
  failureIndex = index;
  return -code;
}

function outOfMemory(): i32 {
  return fail(ERR_MEMORY_LIMIT, 0);
}

// @ts-ignore: decorator
@inline function align4(size: usize): usize {
  return (size + 3) & ~3;
}

/** Makes room for `bytes` more bytes at `cursor`, growing memory up to the limit. */
// @ts-ignore: decorator
@inline function reserve(bytes: usize): bool {
  const end = <u64>cursor + <u64>bytes;
  return end <= (<u64>memory.size() << 16) || growMemory(end);
}

function growMemory(end: u64): bool {
  if (end > (<u64>MAX_MEMORY_PAGES << 16)) return false;
  const pages = memory.size();
  const needed = <i32>((end - (<u64>pages << 16) + 0xffff) >> 16);
  // Grow at least by doubling, so that growing inputs grow memory rarely.
  return memory.grow(max(needed, min(pages, MAX_MEMORY_PAGES - pages))) >= 0;
}

// @ts-ignore: decorator
@inline function writeByte(byte: u32): void {
  store<u8>(cursor, byte);
  cursor++;
}

function writeTriplet(byte: u32): void {
  store<u8>(cursor, 0x25); // %
  store<u8>(cursor, load<u8>(HEX_DIGITS + (byte >> 4)), 1);
  store<u8>(cursor, load<u8>(HEX_DIGITS + (byte & 15)), 2);
  cursor += 3;
}

/**
 * Copies `length` bytes to the output. Short runs, the common case, go eight
 * bytes at a time (a call to `memory.copy` costs more), so may read and
 * write up to COPY_SLACK bytes past the end: callers make sure memory is
 * there.
 */
function writeBytes(source: usize, length: usize): void {
  const out = cursor;
  if (length > 64) {
    memory.copy(out, source, length);
  } else {
    for (let i: usize = 0; i < length; i += 8) store<u64>(out + i, load<u64>(source + i));
  }
  cursor = out + length;
}

// @ts-ignore: decorator
@inline function isClass(code: i32, bits: u8): bool {
  return <u32>code < 256 && (load<u8>(CHAR_CLASS + <usize>code) & bits) != 0;
}

// @ts-ignore: decorator
@inline function classOf(byte: u64): u8 {
  return load<u8>(CHAR_CLASS + <usize>(byte & 0xff));
}

function isDigit(code: i32): bool {
  return code >= 0x30 && code <= 0x39;
}

function isLowSurrogate(code: i32): bool {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** The template's code unit at `index`, or -1 past its end (as `NaN` from `charCodeAt`). */
// @ts-ignore: decorator
@inline function codeAt(index: i32): i32 {
  return index < templateLength ? <i32>load<u16>(template + (<usize>index << 1)) : -1;
}

function isTripletAt(index: i32): bool {
  return codeAt(index) == 0x25 && isClass(codeAt(index + 1), HEXDIG) &&
    isClass(codeAt(index + 2), HEXDIG);
}

/** Writes the UTF-8 percent-encoding of the code point at `index`; returns its code units. */
function encodeCodePoint(index: i32): i32 {
  const code = codeAt(index);
  if (code < 0x80) {
    writeTriplet(code);
    return 1;
  }
  if (code < 0x800) {
    writeTriplet(0xc0 | (code >> 6));
    writeTriplet(0x80 | (code & 0x3f));
    return 1;
  }
  let point = code;
  let units = 1;
  if (code >= 0xd800 && code <= 0xdfff) {
    const low = codeAt(index + 1);
    if (code <= 0xdbff && isLowSurrogate(low)) {
      point = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
      units = 2;
    } else {
      point = 0xfffd; // A lone surrogate has no UTF-8 form: U+FFFD, as in WHATWG URLs.
    }
  }
  if (point < 0x10000) {
    writeTriplet(0xe0 | (point >> 12));
  } else {
    writeTriplet(0xf0 | (point >> 18));
    writeTriplet(0x80 | ((point >> 12) & 0x3f));
  }
  writeTriplet(0x80 | ((point >> 6) & 0x3f));
  writeTriplet(0x80 | (point & 0x3f));
  return units;
}

/**
 * Writes the template's literal text from `start` to `end`, encoded as RFC
 * 6570 section 3.1 says: unreserved and reserved characters and valid `%XX`
 * triplets as they are, everything else as UTF-8 triplets (what the
 * TypeScript engine's `encodeText(text, true)` does).
 */
function encodeLiteral(start: i32, end: i32): void {
  let i = start;
  while (i < end) {
    const code = codeAt(i);
    if (isClass(code, URI_CHAR)) {
      writeByte(code);
      i++;
    } else if (isTripletAt(i)) {
      writeByte(0x25);
      writeByte(codeAt(i + 1));
      writeByte(codeAt(i + 2));
      i += 3;
    } else {
      i += encodeCodePoint(i);
    }
  }
}

function isTripletIn(text: usize, index: usize, length: usize): bool {
  return index + 2 < length && load<u8>(text + index) == 0x25 &&
    isClass(load<u8>(text + index + 1), HEXDIG) && isClass(load<u8>(text + index + 2), HEXDIG);
}

/**
 * Percent-encodes the UTF-8 `text` of `length` bytes, keeping unreserved
 * characters and (when `allowReserved`) reserved characters and valid `%XX`
 * triplets. The caller has reserved `3 * length` bytes.
 */
function encodeText(text: usize, length: usize, allowReserved: bool): void {
  const allowed = allowReserved ? URI_CHAR : UNRESERVED;
  let out = cursor;
  let i: usize = 0;
  while (i < length) {
    // Eight characters that all stay as they are go in one step; otherwise
    // the next eight go one by one.
    if (i + 8 <= length) {
      const word = load<u64>(text + i);
      const classes = classOf(word) & classOf(word >> 8) & classOf(word >> 16) &
        classOf(word >> 24) & classOf(word >> 32) & classOf(word >> 40) & classOf(word >> 48) &
        classOf(word >> 56);
      if ((classes & allowed) != 0) {
        store<u64>(out, word);
        out += 8;
        i += 8;
        continue;
      }
    }
    const stop = min(i + 8, length);
    while (i < stop) {
      const code = <i32>load<u8>(text + i);
      if ((classOf(code) & allowed) != 0) {
        store<u8>(out, code);
        out++;
        i++;
      } else if (allowReserved && isTripletIn(text, i, length)) {
        store<u8>(out, 0x25);
        store<u8>(out, load<u8>(text + i + 1), 1);
        store<u8>(out, load<u8>(text + i + 2), 2);
        out += 3;
        i += 3;
      } else {
        store<u8>(out, 0x25);
        store<u8>(out, load<u8>(HEX_DIGITS + (code >> 4)), 1);
        store<u8>(out, load<u8>(HEX_DIGITS + (code & 15)), 2);
        out += 3;
        i++;
      }
    }
  }
  cursor = out;
}

/**
 * Returns how many bytes of the UTF-8 `text` make its first `maxLength`
 * characters, counted in code points and, when `allowReserved`, with a valid
 * `%XX` triplet counted as one character, so neither is ever split.
 */
function prefixText(text: usize, length: usize, maxLength: u32, allowReserved: bool): usize {
  let i: usize = 0;
  let count: u32 = 0;
  while (i < length && count < maxLength) {
    const code = load<u8>(text + i);
    if (code >= 0xf0) {
      i += 4;
    } else if (code >= 0xe0) {
      i += 3;
    } else if (code >= 0x80) {
      i += 2;
    } else if (allowReserved && isTripletIn(text, i, length)) {
      i += 3;
    } else {
      i++;
    }
    count++;
  }
  return min(i, length);
}

function operatorOf(code: i32): i32 { // an Operator, or -1
  switch (code) {
    case 0x2b: // +
      return Operator.Reserved;
    case 0x23: // #
      return Operator.Fragment;
    case 0x2e: // .
      return Operator.Label;
    case 0x2f: // /
      return Operator.Path;
    case 0x3b: // ;
      return Operator.Param;
    case 0x3f: // ?
      return Operator.Query;
    case 0x26: // &
      return Operator.Continuation;
    case 0x3d: // =
    case 0x2c: // ,
    case 0x21: // !
    case 0x40: // @
    case 0x7c: // |
      return -1;
    default:
      return Operator.Simple;
  }
}

/** Advances over one varchar or `%XX` triplet at `index`, or returns -1. */
function scanVarchar(index: i32): i32 {
  if (isClass(codeAt(index), VARCHAR)) return index + 1;
  return isTripletAt(index) ? index + 3 : -1;
}

/** Scans `name` (`varchar *( ["."] varchar )`) from `index`; returns its end, or an error. */
function scanVarname(index: i32, open: i32): i32 {
  let i = index;
  while (true) {
    if (i >= templateLength) return fail(ERR_UNTERMINATED, open);
    let next = scanVarchar(i);
    if (next < 0) return fail(ERR_VARNAME, i);
    while (next >= 0) {
      i = next;
      next = scanVarchar(i);
    }
    if (codeAt(i) != 0x2e) return i;
    i++;
  }
}

function pushLiteral(start: i32, end: i32): bool {
  // A UTF-16 code unit encodes to at most three triplets.
  if (!reserve(8 + <usize>(end - start) * 9 + 3)) return false;
  const part = cursor;
  store<u32>(part, PART_LITERAL);
  cursor += 8;
  encodeLiteral(start, end);
  store<u32>(part, <u32>(cursor - part - 8), 4);
  cursor = align4(cursor);
  return true;
}

function pushSpec(nameStart: i32, nameEnd: i32, prefix: i32, explode: bool): bool {
  const nameLength = <usize>(nameEnd - nameStart);
  if (!reserve(SPEC_HEADER + nameLength + 3)) return false;
  const spec = cursor;
  store<u32>(spec, nameStart);
  store<u32>(spec, <u32>nameLength, 4);
  store<u32>(spec, prefix, 8);
  store<u32>(spec, explode ? 1 : 0, 12);
  cursor += SPEC_HEADER;
  // A name is ASCII (varchars, `.` and triplets).
  for (let i = nameStart; i < nameEnd; i++) writeByte(codeAt(i));
  cursor = align4(cursor);
  return true;
}

/** Parses the expression whose `{` is at `open`; writes it and returns the index after `}`. */
function parseExpression(open: i32): i32 {
  const length = templateLength;
  let i = open + 1;
  if (i >= length) return fail(ERR_UNTERMINATED, open);
  const op = operatorOf(codeAt(i));
  if (op < 0) return fail(ERR_RESERVED_OPERATOR, i);
  if (op != Operator.Simple) i++;
  if (!reserve(EXPRESSION_HEADER)) return outOfMemory();
  const expression = cursor;
  store<u32>(expression, PART_EXPRESSION);
  store<u32>(expression, op, 4);
  cursor += EXPRESSION_HEADER;
  let specCount: u32 = 0;
  while (true) {
    const nameStart = i;
    i = scanVarname(i, open);
    if (i < 0) return i;
    const nameEnd = i;
    let prefix = 0;
    let explode = false;
    let afterModifier = true;
    const code = codeAt(i);
    if (code == 0x3a) { // :
      const digitsStart = ++i;
      while (i < length && isDigit(codeAt(i))) {
        if (i - digitsStart < 4) prefix = prefix * 10 + codeAt(i) - 0x30;
        i++;
      }
      const digits = i - digitsStart;
      if (digits == 0 || digits > 4 || codeAt(digitsStart) == 0x30) {
        if (i >= length) return fail(ERR_UNTERMINATED, open);
        return fail(ERR_PREFIX_LENGTH, digitsStart);
      }
    } else if (code == 0x2a) { // *
      explode = true;
      i++;
    } else {
      afterModifier = false;
    }
    if (!pushSpec(nameStart, nameEnd, prefix, explode)) return outOfMemory();
    specCount++;
    if (i >= length) return fail(ERR_UNTERMINATED, open);
    const next = codeAt(i);
    i++;
    if (next == 0x7d) break; // }
    if (next != 0x2c) { // ,
      return fail(afterModifier ? ERR_AFTER_MODIFIER : ERR_AFTER_VARNAME, i - 1);
    }
  }
  store<u32>(expression, specCount, 8);
  return i;
}

/**
 * Parses the template into literal text (encoded as RFC 6570 section 3.1
 * says) and expressions; returns 0, or an error.
 */
function parseSyntax(): i32 {
  const length = templateLength;
  let literalStart = 0;
  let i = 0;
  while (i < length) {
    const code = codeAt(i);
    if (code == 0x7b) { // {
      if (literalStart < i && !pushLiteral(literalStart, i)) return outOfMemory();
      i = parseExpression(i);
      if (i < 0) return i;
      literalStart = i;
    } else if (code == 0x7d) { // }
      return fail(ERR_UNMATCHED_CLOSE, i);
    } else {
      i++;
    }
  }
  if (literalStart < length && !pushLiteral(literalStart, length)) return outOfMemory();
  if (!reserve(4)) return outOfMemory();
  store<u32>(cursor, PART_END);
  cursor += 4;
  return 0;
}

/** Appends the spec table (name index and length of each spec, in order); returns the count. */
function writeSpecTable(program: usize): i32 {
  let part = program + PROGRAM_HEADER;
  let count = 0;
  while (true) {
    const kind = load<u32>(part);
    if (kind == PART_END) return count;
    if (kind == PART_LITERAL) {
      part += 8 + align4(load<u32>(part, 4));
      continue;
    }
    const specCount = load<u32>(part, 8);
    part += EXPRESSION_HEADER;
    for (let s: u32 = 0; s < specCount; s++) {
      if (!reserve(8)) return outOfMemory();
      store<u32>(cursor, load<u32>(part));
      store<u32>(cursor, load<u32>(part, 4), 4);
      cursor += 8;
      count++;
      part += SPEC_HEADER + align4(load<u32>(part, 4));
    }
  }
}

/**
 * Compiles the template of `length` UTF-16 code units at `text` into a
 * program at `out`.
 *
 * @returns The program's size in bytes, or a negative error code.
 */
export function compile(text: usize, length: i32, out: usize): i32 {
  template = text;
  templateLength = length;
  cursor = out;
  if (!reserve(PROGRAM_HEADER)) return outOfMemory();
  cursor += PROGRAM_HEADER;
  const parsed = parseSyntax();
  if (parsed < 0) return parsed;
  const table = cursor;
  const specCount = writeSpecTable(out);
  if (specCount < 0) return specCount;
  store<u32>(out, <u32>(table - out));
  store<u32>(out, specCount, 4);
  return <i32>(cursor - out);
}

/** Reads the string record at `values`: sets `stringText`, returns its byte length. */
// @ts-ignore: decorator
@inline function readString(): usize {
  const length = <usize>load<u32>(values);
  stringText = values + 4;
  values = stringText + align4(length);
  return length;
}

function writeIfEmpty(op: u32): void {
  const ifEmpty = load<u8>(OP_IF_EMPTY + op);
  if (ifEmpty != 0) writeByte(ifEmpty);
}

/** A list or map without `*`: members joined by `,`, named once. */
function expandJoined(name: usize, nameLength: usize, op: u32, allowReserved: bool): i32 {
  const count = load<u32>(values);
  values += 4;
  const named = load<u8>(OP_NAMED + op) != 0;
  let equals: usize = 0;
  if (named) {
    writeBytes(name, nameLength);
    equals = cursor;
    writeByte(0x3d); // =
  }
  for (let i: u32 = 0; i < count; i++) {
    const length = readString();
    if (!reserve(1 + length * 3)) return outOfMemory();
    if (i > 0) writeByte(0x2c); // ,
    encodeText(stringText, length, allowReserved);
  }
  if (named && cursor == equals + 1) {
    cursor = equals;
    writeIfEmpty(op);
  }
  return 0;
}

/** A list or map with `*`: one member (or `name=value` pair) per separator. */
function expandExploded(
  name: usize,
  nameLength: usize,
  kind: u32,
  op: u32,
  allowReserved: bool,
): i32 {
  const separator = load<u8>(OP_SEPARATOR + op);
  const named = load<u8>(OP_NAMED + op) != 0;
  const count = load<u32>(values);
  values += 4;
  if (kind == VALUE_PAIRS) {
    for (let i: u32 = 0; i < count; i += 2) {
      const keyLength = readString();
      const key = stringText;
      const itemLength = readString();
      if (!reserve(2 + (keyLength + itemLength) * 3)) return outOfMemory();
      if (i > 0) writeByte(separator);
      encodeText(key, keyLength, allowReserved);
      if (named && itemLength == 0) {
        writeIfEmpty(op);
      } else {
        writeByte(0x3d); // =
        encodeText(stringText, itemLength, allowReserved);
      }
    }
    return 0;
  }
  for (let i: u32 = 0; i < count; i++) {
    const length = readString();
    if (!reserve(nameLength + COPY_SLACK + 2 + length * 3)) return outOfMemory();
    if (i > 0) writeByte(separator);
    if (named) {
      writeBytes(name, nameLength);
      if (length == 0) {
        writeIfEmpty(op);
        continue;
      }
      writeByte(0x3d); // =
    }
    encodeText(stringText, length, allowReserved);
  }
  return 0;
}

/**
 * Expands the expression at `expression`, reading one value per spec;
 * returns where the next part starts, or an error.
 */
function expandExpression(expression: usize): i32 {
  const op = load<u32>(expression, 4);
  const specCount = load<u32>(expression, 8);
  const separator = load<u8>(OP_SEPARATOR + op);
  const named = load<u8>(OP_NAMED + op) != 0;
  const allowReserved = load<u8>(OP_ALLOW_RESERVED + op) != 0;
  let spec = expression + EXPRESSION_HEADER;
  let defined = false;
  for (let s: u32 = 0; s < specCount; s++) {
    const nameIndex = load<i32>(spec);
    const nameLength = <usize>load<u32>(spec, 4);
    const prefix = load<u32>(spec, 8);
    const explode = load<u32>(spec, 12) != 0;
    const name = spec + SPEC_HEADER;
    spec = name + align4(nameLength);
    const kind = load<u32>(values);
    values += 4;
    if (kind == VALUE_UNDEFINED) continue;
    // The first character or separator, the name (copied with slack) and `=`.
    if (!reserve(nameLength + COPY_SLACK + 2)) return outOfMemory();
    if (defined) {
      writeByte(separator);
    } else {
      const first = load<u8>(OP_FIRST + op);
      if (first != 0) writeByte(first);
    }
    defined = true;
    if (kind == VALUE_STRING) {
      const length = readString();
      if (named) {
        writeBytes(name, nameLength);
        if (length == 0) {
          writeIfEmpty(op);
          continue;
        }
        writeByte(0x3d); // =
      }
      const end = prefix > 0 ? prefixText(stringText, length, prefix, allowReserved) : length;
      if (!reserve(end * 3)) return outOfMemory();
      encodeText(stringText, end, allowReserved);
      continue;
    }
    if (prefix > 0) return fail(ERR_PREFIX_COMPOSITE, nameIndex);
    const status = explode
      ? expandExploded(name, nameLength, kind, op, allowReserved)
      : expandJoined(name, nameLength, op, allowReserved);
    if (status < 0) return status;
  }
  return <i32>spec;
}

/**
 * Expands `program` with the value records at `valueRecords`, writing ASCII
 * at `out`, and also at SHORT_OUTPUT when it is short enough.
 *
 * @returns The output's length in bytes, or a negative error code.
 */
export function expand(program: usize, valueRecords: usize, out: usize): i32 {
  values = valueRecords;
  cursor = out;
  let part = program + PROGRAM_HEADER;
  while (true) {
    const kind = load<u32>(part);
    if (kind == PART_END) break;
    if (kind == PART_LITERAL) {
      const length = <usize>load<u32>(part, 4);
      if (!reserve(length + COPY_SLACK)) return outOfMemory();
      writeBytes(part + 8, length);
      part += 8 + align4(length);
    } else {
      const next = expandExpression(part);
      if (next < 0) return next;
      part = <usize>next;
    }
  }
  const length = cursor - out;
  if (length <= <usize>SHORT_OUTPUT_SIZE) {
    // writeBytes reads up to COPY_SLACK bytes past the output too.
    if (!reserve(COPY_SLACK)) return outOfMemory();
    cursor = SHORT_OUTPUT;
    writeBytes(out, length);
  }
  return <i32>length;
}
