/**
 * The one test for plain objects, shared by the template values and the
 * endpoint options.
 *
 * @module
 */

/** Whether `value` is a plain object (its prototype is `Object.prototype` or `null`). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
