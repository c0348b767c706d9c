/**
 * Copies of options and parameters (docs/design.md rule 14): plain objects
 * and arrays all the way down, and the built-in kinds that copy faithfully;
 * never recursing without bound.
 *
 * @module
 */

import { MAX_LIST_ITEMS } from "../uri_template/kit.ts";
import { setOwn } from "./_own.ts";

/** How deeply copied or merged options may nest; deeper is a `TypeError`, never a stack overflow. */
export const MAX_DEPTH = 64;

/** The error for nesting deeper than {@linkcode MAX_DEPTH}. */
export function tooDeep(what: string): TypeError {
  return new TypeError(
    `Invalid ${what}: nested more than ${MAX_DEPTH} levels deep, expected plain data`,
  );
}

/** A constructor of a kind that copies faithfully (rule 14). */
// deno-lint-ignore no-explicit-any
type Kind = new (...args: any[]) => object;

/**
 * This realm's own constructor of each kind that copies faithfully, by its
 * prototype: an object of a subclass or of another realm is not of the kind.
 */
const KINDS = new Map<unknown, Kind>();
for (const kind of [Date, Map, Set, ArrayBuffer, DataView, URLSearchParams]) {
  KINDS.set(kind.prototype, kind);
}
for (
  const name
    of "Int8 Uint8 Uint8Clamped Int16 Uint16 Int32 Uint32 Float16 Float32 Float64 BigInt64 BigUint64"
      .split(" ")
) {
  const view = (globalThis as Record<string, unknown>)[name + "Array"] as Kind | undefined;
  if (view !== undefined) KINDS.set(view.prototype, view);
}

// Values are read through this realm's own functions, which call none of the caller's code
// and throw for an object that only has the prototype (`Object.create(Date.prototype)`, a
// Proxy; Deno's URLSearchParams methods read through a Proxy, so there one is copied).
// deno-lint-ignore no-explicit-any
type Getter = (this: any, ...args: any[]) => any;
function getter(prototype: object, key: PropertyKey): Getter {
  return Object.getOwnPropertyDescriptor(prototype, key)?.get as Getter;
}
/** What reads a Date's time, a URLSearchParams' text, a Map's or a Set's entries. */
const READ = new Map<Kind, Getter>([
  [Date, Date.prototype.getTime],
  [URLSearchParams, URLSearchParams.prototype.toString],
  [Map, Map.prototype.forEach],
  [Set, Set.prototype.forEach],
]);
const bufferLength = getter(ArrayBuffer.prototype, "byteLength");
const bufferMaxLength: Getter | undefined = getter(ArrayBuffer.prototype, "maxByteLength");
const bufferResizable: Getter | undefined = getter(ArrayBuffer.prototype, "resizable");
const TYPED_ARRAY = Object.getPrototypeOf(Uint8Array.prototype);
const viewName = getter(TYPED_ARRAY, Symbol.toStringTag);
/** What reads a view's buffer, offset and length: a typed array's, then a DataView's. */
const VIEW_PARTS = [TYPED_ARRAY, DataView.prototype].map((prototype) =>
  ["buffer", "byteOffset", prototype === TYPED_ARRAY ? "length" : "byteLength"].map((key) =>
    getter(prototype, key)
  )
);

/** A new ArrayBuffer with `source`'s bytes, resizable up to the same length when it is. */
function copyBuffer(source: ArrayBuffer): ArrayBuffer {
  const length: number = bufferLength.call(source);
  const copy = bufferResizable?.call(source)
    ? new (ArrayBuffer as new (length: number, options: object) => ArrayBuffer)(length, {
      maxByteLength: bufferMaxLength!.call(source),
    })
    : new ArrayBuffer(length);
  // A detached buffer has no bytes to read (and cannot be viewed).
  if (length > 0) new Uint8Array(copy).set(new Uint8Array(source));
  return copy;
}

/**
 * Copies plain objects and arrays all the way down, and the built-in kinds
 * that copy faithfully (rule 14): `Date`, `Map` and `Set` (keys, values and
 * items copied as array items are), `ArrayBuffer`, typed arrays and
 * `DataView` (a view over a copy of its whole buffer, at the same offset and
 * length; a buffer that views share stays shared), `URLSearchParams`. Only
 * an object whose prototype is this realm's own for its kind is copied: a
 * subclass instance, a Proxy, another realm's object and a view over a
 * `SharedArrayBuffer` are kept by reference, as class instances and
 * functions are. A copy holds what the kind itself holds (a Date's time, a
 * Map's entries, a buffer's bytes), as `structuredClone`'s does: properties
 * added to the object are not copied. Only the copies of plain objects and
 * arrays are frozen, when `freeze`.
 *
 * `request` (the option of that name) holds the caller's own objects: only
 * its plain objects and arrays are copied, and a cycle is kept as a cycle of
 * the copies. Elsewhere a cycle is a `TypeError` (a parameter or header must
 * be data that can be sent).
 *
 * @param what Names the option in error messages (`defaults`, `request`).
 * @throws {TypeError} For a cycle where none is allowed, or nesting deeper than MAX_DEPTH.
 */
export function copyPlain<T>(value: T, freeze: boolean, what: string, request = false): T {
  return new Copier(freeze, what, request).copy(value, 0) as T;
}

/**
 * {@linkcode copyPlain} for several values, each at depth 0: what they share
 * (an object, a buffer) their copies share.
 */
