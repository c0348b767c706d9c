/**
 * Turns caller values into what RFC 6570 expands: a string, a list of strings
 * or a list of name/value pairs (docs/design.md rule 8). The facade normalizes
 * each variable once per expansion, before either engine runs, so both
 * engines see the same values and every getter, Proxy trap and
 * `toISOString` is consulted once.
 *
 * @module
 */

import { clip, quote } from "./error.ts";
import { isPlainObject } from "../_plain_object.ts";

/** An associative array, flattened as `[name, value, name, value, ...]`. */
export class Pairs {
  /** Names and values, alternating; only defined members. */
  readonly flat: string[];
  /** @param flat Names and values, alternating. */
  constructor(flat: string[]) {
    this.flat = flat;
  }
}

/** A value ready to expand; `undefined` means the variable is undefined. */
export type Normalized = string | string[] | Pairs | undefined;

const EXPECTED = "expected a string, number, boolean, bigint, Date, ";

/**
 * The longest list read, item by item: a sparse array's `length` costs no
 * memory, so without a bound `a.length = 2 ** 32 - 1` would cost minutes.
 */
export const MAX_LIST_ITEMS = 2 ** 20;

/** Describes a value's kind for an error message ("a function", "a list"). */
function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value !== "object") {
    return typeof value === "undefined" ? "undefined" : `a ${typeof value}`;
  }
  if (value instanceof Date) return "an invalid Date";
  const name = Object.getPrototypeOf(value)?.constructor?.name;
  return typeof name === "string" && name !== "Object"
    ? `an instance of ${clip(name)}`
    : "an object";
}

function invalid(name: string, detail: string, cause?: unknown): TypeError {
  return new TypeError(`Cannot expand variable ${quote(name)}: ${detail}`, { cause });
}

/** `Date.prototype.getTime` on a real Date; NaN for an invalid one or any other object. */
function timeOf(value: object): number {
  try {
    return Date.prototype.getTime.call(value);
  } catch {
    return NaN;
  }
}

/**
 * A scalar's string; `undefined` for `null` and `undefined`; `null` when the
 * value is not a scalar. `where` places a member in messages.
 */
function scalarString(name: string, value: unknown, where: string): string | undefined | null {
  switch (typeof value) {
    case "string":
      return value;
    case "number":
    case "boolean":
    case "bigint":
      return String(value);
    case "undefined":
      return undefined;
    case "object": {
      if (value === null) return undefined;
      // A brand check: a Proxy or an object that only inherits from Date is not a Date.
      if (!(value instanceof Date) || Number.isNaN(timeOf(value))) return null;
      let text: unknown;
      try {
        text = (value as Date).toISOString();
      } catch (error) {
        throw invalid(
          name,
          `expected toISOString() to return a string${where}, but it threw`,
          error,
        );
      }
      if (typeof text === "string") return text;
      throw invalid(
        name,
        `expected toISOString() to return a string${where}, found ${describeValue(text)}`,
      );
    }
  }
  return null;
}

function member(name: string, value: unknown, where: string): string | undefined {
  const text = scalarString(name, value, where);
  if (text === null) {
    throw invalid(name, `${EXPECTED}null or undefined${where}, found ${describeValue(value)}`);
  }
  return text;
}

/**
 * The items of `list`, each read once and a hole read as `undefined` (never
 * what a prototype holds at its index), for writers that take a list whole.
 *
 * @throws {TypeError} Naming the variable, for a list longer than MAX_LIST_ITEMS.
 */
export function listItems(name: string, list: readonly unknown[]): unknown[] {
  const length = list.length;
  if (length > MAX_LIST_ITEMS) {
    throw invalid(name, `expected a list of at most ${MAX_LIST_ITEMS} items, found ${length}`);
  }
  const items: unknown[] = [];
  for (let i = 0; i < length; i++) items.push(Object.hasOwn(list, i) ? list[i] : undefined);
  return items;
}

/**
 * Normalizes the value of variable `name` for expansion, reading it once:
 * a list's length and each item once, an object's keys and each value once.
 *
 * @param name The variable name, for error messages.
 * @param value The caller's value.
 * @returns The string, list or pairs to expand; `undefined` when the value is
 * undefined in RFC 6570's sense (including empty lists and maps).
 * @throws {TypeError} When the value cannot be expanded.
 */
export function normalizeValue(name: string, value: unknown): Normalized {
  const text = scalarString(name, value, "");
  if (text !== null) return text;
  if (Array.isArray(value)) {
    const list: string[] = [];
    const length = value.length;
    if (length > MAX_LIST_ITEMS) {
      throw invalid(name, `expected a list of at most ${MAX_LIST_ITEMS} items, found ${length}`);
    }
    for (let i = 0; i < length; i++) {
      // A hole is undefined, never what a prototype holds at its index (docs/design.md rule 8).
      const item = member(
        name,
        Object.hasOwn(value, i) ? value[i] : undefined,
        ` as list item ${i}`,
      );
      if (item !== undefined) list.push(item);
    }
    return list.length === 0 ? undefined : list;
  }
  const flat: string[] = [];
  if (value instanceof Map) {
    for (const [key, item] of value) {
      const keyText = member(name, key, " as a map key");
      const itemText = member(name, item, ` for map key ${quote(String(keyText))}`);
      if (keyText !== undefined && itemText !== undefined) flat.push(keyText, itemText);
    }
  } else {
    if (!isPlainObject(value)) {
      throw invalid(name, `${EXPECTED}list or plain object, found ${describeValue(value)}`);
    }
    for (const key of Object.keys(value)) {
      const item = member(name, value[key], ` for key ${quote(key)}`);
      if (item !== undefined) flat.push(key, item);
    }
  }
  return flat.length === 0 ? undefined : new Pairs(flat);
}
