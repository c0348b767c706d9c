/**
 * Reading an OpenAPI document safely: own properties only (a description is
 * data from outside), local `$ref`s followed through JSON pointers, and
 * every failure a `TypeError` that says where in the document it is.
 *
 * @module
 */

import { isPlainObject, quoteValue } from "../endpoint/_objects.ts";

/** A parsed document, or a part of one. */
export type Node = Record<string, unknown>;

/** The own property `key` of `node`, else `undefined`. */
export function field(node: Node, key: string): unknown {
  return Object.hasOwn(node, key) ? node[key] : undefined;
}

/** A `TypeError` about the description at `where` (`paths["/pets"].get`). */
export function invalidAt(where: string, detail: string): TypeError {
  return new TypeError(`Invalid OpenAPI description at ${where}: ${detail}`);
}

/** Whether `key` is written `.key` (letters, digits, `_`, `$`, not first a digit). */
function isIdentifier(key: string): boolean {
  if (key === "" || key.length > 64) return false;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    const letter = (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) ||
      code === 0x5f || code === 0x24;
    if (!letter && (i === 0 || code < 0x30 || code > 0x39)) return false;
  }
  return true;
}

/** `where` extended by a property, in JavaScript's notation. */
export function at(where: string, key: string | number): string {
  if (typeof key === "number") return `${where}[${key}]`;
  return isIdentifier(key) ? `${where}.${key}` : `${where}[${quoteValue(key)}]`;
}

/** The array index a pointer token names (`"0"`, `"12"`), else -1. */
function arrayIndex(token: string): number {
  if (token === "" || token.length > 15 || (token.length > 1 && token[0] === "0")) return -1;
  for (let i = 0; i < token.length; i++) {
    const code = token.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return -1;
  }
  return Number(token);
}

/** Decodes one JSON pointer token of a URI fragment (`%7B`, `~1`, `~0`). */
function pointerToken(token: string, ref: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(token);
  } catch {
    throw new TypeError(`Invalid $ref ${quoteValue(ref)}: expected a percent-encoded JSON pointer`);
  }
  return decoded.replaceAll("~1", "/").replaceAll("~0", "~");
}

/**
 * Follows `value`'s `$ref` (and the `$ref`s it leads to) inside `document`
 * until a definition; a value without `$ref` is returned as it is.
 *
 * @throws {TypeError} For a `$ref` to another document, one that leads
 * nowhere, or a chain that loops without reaching a definition.
 */
export function resolve(document: Node, value: unknown, where: string): unknown {
  let seen: Set<string> | undefined;
  let current = value;
  while (isPlainObject(current) && typeof field(current, "$ref") === "string") {
    const ref = current.$ref as string;
    if (!ref.startsWith("#")) {
      throw invalidAt(
        where,
        `$ref ${
          quoteValue(ref)
        } points into another document, expected a reference inside this one ("#/components/...": bundle the description first)`,
      );
    }
    seen ??= new Set();
    if (seen.has(ref)) {
      throw invalidAt(where, `$ref ${quoteValue(ref)} loops without reaching a definition`);
    }
    seen.add(ref);
    let target: unknown = document;
    if (ref !== "#") {
      if (!ref.startsWith("#/")) {
        throw invalidAt(where, `$ref ${quoteValue(ref)} is not a JSON pointer, expected "#/..."`);
      }
      for (const token of ref.slice(2).split("/")) {
        const key = pointerToken(token, ref);
        const index = Array.isArray(target) ? arrayIndex(key) : -1;
        target = index >= 0
          ? (target as unknown[])[index]
          : isPlainObject(target)
          ? field(target, key)
          : undefined;
        if (target === undefined) {
          throw invalidAt(where, `$ref ${quoteValue(ref)} leads to no definition`);
        }
      }
    }
    current = target;
  }
  return current;
}

/**
 * The definition at `value` (after `$ref`s) as an object.
 *
 * @throws {TypeError} When it is not a plain object.
 */
export function object(document: Node, value: unknown, where: string, what: string): Node {
  const resolved = resolve(document, value, where);
  if (!isPlainObject(resolved)) {
    throw invalidAt(where, `expected ${what} (an object), found ${quoteValue(resolved)}`);
  }
  return resolved;
}

/** The own property `key` of `node` as an array, or none. */
export function list(node: Node, key: string, where: string): readonly unknown[] {
  const value = field(node, key);
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    throw invalidAt(at(where, key), `expected an array, found ${quoteValue(value)}`);
  }
  return value;
}