export class Copier {
  /** The copy of each object met so far. */
  readonly #copies = new Map<object, unknown>();
  /** The objects being copied: met again, they are a cycle. */
  readonly #inProgress = new Set<object>();
  readonly #freeze: boolean;
  readonly #what: string;
  readonly #request: boolean;

  constructor(freeze: boolean, what: string, request: boolean) {
    this.#freeze = freeze;
    this.#what = what;
    this.#request = request;
  }

  /** A copy of `item`, at `depth`; itself when it is not of a kind that copies. */
  copy(item: unknown, depth: number): unknown {
    if (typeof item !== "object" || item === null) return item;
    const array = Array.isArray(item);
    const prototype = array ? null : Object.getPrototypeOf(item);
    const plain = array || prototype === Object.prototype || prototype === null;
    const request = this.#request;
    const kind = plain || request ? undefined : KINDS.get(prototype);
    if (!plain && kind === undefined) return item;
    const done = this.#copies.get(item);
    if (done !== undefined) {
      if (this.#inProgress.has(item) && !request) {
        throw new TypeError(`Invalid ${this.#what}: it contains a cycle, expected plain data`);
      }
      return done;
    }
    if (depth >= MAX_DEPTH) throw tooDeep(this.#what);
    if (kind !== undefined) return this.#copyBuiltIn(item, kind, depth + 1);
    const result: unknown[] | Record<string, unknown> = array ? [] : {};
    this.#copies.set(item, result);
    this.#inProgress.add(item);
    if (array) this.#copyItems(item as unknown[], result as unknown[], depth);
    else {this.#copyMembers(
        item as Record<string, unknown>,
        result as Record<string, unknown>,
        depth,
      );}
    this.#inProgress.delete(item);
    return this.#freeze ? Object.freeze(result) : result;
  }

  /** Copies an array's items into `result`. */
  #copyItems(list: unknown[], result: unknown[], depth: number): void {
    const length = list.length;
    if (length > MAX_LIST_ITEMS) {
      throw new TypeError(
        `Invalid ${this.#what}: it has a list of ${length} items, expected at most ${MAX_LIST_ITEMS}`,
      );
    }
    for (let i = 0; i < length; i++) {
      // A hole is copied as undefined, never as what a prototype holds at its index.
      result.push(this.copy(Object.hasOwn(list, i) ? list[i] : undefined, depth + 1));
    }
  }

  /** Copies a plain object's own enumerable members into `result`. */
  #copyMembers(record: Record<string, unknown>, result: Record<string, unknown>, depth: number) {
    for (const key of Object.keys(record)) {
      setOwn(result, key, this.copy(record[key], depth + 1));
    }
  }

  /** A copy of `source`, of `kind` by its prototype, or itself when it is not really one. */
  #copyBuiltIn(source: object, kind: Kind, depth: number): unknown {
    const parts = readParts(source, kind);
    if (parts === undefined) return source; // a Proxy, or an object that only inherits from the kind
    if (kind === Map || kind === Set) return this.#copyEntries(source, kind, parts, depth);
    let result: unknown;
    if (READ.has(kind)) {
      result = new kind(parts[0]);
    } else if (kind === ArrayBuffer) {
      result = copyBuffer(source as ArrayBuffer);
    } else {
      // A view, over a copy of its buffer: a SharedArrayBuffer is not copied, nor its views.
      const buffer = this.copy(parts[0], depth);
      if (buffer === parts[0]) return source;
      result = new kind(buffer, parts[1], parts[2]);
    }
    this.#copies.set(source, result);
    return result;
  }

  /** A copy of a Map's entries or a Set's items (`parts`: keys and values in turn). */
  #copyEntries(source: object, kind: Kind, parts: unknown[], depth: number): unknown {
    // Known before its entries are copied, so a cycle is found as in arrays.
    const entries = new kind() as Map<unknown, unknown> & Set<unknown>;
    this.#copies.set(source, entries);
    this.#inProgress.add(source);
    for (let i = 0; i < parts.length; i += 2) {
      const item = this.copy(parts[i], depth);
      if (kind === Map) entries.set(item, this.copy(parts[i + 1], depth));
      else entries.add(item);
    }
    this.#inProgress.delete(source);
    return entries;
  }
}

/**
 * What a copy of `source` (of `kind` by its prototype) is made of, read
 * through this realm's own functions: a Date's time or the params' text; a
 * Map's keys and values in turn (a Set's items twice); a view's buffer,
 * offset and length; nothing for a buffer. `undefined` when `source` is not
 * really of the kind.
 */
function readParts(source: object, kind: Kind): unknown[] | undefined {
  const read = READ.get(kind);
  let parts: unknown[] = [];
  try {
    if (kind === Map || kind === Set) {
      read!.call(source, (value: unknown, key: unknown) => parts.push(key, value));
    } else if (read !== undefined) {
      parts = [read.call(source)];
    } else if (kind === ArrayBuffer) {
      bufferLength.call(source);
    } else {
      const dataView = kind === DataView;
      // A typed array of the kind.
      if (!dataView && viewName.call(source) !== kind.name) return undefined;
      parts = VIEW_PARTS[+dataView].map((part) => part.call(source));
    }
  } catch {
    return undefined; // a Proxy, or an object that only inherits from the kind
  }
  return parts;
}
