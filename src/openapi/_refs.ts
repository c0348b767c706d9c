/**
 * Reading an OpenAPI document safely: own properties only (a description is
 * data from outside), local `$ref`s followed through JSON pointers once per
 * compile, and every failure a `TypeError` that says where in the document
 * it is, in a bounded message however deep or wide the document.
 *
 * @module
 */

import { isPlainObject, quoteValue } from "../endpoint/kit.ts";
import { MAX_LIST_ITEMS } from "../uri_template/kit.ts";

/** A parsed document, or a part of one. */
export type Node = Record<string, unknown>;

/** The own property `key` of `node`, else `undefined`. */
export function field(node: Node, key: string): unknown {
  return Object.hasOwn(node, key) ? node[key] : undefined;
}

/**
 * The own property `key` of `node` when it is `true` or `false`, else
 * `undefined` when it is absent.
 *
 * @throws {TypeError} Made by `invalid`, for any other value.
 */
export function optionalBoolean(
  node: Node,
  key: string,
  invalid: (key: string, detail: string) => TypeError,
): boolean | undefined {
  const value = field(node, key);
  if (value !== undefined && typeof value !== "boolean") {
    throw invalid(key, `expected true or false, found ${quoteValue(value)}`);
  }
  return value;
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

/** A message shows at most this many characters of a place: its start, `…`, its end. */
const MAX_PLACE = 320;
const HEAD = 120;
const TAIL = 180;

/**
 * Where a value is in the document (`paths["/pets"].get.parameters[0]`), as
 * a chain of keys: extending it costs the same at any depth, and its text is
 * made only for a message, bounded.
 */
export interface Place {
  readonly up: Place | undefined;
  readonly key: string | number;
}

/** The place of `key` at the top of the document (`paths`, `servers`). */
export function topPlace(key: string): Place {
  return { up: undefined, key };
}

/** The place of `key` inside `up`. */
export function place(up: Place, key: string | number): Place {
  return { up, key };
}

/** One key of a place as written: `.get`, `[0]`, `["/pets"]`, or `paths` first. */
function stepText(step: Place): string {
  const key = step.key;
  if (typeof key === "number") return `[${key}]`;
  if (!isIdentifier(key)) return `[${quoteValue(key)}]`;
  return step.up === undefined ? key : `.${key}`;
}

/** Drops a lone low surrogate at the start of `text` (left by a cut in the middle of a pair). */
function wholeStart(text: string): string {
  const code = text.charCodeAt(0);
  return code >= 0xdc00 && code <= 0xdfff ? text.slice(1) : text;
}

/** Drops a lone high surrogate at the end of `text`. */
function wholeEnd(text: string): string {
  const code = text.charCodeAt(text.length - 1);
  return code >= 0xd800 && code <= 0xdbff ? text.slice(0, -1) : text;
}

/**
 * The text of a place: whole when short, else its first and last parts
 * around `…`, so that a message stays within 1 KB however deep the place.
 */
export function placeText(where: Place): string {
  const steps: string[] = [];
  let size = 0;
  for (let step: Place | undefined = where; step !== undefined; step = step.up) {
    const text = stepText(step);
    steps.push(text);
    size += text.length;
  }
  steps.reverse();
  if (size <= MAX_PLACE) return steps.join("");
  let head = "";
  for (let i = 0; head.length < HEAD; i++) head += steps[i];
  let tail = "";
  for (let i = steps.length - 1; tail.length < TAIL; i--) tail = steps[i] + tail;
  return wholeEnd(head.slice(0, HEAD)) + "…" + wholeStart(tail.slice(-TAIL));
}

/** A `TypeError` about the description at `where` (`paths["/pets"].get`). */
export function invalidAt(where: string | Place, detail: string): TypeError {
  const text = typeof where === "string" ? where : placeText(where);
  return new TypeError(`Invalid OpenAPI description at ${text}: ${detail}`);
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

/** Decodes one JSON pointer token of a URI fragment (`%7B`, `~1`, `~0`), or `undefined`. */
function pointerToken(token: string): string | undefined {
  if (!token.includes("%") && !token.includes("~")) return token; // most tokens: nothing to decode
  let decoded: string;
  try {
    decoded = decodeURIComponent(token);
  } catch {
    return undefined;
  }
  return decoded.replaceAll("~1", "/").replaceAll("~0", "~");
}

/** A definition, and where it is in the document. */
export interface Found {
  readonly value: unknown;
  readonly place: Place;
}

/** What a `$ref` leads to: its definition, or what is wrong with it (a string). */
type Target = Found | string;

/**
 * Follows `$ref`s inside one document. Each `$ref` text is followed once:
 * parameters that all point at the head of a long chain cost one walk of the
 * chain, not one each (rule 16).
 */
export class Resolver {
  readonly document: Node;
  readonly #targets = new Map<string, Target>();

  constructor(document: Node) {
    this.document = document;
  }

  /**
   * The definition at `value` (after its `$ref`s) and where it is: a
   * definition reached through a `$ref` is placed where it is written.
   *
   * @throws {TypeError} For a `$ref` to another document, one that leads
   * nowhere, or a chain that loops without reaching a definition.
   */
  resolve(value: unknown, where: Place): Found {
    const ref = isPlainObject(value) ? field(value, "$ref") : undefined;
    if (typeof ref !== "string") return { value, place: where };
    const target = this.#targets.get(ref) ?? this.#follow(ref);
    if (typeof target === "string") throw invalidAt(where, target);
    return target;
  }

  /** Follows the chain that starts at `first`, and records where each `$ref` of it leads. */
  #follow(first: string): Target {
    const chain: string[] = [];
    const inChain = new Set<string>();
    let ref = first;
    let target: Target;
    for (;;) {
      chain.push(ref);
      inChain.add(ref);
      target = this.#pointer(ref);
      if (typeof target === "string") break;
      const next = isPlainObject(target.value) ? field(target.value, "$ref") : undefined;
      if (typeof next !== "string") break;
      const known = this.#targets.get(next);
      if (known !== undefined) {
        target = known;
        break;
      }
      if (inChain.has(next)) {
        target = `$ref ${quoteValue(next)} loops without reaching a definition`;
        break;
      }
      ref = next;
    }
    for (const each of chain) this.#targets.set(each, target);
    return target;
  }

  /** The value one `$ref`'s JSON pointer names, without following a `$ref` found there. */
  #pointer(ref: string): Target {
    if (!ref.startsWith("#")) {
      return `$ref ${
        quoteValue(ref)
      } points into another document, expected a reference inside this one ("#/components/...": bundle the description first)`;
    }
    if (ref === "#") return { value: this.document, place: topPlace("#") };
    if (!ref.startsWith("#/")) {
      return `$ref ${quoteValue(ref)} is not a JSON pointer, expected "#/..."`;
    }
    let value: unknown = this.document;
    let where: Place | undefined;
    for (const token of ref.slice(2).split("/")) {
      const key = pointerToken(token);
      if (key === undefined) {
        return `$ref ${quoteValue(ref)} is not a percent-encoded JSON pointer, expected "#/..."`;
      }
      const index = Array.isArray(value) ? arrayIndex(key) : -1;
      value = index >= 0
        ? (Object.hasOwn(value as unknown[], index) ? (value as unknown[])[index] : undefined)
        : isPlainObject(value)
        ? field(value, key)
        : undefined;
      if (value === undefined) {
        return `$ref ${quoteValue(ref)} leads to no definition`;
      }
      where = where === undefined ? topPlace(key) : place(where, index >= 0 ? index : key);
    }
    return { value, place: where! };
  }
}

