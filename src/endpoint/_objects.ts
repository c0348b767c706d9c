/**
 * Object helpers that never let a caller's key reach a prototype, never
 * change a caller's object, and never recurse without bound.
 *
 * @module
 */

import { quote } from "../uri_template/error.ts";
import { MAX_LIST_ITEMS } from "../uri_template/kit.ts";
import { isPlainObject } from "../_plain_object.ts";

/** How deeply copied or merged options may nest; deeper is a `TypeError`, never a stack overflow. */
export const MAX_DEPTH = 64;

export { isPlainObject };

/**
 * Sets an own, enumerable data property, even for keys such as `__proto__`
 * where plain assignment would change the object's prototype instead.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    target[key] = value;
  }
}

/** The value of `key` when it is an own property of `object`, else `undefined`. */
export function own(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

function tooDeep(what: string): TypeError {
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
  return copier(freeze, what, request)(value, 0) as T;
}

/**
 * {@linkcode copyPlain} for several values, each at depth 0: what they share
 * (an object, a buffer) their copies share.
 */
function copier(
  freeze: boolean,
  what: string,
  request: boolean,
): (value: unknown, depth: number) => unknown {
  const copies = new Map<object, unknown>();
  const inProgress = new Set<object>();
  const copy = (item: unknown, depth: number): unknown => {
    if (typeof item !== "object" || item === null) return item;
    const array = Array.isArray(item);
    const prototype = array ? null : Object.getPrototypeOf(item);
    const plain = array || prototype === Object.prototype || prototype === null;
    const kind = plain || request ? undefined : KINDS.get(prototype);
    if (!plain && kind === undefined) return item;
    const done = copies.get(item);
    if (done !== undefined) {
      if (inProgress.has(item) && !request) {
        throw new TypeError(`Invalid ${what}: it contains a cycle, expected plain data`);
      }
      return done;
    }
    if (depth >= MAX_DEPTH) throw tooDeep(what);
    if (kind !== undefined) return copyBuiltIn(item, kind, depth + 1);
    const result: unknown[] | Record<string, unknown> = array ? [] : {};
    copies.set(item, result);
    inProgress.add(item);
    if (array) {
      const list = item as unknown[];
      const length = list.length;
      if (length > MAX_LIST_ITEMS) {
        throw new TypeError(
          `Invalid ${what}: it has a list of ${length} items, expected at most ${MAX_LIST_ITEMS}`,
        );
      }
      for (let i = 0; i < length; i++) {
        // A hole is copied as undefined, never as what a prototype holds at its index.
        (result as unknown[]).push(copy(Object.hasOwn(list, i) ? list[i] : undefined, depth + 1));
      }
    } else {
      const record = item as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        setOwn(result as Record<string, unknown>, key, copy(record[key], depth + 1));
      }
    }
    inProgress.delete(item);
    return freeze ? Object.freeze(result) : result;
  };
  /** A copy of `source`, of `kind` by its prototype, or itself when it is not really one. */
  const copyBuiltIn = (source: object, kind: Kind, depth: number): unknown => {
    const read = READ.get(kind);
    const container = kind === Map || kind === Set;
    // What the copy is made of: a Date's time or the params' text; a Map's keys and values
    // in turn (a Set's items twice); a view's buffer, offset and length.
    let parts: unknown[] = [];
    try {
      if (container) {
        read!.call(source, (value: unknown, key: unknown) => parts.push(key, value));
      } else if (read !== undefined) {
        parts = [read.call(source)];
      } else if (kind === ArrayBuffer) {
        bufferLength.call(source);
      } else {
        const dataView = kind === DataView;
        // A typed array of the kind.
        if (!dataView && viewName.call(source) !== kind.name) return source;
        parts = VIEW_PARTS[+dataView].map((part) => part.call(source));
      }
    } catch {
      return source; // a Proxy, or an object that only inherits from the kind
    }
    let result: unknown;
    if (container) {
      // Known before its entries are copied, so a cycle is found as in arrays.
      const entries = new kind() as Map<unknown, unknown> & Set<unknown>;
      copies.set(source, entries);
      inProgress.add(source);
      for (let i = 0; i < parts.length; i += 2) {
        const item = copy(parts[i], depth);
        if (kind === Map) entries.set(item, copy(parts[i + 1], depth));
        else entries.add(item);
      }
      inProgress.delete(source);
      return entries;
    }
    if (read !== undefined) {
      result = new kind(parts[0]);
    } else if (kind === ArrayBuffer) {
      result = copyBuffer(source as ArrayBuffer);
    } else {
      // A view, over a copy of its buffer: a SharedArrayBuffer is not copied, nor its views.
      const buffer = copy(parts[0], depth);
      if (buffer === parts[0]) return source;
      result = new kind(buffer, parts[1], parts[2]);
    }
    copies.set(source, result);
    return result;
  };
  return copy;
}

