/**
 * What the command reads besides its arguments (files named by items and
 * options, and standard input for `--raw`, `-` or `@-`): within one budget
 * of 64 MiB per run, as UTF-8 text, and as JSON no deeper than an item may
 * nest.
 *
 * @module
 */

import { MAX_DEPTH } from "../endpoint/kit.ts";
import { clip, quote } from "../uri_template/error.ts";
import { oneLine } from "./_result.ts";
import { runtimeReadFile } from "./_runtime.ts";

/**
 * What the command reads besides its arguments: files named by `name=@file`
 * and `name:=@file` items, `--openapi` and `--credential`, standard input
 * for `--raw`, `--openapi -` and `--credential NAME=@-`, and environment
 * variables for `--credential NAME=env:VARIABLE`. It reads at most
 * 64 MiB (67,108,864 bytes) of them in all; each reader is told how much of
 * that is left (`maxBytes`) and need not read more than `maxBytes + 1`
 * bytes: more than `maxBytes` is an error whatever the rest.
 *
 * @example
 * ```ts
 * import { type CliInput, runCli } from "@routecast/endpoint/cli";
 * import { assertEquals } from "@std/assert";
 *
 * const input: CliInput = { readStdin: () => new TextEncoder().encode("# Hi") };
 * const result = runCli(["--raw", "POST", "/markdown/raw", "Content-Type:text/plain"], input);
 * assertEquals(JSON.parse(result.stdout).body, "# Hi");
 * ```
 */
export interface CliInput {
  /**
   * Standard input, for `--raw`: all of it, or its first `maxBytes + 1`
   * bytes; `undefined` when there is none to read (as when it is a terminal).
   *
   * @default {() => undefined}
   */
  readonly readStdin?: (maxBytes: number) => Uint8Array | undefined;
  /**
   * The content of a file, for `name=@file` and `name:=@file` items: all of
   * it, or its first `maxBytes + 1` bytes.
   *
   * @default {the runtime's file system (`Deno.openSync`, or `node:fs`), reading no further}
   */
  readonly readFile?: (path: string, maxBytes: number) => Uint8Array;
  /**
   * The value of an environment variable, for `--credential NAME=env:VARIABLE`;
   * `undefined` when it is not set.
   *
   * @default {the runtime's environment (`Deno.env`, or `process.env`)}
   */
  readonly readEnv?: (name: string) => string | undefined;
}

/** The most the command reads of files and standard input, in all. */
const MAX_INPUT_BYTES = 64 * 1024 * 1024;
/** {@linkcode MAX_INPUT_BYTES} as the help and messages write it. */
export const MAX_INPUT_TEXT = "64 MiB (67108864 bytes)";

/** What is left of the input limit, shared by the files and standard input of one run. */
export class InputBudget {
  left = MAX_INPUT_BYTES;

  /**
   * Counts `bytes` against the limit.
   *
   * @throws {TypeError} Past the limit, naming `what`.
   */
  take(bytes: Uint8Array, what: string): Uint8Array {
    if (bytes.length > this.left) {
      throw new TypeError(
        `Cannot read ${what}: too large, expected at most ${MAX_INPUT_TEXT} of files and standard input in all`,
      );
    }
    this.left -= bytes.length;
    return bytes;
  }
}

/** A file, standard input or variable that could not be read, with the runtime's reason (bounded). */
export function cannotRead(what: string, error: unknown): TypeError {
  return new TypeError(`Cannot read ${what}: ${clip(oneLine((error as Error).message))}`);
}

function decodeUtf8(bytes: Uint8Array, what: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new TypeError(`Invalid ${what}: expected UTF-8 text`);
  }
}

/**
 * Standard input, unread: `undefined` when there is none (a terminal).
 * Errors of the reader pass through.
 */
export function stdinBytes(input: CliInput, budget: InputBudget): Uint8Array | undefined {
  return (input.readStdin ?? (() => undefined))(budget.left);
}

/**
 * `bytes` (read as `what`) counted against the budget, as UTF-8 text.
 *
 * @throws {TypeError} Past the budget, or for bytes that are not UTF-8.
 */
export function textOf(bytes: Uint8Array, what: string, budget: InputBudget): string {
  return decodeUtf8(budget.take(bytes, what), what);
}

/**
 * Reads the file `path` (named as `what` in messages) within the budget, as
 * UTF-8 text.
 *
 * @throws {TypeError} When it cannot be read, is too large or is not UTF-8.
 */
export function readFileText(
  input: CliInput,
  budget: InputBudget,
  path: string,
  what: string,
): string {
  let bytes: Uint8Array;
  try {
    bytes = (input.readFile ?? runtimeReadFile)(path, budget.left);
  } catch (error) {
    throw cannotRead(what, error);
  }
  return textOf(bytes, what, budget);
}

/**
 * Reads standard input (named as `what`) within the budget, as UTF-8 text;
 * `undefined` when there is none.
 *
 * @throws {TypeError} When it cannot be read, is too large or is not UTF-8.
 */
export function readStdinText(
  input: CliInput,
  budget: InputBudget,
  what: string,
): string | undefined {
  let bytes: Uint8Array | undefined;
  try {
    bytes = stdinBytes(input, budget);
  } catch (error) {
    throw cannotRead(what, error);
  }
  return bytes === undefined ? undefined : textOf(bytes, what, budget);
}

/**
 * Whether the JSON `text` nests lists and objects more than `max` levels
 * deep: one pass over the brackets outside strings, so that no deeper value
 * reaches code that recurses (printing it, copying it).
 */
function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "[" || char === "{") {
      if (++depth > max) return true;
    } else if (char === "]" || char === "}") depth--;
  }
  return false;
}

/**
 * `text` parsed as JSON. An item is refused past MAX_DEPTH levels, since
 * printing and copying it recurse; a description (`deep: true`) is not: the
 * parser and compileOpenAPI read it without recursion, at any depth.
 *
 * @throws {TypeError} Naming `what`, for text that is not JSON or nests too deep.
 */
export function parseJson(text: string, what: string, deep = false): unknown {
  if (!deep && nestedDeeperThan(text, MAX_DEPTH)) {
    throw new TypeError(
      `Invalid JSON in ${what}: nested more than ${MAX_DEPTH} levels deep, expected at most ${MAX_DEPTH}`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new TypeError(`Invalid JSON in ${what}: ${clip(oneLine((error as Error).message))}`);
  }
}

/** How a file named by an item is called in messages. */
export function fileOfItem(path: string, item: string): string {
  return `file ${quote(path)} of item ${quote(item)}`;
}
