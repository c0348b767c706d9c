/**
 * The WebAssembly engine: the AssemblyScript expander in `uritemplate-wasm/`
 * (embedded in `_wasm_bytes.generated.ts`) behind the {@linkcode Engine}
 * contract. The WebAssembly parses, encodes and assembles; this glue only
 * moves the input into linear memory and the result out:
 *
 * - `compile` writes the template (UTF-16) into memory and keeps the program
 *   the WebAssembly returns as bytes in the compiled template, so the garbage
 *   collector owns it: nothing in linear memory outlives a call.
 * - `expand` writes the program and every value, in spec order, into one
 *   buffer, makes one call, and decodes the output (always ASCII).
 *
 * The module is compiled and instantiated synchronously, on first use.
 *
 * @module
 */

import type { CompiledTemplate, Engine } from "./_engine.ts";
import { quote, templateError } from "./error.ts";
import { type Normalized, Pairs } from "./_values.ts";
import { WASM_HEX } from "./_wasm_bytes.generated.ts";

// Value records and result codes, as in uritemplate-wasm/assembly/index.ts.
const VALUE_UNDEFINED = 0;
const VALUE_STRING = 1;
const VALUE_LIST = 2;
const VALUE_PAIRS = 3;
const ERR_MEMORY_LIMIT = 101;

// Strings up to this length are copied by a loop while they are ASCII;
// longer ones (and the rest) go through `TextEncoder.encodeInto`, whose fixed
// cost only pays off on longer text.
const SHORT_STRING = 32;

interface WasmExports {
  readonly memory: WebAssembly.Memory;
  readonly MAX_MEMORY_PAGES: WebAssembly.Global;
  readonly SHORT_OUTPUT_SIZE: WebAssembly.Global;
  heapBase(): number;
  shortOutput(): number;
  errorIndex(): number;
  compile(text: number, length: number, out: number): number;
  expand(program: number, values: number, out: number): number;
}

let wasm: WasmExports | undefined;
let unavailable: string | undefined;
let memory: WebAssembly.Memory;
let bytes: Uint8Array = new Uint8Array(0);
let words: Int32Array = new Int32Array(0);
let encoder: TextEncoder;
let decoder: TextDecoder;
let maxBytes = 0;
let shortOutput = 0;
let shortOutputSize = 0;
/** Views over the short-output window, by length, made on first use. */
let shortOutputViews: Uint8Array[] = [];
/**
 * Where scratch data starts. No caller code runs during a call (values
 * arrive normalized), so calls never nest and each starts here.
 */
let base = 0;
/**
 * Compiled programs are copied out of linear memory into small shared slabs:
 * a `slice` of its own costs a fresh ArrayBuffer (about 370 ns), a view on a
 * slab about 80 ns. A slab lives while any of its programs does, so a slab is
 * small enough that a few long-lived programs pin little memory.
 */
const SLAB_SIZE = 4096;
let slab = new Uint8Array(0);
let slabUsed = 0;

/** Copies `size` bytes of linear memory at `from` out, for the garbage collector to own. */
function keepProgram(from: number, size: number): Uint8Array {
  if (size > SLAB_SIZE >> 2) return bytes.slice(from, from + size);
  if (slabUsed + size > slab.length) {
    slab = new Uint8Array(SLAB_SIZE);
    slabUsed = 0;
  }
  const program = slab.subarray(slabUsed, slabUsed + size);
  program.set(bytes.subarray(from, from + size));
  slabUsed = (slabUsed + size + 7) & ~7;
  return program;
}

