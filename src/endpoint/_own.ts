/**
 * Own-property helpers: a caller's key never reaches a prototype, and what
 * a prototype holds is never read as the caller's (docs/design.md rule 14).
 *
 * @module
 */

import { isPlainObject } from "../_plain_object.ts";

export { isPlainObject };

/**
 * Defines an own, enumerable, writable data property: never through a
 * setter, not even one a polluted `Object.prototype` holds for `key`.
 */
export function defineOwn(target: object, key: PropertyKey, value: unknown): void {
  Object.defineProperty(target, key, {
    __proto__: null, // a polluted Object.prototype.get or .set is never read (docs/design.md rule 14)
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  } as PropertyDescriptor);
}

/**
 * Sets an own, enumerable data property, even for keys such as `__proto__`
 * where plain assignment would change the object's prototype instead.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") defineOwn(target, key, value);
  else target[key] = value;
}

/**
 * The value of `key` when it is an own property of `object`, else
 * `undefined`: for `list[i]` of a sparse array the call fills by index, a
 * hole is undefined, never what `Object.prototype` holds at that index
 * (docs/design.md rule 14).
 */
export function own(object: object, key: string | number): unknown {
  return Object.hasOwn(object, key) ? (object as Record<string | number, unknown>)[key] : undefined;
}
