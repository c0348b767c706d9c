/**
 * Object helpers that never let a caller's key reach a prototype and never
 * change a caller's object.
 *
 * @module
 */

import { quote } from "../uri_template/error.ts";

/** Whether `value` is a plain object (its prototype is `Object.prototype` or `null`). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

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

/**
 * Copies plain objects and arrays all the way down, freezing the copies when
 * `freeze`; other objects (class instances, functions) are kept by
 * reference, never frozen.
 */
export function copyPlain<T>(value: T, freeze: boolean): T {
  if (Array.isArray(value)) {
    const copy = value.map((item) => copyPlain(item, freeze));
    return (freeze ? Object.freeze(copy) : copy) as T;
  }
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) setOwn(copy, key, copyPlain(value[key], freeze));
  return (freeze ? Object.freeze(copy) : copy) as T;
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

/** Describes a value's type for an error message. */
export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : typeof value;
}

/** Quotes a string for an error message (bounded), or names a non-string's type. */
export function quoteValue(value: unknown): string {
  if (typeof value !== "string") return typeName(value);
  return quote(value);
}