/** The program at `base`, so expanding the same template again skips the copy. */
let loadedProgram: Uint8Array | undefined;
/** What the current call works on, for the memory limit's message. */
let activeTask = "";
let activeTemplate = "";

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function decodeHex(text: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(text.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return out;
}

function refreshViews(): void {
  bytes = new Uint8Array(memory.buffer);
  words = new Int32Array(memory.buffer);
  shortOutputViews = [];
}

/** Output up to this length is read by `String.fromCharCode`, cheaper than a decoder call. */
const TINY_OUTPUT = 24;

/** Decodes the `length` bytes of output at `at` (ASCII, so any decoder would do). */
function decodeOutput(at: number, length: number): string {
  if (length <= TINY_OUTPUT) {
    const b = bytes;
    let i = shortOutput;
    const end = i + length;
    let out = "";
    for (; i + 8 <= end; i += 8) {
      out += String.fromCharCode(
        b[i],
        b[i + 1],
        b[i + 2],
        b[i + 3],
        b[i + 4],
        b[i + 5],
        b[i + 6],
        b[i + 7],
      );
    }
    for (; i < end; i++) out += String.fromCharCode(b[i]);
    return out;
  }
  if (length > shortOutputSize) return decoder.decode(bytes.subarray(at, at + length));
  const view = shortOutputViews[length] ??
    (shortOutputViews[length] = bytes.subarray(shortOutput, shortOutput + length));
  return decoder.decode(view);
}

function load(): WasmExports | undefined {
  if (wasm !== undefined || unavailable !== undefined) return wasm;
  if (typeof WebAssembly !== "object" || WebAssembly === null) {
    unavailable = "there is no WebAssembly global";
    return undefined;
  }
  try {
    const module = new WebAssembly.Module(decodeHex(WASM_HEX));
    const exports = new WebAssembly.Instance(module, {}).exports as unknown as WasmExports;
    encoder = new TextEncoder();
    decoder = new TextDecoder();
    memory = exports.memory;
    maxBytes = exports.MAX_MEMORY_PAGES.value * 0x10000;
    shortOutput = exports.shortOutput();
    shortOutputSize = exports.SHORT_OUTPUT_SIZE.value;
    base = exports.heapBase();
    refreshViews();
    // A writable copy, so that tests can wrap `expand` (see `wasmExportsForTests`).
    wasm = { ...exports };
  } catch (error) {
    // A Content Security Policy without 'wasm-unsafe-eval' ends up here, and
    // so does a browser that limits synchronous compilation.
    unavailable = `WebAssembly cannot be instantiated (${describe(error)})`;
  }
  return wasm;
}

/**
 * Tells whether the WebAssembly engine can run here, instantiating it on the
 * first call.
 *
 * @returns `undefined` when it can run, otherwise why not.
 */
function wasmUnavailableReason(): string | undefined {
  load();
  return unavailable;
}

/**
 * The size of the engine's linear memory in bytes, or 0 before it is
 * instantiated (tests check that it stays bounded).
 */
export function wasmMemorySize(): number {
  return wasm === undefined ? 0 : memory.buffer.byteLength;
}

/**
 * The exports every WebAssembly call goes through, or `undefined` where it
 * cannot run. Only for tests/engine_choice_test.ts, which wraps `expand` to
 * see which engine a public call ran on.
 */
export function wasmExportsForTests(): { expand: WasmExports["expand"] } | undefined {
  return load();
}

function memoryLimitError(): RangeError {
  return new RangeError(
    `Cannot ${activeTask} URI template ${
      quote(activeTemplate)
    } with the "wasm" engine: it needs more than ${maxBytes / 0x100000} MiB of WebAssembly memory`,
  );
}

/**
 * Makes linear memory at least `end` bytes long, up to the limit. Callers
 * check `end > bytes.length` first, so the common case costs no call.
 */
function grow(end: number): void {
  if (bytes.length === 0) {
    refreshViews(); // The WebAssembly grew memory.
    if (end <= bytes.length) return;
  }
  if (end > maxBytes) throw memoryLimitError();
  const pages = bytes.length / 0x10000;
  const needed = Math.ceil(end / 0x10000) - pages;
  try {
    memory.grow(Math.max(needed, Math.min(pages, maxBytes / 0x10000 - pages)));
  } catch {
    throw memoryLimitError();
  }
  refreshViews();
}

/**
 * Writes a string record (byte length, UTF-8 bytes) at `at`, after a tag
 * word when `tag` is not negative; returns the aligned end.
 */
function writeString(at: number, tag: number, text: string): number {
  let start = at;
  if (tag >= 0) {
    if (start + 4 > bytes.length) grow(start + 4);
    words[start >> 2] = tag;
    start += 4;
  }
  const length = text.length;
  const textStart = start + 4;
  if (length <= SHORT_STRING) {
    const end = textStart + length * 3;
    if (end > bytes.length) grow(end);
    const out = bytes;
    let i = 0;
    for (; i < length; i++) {
      const code = text.charCodeAt(i);
      if (code >= 0x80) break;
      out[textStart + i] = code;
    }
    if (i === length) {
      words[start >> 2] = length;
      return (textStart + length + 3) & ~3;
    }
  } else if (textStart + length > bytes.length) {
    // Room for ASCII; non-ASCII text grows memory below when it needs to.
    grow(textStart + length);
  }
  // encodeInto turns a lone surrogate into U+FFFD, as the engines require.
  let { read, written } = encoder.encodeInto(text, bytes.subarray(textStart));
  while (read < length) {
    grow(textStart + written + (length - read) * 3);
    const more = encoder.encodeInto(text.slice(read), bytes.subarray(textStart + written));
    read += more.read;
    written += more.written;
  }
  words[start >> 2] = written;
  return (textStart + written + 3) & ~3;
}

/** Writes the record of a list or map at `at`; returns its end. */
function writeItems(at: number, value: string[] | Pairs): number {
  if (at + 8 > bytes.length) grow(at + 8);
  const pairs = value instanceof Pairs;
  const items = pairs ? value.flat : value;
  words[at >> 2] = pairs ? VALUE_PAIRS : VALUE_LIST;
  words[(at >> 2) + 1] = items.length;
  let end = at + 8;
  for (let i = 0; i < items.length; i++) end = writeString(end, -1, items[i]);
  return end;
}

/** Writes a one-word record at `at`; returns its end. */
function writeTag(at: number, tag: number): number {
  if (at + 4 > bytes.length) grow(at + 4);
  words[at >> 2] = tag;
  return at + 4;
}

function failure(code: number, template: string): Error {
  if (code === ERR_MEMORY_LIMIT) return memoryLimitError();
  return templateError(code, template, wasm!.errorIndex());
}

class WasmTemplate implements CompiledTemplate {
  readonly variableNames: readonly string[];
  readonly #template: string;
  readonly #program: Uint8Array;
  /** The slot (in `variableNames`) of every variable occurrence, in template order. */
  readonly #specSlots: readonly number[];

  constructor(template: string) {
    const exports = load();
    if (exports === undefined) {
      throw new Error(`Cannot use engine "wasm" in this runtime: ${unavailable}`);
    }
    const start = base;
    activeTask = "compile";
    activeTemplate = template;
    const length = template.length;
    const out = (start + length * 2 + 3) & ~3;
    if (out > bytes.length) grow(out);
    const units = new Uint16Array(memory.buffer, start, length);
    for (let i = 0; i < length; i++) units[i] = template.charCodeAt(i);
    loadedProgram = undefined;
    const size = exports.compile(start, length, out);
    if (bytes.length === 0) refreshViews();
    if (size < 0) throw failure(-size, template);
    this.#program = keepProgram(out, size);
    const table = (out + words[out >> 2]) >> 2;
    const slots = new Map<string, number>();
    const specSlots: number[] = [];
    for (let s = 0; s < words[(out >> 2) + 1]; s++) {
      const index = words[table + s * 2];
      const name = template.slice(index, index + words[table + s * 2 + 1]);
      let slot = slots.get(name);
      if (slot === undefined) slots.set(name, slot = slots.size);
      specSlots.push(slot);
    }
    this.#template = template;
    this.#specSlots = specSlots;
    this.variableNames = Object.freeze([...slots.keys()]);
  }

  expand(values: readonly Normalized[]): string {
    const exports = wasm!;
    const program = this.#program;
    const specSlots = this.#specSlots;
    const start = base;
    activeTask = "expand";
    activeTemplate = this.#template;
    if (loadedProgram !== program) {
      if (start + program.length > bytes.length) grow(start + program.length);
      bytes.set(program, start);
      loadedProgram = program;
    }
    const records = start + program.length;
    let at = records;
    for (let s = 0; s < specSlots.length; s++) {
      const value = values[specSlots[s]];
      if (typeof value === "string") at = writeString(at, VALUE_STRING, value);
      else if (value === undefined) at = writeTag(at, VALUE_UNDEFINED);
      else at = writeItems(at, value);
    }
    const length = exports.expand(start, records, at);
    if (bytes.length === 0) refreshViews();
    if (length >= 0) return decodeOutput(at, length);
    throw failure(-length, this.#template);
  }
}

/** The WebAssembly engine, instantiated on first use. */
export const wasmEngine: Engine = {
  name: "wasm",
  unavailable: wasmUnavailableReason,
  compile: (template: string): CompiledTemplate => new WasmTemplate(template),
};
