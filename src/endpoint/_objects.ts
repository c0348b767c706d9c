/**
 * Object helpers that never let a caller's key reach a prototype, never
 * change a caller's object, and never recurse without bound.
 *
 * @module
 */

import { quote } from "../uri_template/error.ts";
import { MAX_LIST_ITEMS } from "../uri_template/_values.ts";
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

/**
 * Copies plain objects and arrays all the way down, freezing the copies when
 * `freeze`; other objects (class instances, functions) are kept by
 * reference, never frozen. A cycle is kept as a cycle of the copies when
 * `cycles` (for `request`, which holds the caller's own objects), else it is
 * a `TypeError` (a parameter or header must be data that can be sent).
 *
 * @param what Names the option in error messages (`defaults`, `request`).
 * @throws {TypeError} For a cycle where none is allowed, or nesting deeper than MAX_DEPTH.
 */
export function copyPlain<T>(value: T, freeze: boolean, what: string, cycles = false): T {
  const copies = new Map<object, unknown>();
  const inProgress = new Set<object>();
  const copy = (item: unknown, depth: number): unknown => {
    const array = Array.isArray(item);
    if (!array && !isPlainObject(item)) return item;
    const source = item as object;
    const done = copies.get(source);
    if (done !== undefined) {
      if (inProgress.has(source) && !cycles) {
        throw new TypeError(`Invalid ${what}: it contains a cycle, expected plain data`);
      }
      return done;
    }
    if (depth >= MAX_DEPTH) throw tooDeep(what);
    const result: unknown[] | Record<string, unknown> = array ? [] : {};
    copies.set(source, result);
    inProgress.add(source);
    if (array) {
      const list = source as unknown[];
      const length = list.length;
      if (length > MAX_LIST_ITEMS) {
        throw new TypeError(
          `Invalid ${what}: it has a list of ${length} items, expected at most ${MAX_LIST_ITEMS}`,
        );
      }
      for (let i = 0; i < length; i++) {
        (result as unknown[]).push(copy(list[i], depth + 1));
      }
    } else {
      const record = source as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        setOwn(result as Record<string, unknown>, key, copy(record[key], depth + 1));
      }
    }
    inProgress.delete(source);
    return freeze ? Object.freeze(result) : result;
  };
  return copy(value, 0) as T;
}

/**
 * Merges `value` over `base` deeply where both are plain objects (the
 * reference's `mergeDeep`); anything else in `value` replaces. Neither input
 * changes. With `freeze`, `base` is deep-frozen and shared, and the result is
 * deep-frozen; without, `base`'s plain values are copied thawed.
 *
 * @throws {TypeError} As {@linkcode copyPlain}.
 */
export function mergeValue(
  base: unknown,
  value: unknown,
  freeze: boolean,
  what: string,
  cycles = false,
): unknown {
  const merging = new Map<object, unknown>();
  const merge = (from: unknown, over: unknown, depth: number): unknown => {
    if (!isPlainObject(over) || !isPlainObject(from)) {
      return freeze ? copyPlain(over, true, what, cycles) : over;
    }
    const seen = merging.get(over);
    if (seen !== undefined) return seen;
    if (depth >= MAX_DEPTH) throw tooDeep(what);
    const result: Record<string, unknown> = {};
    merging.set(over, result);
    for (const key of Object.keys(from)) {
      setOwn(result, key, freeze ? from[key] : copyPlain(from[key], false, what, true));
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