/**
 * Merges `value` over `base` deeply where both are plain objects (the
 * reference's `mergeDeep`); anything else in `value` replaces. Neither input
 * changes. With `freeze`, `base` is deep-frozen and shared, and the result is
 * deep-frozen; without, `base`'s plain values are copied thawed. What is
 * copied, and `request`, as in {@linkcode copyPlain}.
 *
 * @throws {TypeError} As {@linkcode copyPlain}.
 */
export function mergeValue(
  base: unknown,
  value: unknown,
  freeze: boolean,
  what: string,
  request = false,
): unknown {
  const merging = new Map<object, unknown>();
  const merge = (from: unknown, over: unknown, depth: number): unknown => {
    if (!isPlainObject(over) || !isPlainObject(from)) {
      return freeze ? copyPlain(over, true, what, request) : over;
    }
    const seen = merging.get(over);
    if (seen !== undefined) return seen;
    if (depth >= MAX_DEPTH) throw tooDeep(what);
    const result: Record<string, unknown> = {};
    merging.set(over, result);
    for (const key of Object.keys(from)) {
      setOwn(result, key, freeze ? from[key] : copyPlain(from[key], false, what, request));
    }
    for (const key of Object.keys(over)) {
      const item = over[key];
      if (item === undefined) continue;
      setOwn(result, key, merge(Object.hasOwn(from, key) ? from[key] : undefined, item, depth + 1));
    }
    return freeze ? Object.freeze(result) : result;
  };
  return merge(base, value, 0);
}

/**
 * What a builder shows as `DEFAULTS` (rule 14): its deep-frozen `store`,
 * with a fresh copy of each value {@linkcode copyPlain} copies but cannot
 * freeze (a Date, Map, buffer...), so no reader can change the copies that
 * the builder's calls read. The plain objects and arrays under which there
 * is none are shared, and so is `store` itself when it holds none. `request`
 * is shown as stored: it holds the caller's own objects.
 */
export function showDefaults<T extends Record<string, unknown>>(store: T): T {
  const shown = new Map<object, unknown>();
  const copy = copier(true, "defaults", false);
  const show = (item: unknown, top: boolean): unknown => {
    if (typeof item !== "object" || item === null) return item;
    let view = shown.get(item);
    if (view === undefined) {
      if (Array.isArray(item) || isPlainObject(item)) {
        const entries: Record<string, unknown> = Array.isArray(item) ? [] as never : {};
        let changed = false;
        for (const key of Object.keys(item)) {
          const value = (item as Record<string, unknown>)[key];
          const entry = top && key === "request" ? value : show(value, false);
          changed ||= entry !== value;
          setOwn(entries, key, entry);
        }
        view = changed ? Object.freeze(entries) : item;
      } else {
        view = copy(item, 0);
      }
      shown.set(item, view);
    }
    return view;
  };
  return show(store, true) as T;
}

/**
 * Wraps `compute`, a pure function of a name (a header or parameter name),
 * with a cache of the names seen lately, since most calls repeat a few: at
 * most 256 names of at most 64 characters, cleared when full, so hostile
 * names can neither grow it nor pin much memory. A name for which `compute`
 * throws is never kept, so it throws every time.
 */
export function memoizeNames(compute: (name: string) => string): (name: string) => string {
  const cache = new Map<string, string>();
  return (name) => {
    if (name.length > 64) return compute(name);
    let value = cache.get(name);
    if (value === undefined) {
      value = compute(name);
      if (cache.size >= 256) cache.clear();
      cache.set(name, value);
    }
    return value;
  };
}

/** Describes a value's type for an error message (`an instance of Foo` for a class instance). */
export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value !== "object") return typeof value;
  if (isPlainObject(value)) return "an object";
  let name: unknown;
  try {
    name = Object.getPrototypeOf(value)?.constructor?.name;
  } catch {
    // A Proxy whose trap throws: describe it without its class.
  }
  if (typeof name !== "string" || name === "") return "an object";
  return `an instance of ${name.length > 64 ? name.slice(0, 64) + "…" : name}`;
}

/** Quotes a string for an error message (bounded), or names a non-string's type. */
export function quoteValue(value: unknown): string {
  if (typeof value !== "string") return typeName(value);
  return quote(value);
}

/**
 * The `TypeError` for a value that is not what was expected, in the house
 * form `Invalid <what> <value quoted>: <expected>`.
 */
export function invalid(what: string, value: unknown, expected: string): TypeError {
  return new TypeError(`Invalid ${what} ${quoteValue(value)}: ${expected}`);
}