/** An object of the document, and where it is. */
export interface FoundObject {
  readonly node: Node;
  readonly place: Place;
  /** Reached through a `$ref`: other places may lead to it too. */
  readonly shared: boolean;
}

/**
 * The definition at `value` (after `$ref`s) as an object.
 *
 * @throws {TypeError} When it is not a plain object, or a `$ref` fails.
 */
export function object(
  refs: Resolver,
  value: unknown,
  where: Place,
  what: string,
): FoundObject {
  // Most objects are written where they are used: one check, no $ref to follow.
  if (isPlainObject(value) && typeof field(value, "$ref") !== "string") {
    return { node: value, place: where, shared: false };
  }
  const found = refs.resolve(value, where);
  if (!isPlainObject(found.value)) {
    throw invalidAt(where, `expected ${what} (an object), found ${quoteValue(found.value)}`);
  }
  return { node: found.value, place: found.place, shared: found.place !== where };
}

/**
 * The own items of an array at `where`, a hole read as `undefined` (never
 * through the prototype).
 *
 * @throws {TypeError} For more than 2^20 items (a sparse array's length costs no memory).
 */
export function items(array: readonly unknown[], where: Place): unknown[] {
  if (array.length > MAX_LIST_ITEMS) {
    throw invalidAt(
      where,
      `expected an array of at most ${MAX_LIST_ITEMS} items, found ${array.length}`,
    );
  }
  const out: unknown[] = [];
  for (let i = 0; i < array.length; i++) out.push(Object.hasOwn(array, i) ? array[i] : undefined);
  return out;
}

/** The own property `key` of `node` as an array of its own items, or none. */
export function list(node: Node, key: string, where: Place): unknown[] {
  const value = field(node, key);
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    throw invalidAt(place(where, key), `expected an array, found ${quoteValue(value)}`);
  }
  return items(value, place(where, key));
}
