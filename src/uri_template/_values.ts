/**
 * Turns caller values into what RFC 6570 expands: a string, a list of strings
 * or a list of name/value pairs (DECISIONS.md rule 8). Shared by both engines,
 * so both accept and reject exactly the same values.
 *
 * @module
 */

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

const EXPECTED_VALUE = "expected a string, number, boolean, bigint, Date, list or plain object";
const EXPECTED_MEMBER = "expected a string, number, boolean, bigint, Date, null or undefined";

/** Describes a value's kind for an error message ("a function", "a list"). */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  switch (typeof value) {
    case "object": {
      const name = Object.getPrototypeOf(value)?.constructor?.name;
      if (value instanceof Date) return "an invalid Date";
      return typeof name === "string" && name !== "Object" ? `an instance of ${name}` : "an object";
    }
    case "undefined":
      return "undefined";
    default:
      return `a ${typeof value}`;
  }
}

function invalid(name: string, detail: string): TypeError {
  return new TypeError(
    `Cannot expand variable ${JSON.stringify(name)}: ${detail}`,
  );
}

/**
 * Converts a scalar to its string, or returns `undefined` for `null` and
 * `undefined`, or `null` when `value` is not a scalar.
 */
export function scalarString(value: unknown): string | undefined | null {
  switch (typeof value) {
    case "string":
      return value;
    case "number":
    case "boolean":
    case "bigint":
      return String(value);
    case "undefined":
      return undefined;
    case "object":
      if (value === null) return undefined;
      if (value instanceof Date && !Number.isNaN(value.getTime())) {
        return value.toISOString();
      }
  }
  return null;
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function member(name: string, value: unknown, where: string): string | undefined {
  const text = scalarString(value);
  if (text === null) {
    throw invalid(name, `${EXPECTED_MEMBER} ${where}, found ${describeValue(value)}`);
  }
  return text;
}

/**
 * Normalizes the value of variable `name` for expansion.
 *
 * @param name The variable name, for error messages.
 * @param value The caller's value.
 * @returns The string, list or pairs to expand; `undefined` when the value is
 * undefined in RFC 6570's sense (including empty lists and maps).
 * @throws {TypeError} When the value cannot be expanded.
 */
export function normalizeValue(name: string, value: unknown): Normalized {
  const text = scalarString(value);
  if (text !== null) return text;
  if (Array.isArray(value)) {
    const list: string[] = [];
    for (let i = 0; i < value.length; i++) {
      const item = member(name, value[i], `as list item ${i}`);
      if (item !== undefined) list.push(item);
    }
    return list.length === 0 ? undefined : list;
  }
  if (typeof value === "object" && value !== null) {
    const flat: string[] = [];
    if (value instanceof Map) {
      for (const [key, item] of value) {
        const keyText = member(name, key, "as a map key");
        const itemText = member(name, item, `for map key ${JSON.stringify(String(keyText))}`);
        if (keyText !== undefined && itemText !== undefined) flat.push(keyText, itemText);
      }
    } else if (isPlainObject(value)) {
      for (const key of Object.keys(value)) {
        const item = member(
          name,
          (value as Record<string, unknown>)[key],
          `for key ${JSON.stringify(key)}`,
        );
        if (item !== undefined) flat.push(key, item);
      }
    } else {
      throw invalid(name, `${EXPECTED_VALUE}, found ${describeValue(value)}`);
    }
    return flat.length === 0 ? undefined : new Pairs(flat);
  }
  throw invalid(name, `${EXPECTED_VALUE}, found ${describeValue(value)}`);
}
