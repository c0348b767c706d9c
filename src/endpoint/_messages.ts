/**
 * The parts of error messages: a value quoted (bounded) or its type named,
 * and the house form `Invalid <what> <value>: <expected>`.
 *
 * @module
 */

import { quote } from "../uri_template/error.ts";
import { isPlainObject } from "../_plain_object.ts";

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

/**
 * The quoted names of a list for a message, `"a", "b" or "c"`: at most
 * `most` of them and about 480 characters, then how many more there are.
 */
export function listed(names: readonly string[], most = names.length): string {
  let out = "";
  for (let i = 0; i < names.length; i++) {
    const next = (i === 0 ? "" : i === names.length - 1 ? " or " : ", ") + quoteValue(names[i]);
    if (i === most || out.length + next.length > 480) return `${out} or ${names.length - i} more`;
    out += next;
  }
  return out;
}
