/**
 * The one JSON writer: JSON text of caller data written without calling the
 * caller's code (SECURITY.md): no `toJSON`, `toString`, `valueOf` or
 * `Symbol.toPrimitive`; on plain data it is what `JSON.stringify` writes. The
 * adapters write a body as a client would, through `JSON.stringify`; every
 * value with no JSON text is the same `TypeError`.
 *
 * @module
 */

import { MAX_DEPTH } from "./_copy.ts";
import { quoteValue, typeName } from "./_messages.ts";
import { isPlainObject } from "../_plain_object.ts";
import { MAX_LIST_ITEMS, quote } from "../uri_template/kit.ts";

const EXPECTED = "expected JSON data (plain objects, arrays, strings, numbers, booleans, " +
  "bigints, Dates and null)";
const EXPECTED_CLIENT = "expected data JSON.stringify can write";

/**
 * The one error for a value with no JSON text: what it is (`parameter` named,
 * else the body), then `detail`, what was found and what was expected.
 */
function cannotWrite(parameter: string | undefined, detail: string, cause?: unknown): TypeError {
  const what = parameter === undefined ? "body" : `value for parameter ${quoteValue(parameter)}`;
  return new TypeError(`Invalid ${what}: it cannot be written as JSON, ${detail}`, { cause });
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
 * The JSON text of `value`: own enumerable string keys of plain objects and
 * arrays, strings, finite numbers (others `null`), booleans and `null`, as
 * `JSON.stringify` writes them; a bigint as its decimal digits (a JSON
 * number; `JSON.stringify` throws); a `Date` as its `toISOString()`, read
 * once, as the url writes it (docs/design.md rule 8). A hole or `undefined`
 * is `null` in a list and left out of an object, as in `JSON.stringify`.
 * Each property is read once (rule 22), and no caller code is called.
 *
 * @param parameter The parameter the value is for, named in the message.
 * @returns The text.
 * @throws {TypeError} "Invalid … : it cannot be written as JSON, …", for
 * anything else (a class instance, a Map, a function, a symbol, `undefined`
 * itself, an invalid Date, a cycle, a list longer than `MAX_LIST_ITEMS`
 * items, nesting deeper than `MAX_DEPTH` levels); a throwing `toISOString`
 * is its `cause`.
 */
export function writeJson(value: unknown, parameter: string): string {
  const fail = (detail: string, cause?: unknown) => cannotWrite(parameter, detail, cause);
  const open = new Set<object>();
  const write = (item: unknown, depth: number, where: string): string => {
    switch (typeof item) {
      case "string":
        // No user code: JSON.stringify looks up toJSON on objects and bigints only.
        return JSON.stringify(item);
      case "number":
        return Number.isFinite(item) ? JSON.stringify(item) : "null";
      case "boolean":
        return item ? "true" : "false";
      case "bigint":
        return String(item);
      case "object":
        break;
      default:
        throw fail(`found ${typeName(item)}${where}, ${EXPECTED}`);
    }
    if (item === null) return "null";
    if (item instanceof Date && !Number.isNaN(timeOf(item))) {
      let text: unknown;
      try {
        text = (item as Date).toISOString();
      } catch (error) {
        throw fail(`expected toISOString() to return a string${where}, but it threw`, error);
      }
      if (typeof text !== "string") {
        throw fail(`expected toISOString() to return a string${where}, found ${typeName(text)}`);
      }
      return JSON.stringify(text);
    }
    const list = Array.isArray(item);
    if (!list && !isPlainObject(item)) {
      throw fail(
        `found ${item instanceof Date ? "an invalid Date" : typeName(item)}${where}, ${EXPECTED}`,
      );
    }
    if (open.has(item)) throw fail(`it contains a cycle${where}, ${EXPECTED}`);
    if (depth >= MAX_DEPTH) {
      throw fail(`nested more than ${MAX_DEPTH} levels deep${where}, ${EXPECTED}`);
    }
    open.add(item);
    let text: string;
    if (list) {
      const items = item as unknown[];
      const length = items.length;
      if (length > MAX_LIST_ITEMS) {
        throw fail(`found a list of ${length} items${where}, expected at most ${MAX_LIST_ITEMS}`);
      }
      text = "[";
      for (let i = 0; i < length; i++) {
        // A hole is undefined, never what a prototype holds at its index.
        const member = Object.hasOwn(items, i) ? items[i] : undefined;
        if (i > 0) text += ",";
        text += member === undefined ? "null" : write(member, depth + 1, ` as list item ${i}`);
      }
      text += "]";
    } else {
      const record = item as Record<string, unknown>;
      text = "{";
      for (const key of Object.keys(record)) {
        const member = record[key];
        if (member === undefined) continue;
        if (text.length > 1) text += ",";
        text += JSON.stringify(key) + ":" + write(member, depth + 1, ` for key ${quote(key)}`);
      }
      text += "}";
    }
    open.delete(item);
    return text;
  };
  return write(value, 0, "");
}

/**
 * The JSON text of a body as a client writes it: `JSON.stringify`'s, its
 * `toJSON` called (`toFetch` and `toCurl` stand in for a client, SECURITY.md).
 * Apart from {@linkcode writeJson} so that `./openapi` carries none of it.
 *
 * @throws {TypeError} {@linkcode writeJson}'s error for the body, when
 * `JSON.stringify` throws (its error the `cause`) or writes nothing.
 */
export function clientJson(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    const message = error instanceof Error ? error.message : error;
    throw cannotWrite(
      undefined,
      `JSON.stringify threw ${quoteValue(message)}, ${EXPECTED_CLIENT}`,
      error,
    );
  }
  if (text === undefined) {
    throw cannotWrite(undefined, `found ${typeName(value)}, ${EXPECTED_CLIENT}`);
  }
  return text;
}
