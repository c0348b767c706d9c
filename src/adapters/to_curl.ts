/**
 * `toCurl`: request options as a ready-to-run curl command.
 *
 * @module
 */

import type { RequestOptions } from "../endpoint/types.ts";
import {
  checkRequestOptions,
  headerStrings,
  isBlob,
  isBytes,
  isFormData,
  isSearchParams,
  isStream,
  JSON_CONTENT_TYPE,
  jsonBody,
} from "./_body.ts";
import { checkHeaderValue, headerName, isToken, quoteValue } from "../endpoint/kit.ts";

/**
 * Words made only of these characters are left bare: none of them starts an
 * expansion in sh, bash or zsh, wherever it stands in a word (`=` does at the
 * start of a zsh word, `~` at the start or after `=` or `:`, `#` `^` `!`
 * `{` `*` `?` `[` `$` and backticks elsewhere, so they are not here).
 */
const PLAIN_WORD = /^[A-Za-z0-9_./:@%+,-]+$/;

/** A header value curl would read as empty: it drops the whitespace at its start. */
const BLANK_VALUE = /^[ \t]*$/;

/** Characters that curl reads as a URL glob unless told `--globoff`. */
const GLOB = /[[\]{}]/;

/** Bodies above this size make curl (before 8.x) send `Expect: 100-continue` unless told not to. */
const EXPECT_THRESHOLD = 1024;

/**
 * Quotes `word` for a POSIX shell: as it is when it holds only plain
 * characters, else in single quotes (inside which nothing is special in sh,
 * bash or zsh, `!` included), each `'` written as `'\''`. A line of the word
 * (after LF or CR, which a terminal turns into LF) that starts with `^` is
 * written after `''`, which closes and reopens the quotes: interactive bash
 * reads a line that starts with `^` as a quick substitution (`^old^new`),
 * even inside quotes, and would rewrite the pasted command.
 *
 * @throws {TypeError} For a NUL character, which no command argument can hold.
 */
function shellQuote(word: string, what: string): string {
  if (word.includes("\0")) {
    throw new TypeError(
      `Cannot put the ${what} on a curl command line: it holds a NUL character, expected text without one`,
    );
  }
  if (PLAIN_WORD.test(word)) return word;
  return "'" +
    word.replaceAll("'", "'\\''").replaceAll("\n^", "\n''^").replaceAll("\r^", "\r''^") + "'";
}

/** The body as the text curl sends, or `undefined` for none. */
function bodyText(body: unknown): string | undefined {
  if (body === undefined) return undefined;
  if (typeof body === "string") return body;
  if (isSearchParams(body)) return body.toString();
  if (isBytes(body)) {
    const bytes = body instanceof ArrayBuffer
      ? new Uint8Array(body)
      : new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
    try {
      return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      throw new TypeError(
        "Cannot put a binary body on a curl command line: expected UTF-8 text, write the bytes to a file and use --data-binary @file",
      );
    }
  }
  if (isBlob(body) || isStream(body)) {
    throw new TypeError(
      `Cannot put a ${
        isBlob(body) ? "Blob" : "ReadableStream"
      } body on a curl command line: expected a string, bytes, URLSearchParams, FormData of text or a JSON value`,
    );
  }
  return jsonBody(body);
}

/** A text part that `-F` sends as it is: no file (a leading `@` or `<`), no `;type=` options, no quotes. */
const PLAIN_PART = /^(?![@<])[^;"\\]*$/;

/**
 * The `-F` (or `--form-string`) words of a `FormData` body's text parts.
 *
 * @throws {TypeError} For a file part (its bytes are in memory, and a
 * command line can only name a file), a name curl would cut at `=`, or no
 * part at all (curl would send no body).
 */
function formWords(form: FormData): string[] {
  const words: string[] = [];
  for (const [name, value] of form) {
    if (typeof value !== "string") {
      throw new TypeError(
        `Cannot put the file part ${
          quoteValue(name)
        } on a curl command line: expected text parts (save the file, use -F 'name=@path')`,
      );
    }
    if (name === "" || name.includes("=")) {
      throw new TypeError(
        `Cannot put the part ${
          quoteValue(name)
        } on a curl command line: expected a non-empty name without "="`,
      );
    }
    // --form-string sends the value as it is: curl reads no file and no options in it.
    words.push(
      PLAIN_PART.test(value) ? "-F" : "--form-string",
      shellQuote(`${name}=${value}`, "part"),
    );
  }
  if (words.length === 0) {
    throw new TypeError(
      "Cannot put an empty FormData body on a curl command line: expected a part",
    );
  }
  return words;
}

/**
 * Turns request options into a curl command that sends exactly that
 * request, quoted for a POSIX shell (`sh`, `bash`, `zsh`).
 *
 * - HEAD uses `--head`, not `-X HEAD` (with which curl would wait for a body
 *   that never comes); every other method is `-X METHOD`, uppercase.
 * - One `-H` per header, in order; an empty or whitespace-only value is
 *   written `-H 'name;'`, curl's syntax for an empty header (`name:` would
 *   remove the header, and curl drops the whitespace at the start of a
 *   value, so `name:   ` would too). `fetch` sends such a value empty as well.
 * - Every word holding anything but letters, digits and `_./:@%+,-` is
 *   single-quoted, so no shell expands it (`=ls`, `~`, `{a,b}`, globs, `$`,
 *   `!`, `#`, `^`).
 * - The body goes in `--data-binary` (sent byte for byte), or `--data-raw`
 *   when it starts with `@` (which `--data-binary` would read as a file
 *   name). JSON bodies are serialised as `toFetch` does; bytes must be
 *   UTF-8 text; `URLSearchParams` are sent as their string.
 * - A `FormData` body of text parts is one `-F 'name=value'` a part, or
 *   `--form-string` when curl would read more in the value (a file for a
 *   leading `@` or `<`, options after `;`, quotes): curl writes the
 *   multipart type with its boundary. A file part is refused: its bytes
 *   are in memory, and a command line can only name a file.
 * - curl's own additions are turned off where the options say otherwise:
 *   `-H 'content-type:'` for a body without a content type (curl would send
 *   a form type), `-H 'accept:'` and `-H 'user-agent:'` when the options
 *   have none, `-H 'expect:'` for bodies over 1 KiB, and `--globoff` when
 *   the URL holds `[`, `]`, `{` or `}`.
 * - A `URLSearchParams` body with the JSON content type `endpoint()` adds,
 *   or none, gets the form content type instead, as `fetch` would send.
 *
 * @param options The result of `endpoint()`.
 * @returns The command, on one line.
 * @throws {TypeError} When `options` are not request options (a string
 * `method` and `url`, `headers` an object when present), for a method or
 * header name that is not an HTTP token or a header value with CR, LF or NUL
 * (curl would send them as given), or for a body that cannot go on a command line (a
 * `Blob`, a `FormData` file part or part name with `=`, a `ReadableStream`,
 * bytes that are not UTF-8, a NUL character) or cannot be serialised as JSON.
 *
 * @example
 * ```ts
 * import { endpoint, toCurl } from "@routecast/endpoint";
 * import { assertEquals } from "@std/assert";
 *
 * const command = toCurl(endpoint("POST /repos/{owner}/{repo}/issues", {
 *   owner: "octocat",
 *   repo: "hello",
 *   title: "It's broken",
 *   headers: { "user-agent": "my-app" },
 * }));
 * assertEquals(
 *   command,
 *   "curl -X POST https://api.github.com/repos/octocat/hello/issues" +
 *     " -H 'accept: application/vnd.github.v3+json' -H 'user-agent: my-app'" +
 *     " -H 'content-type: application/json; charset=utf-8'" +
 *     ` --data-binary '{"title":"It'\\''s broken"}'`,
 * );
 * ```
 */
export function toCurl(options: RequestOptions): string {
  checkRequestOptions(options, "toCurl");
  // curl sends its method and headers as given, line breaks included (fetch
  // refuses them): options changed after endpoint() are checked as rule 10 does.
  if (!isToken(options.method)) {
    throw new TypeError(
      `Invalid method ${
        quoteValue(options.method)
      } for toCurl(): expected an HTTP method such as "GET" or "POST"`,
    );
  }
  const method = options.method.toUpperCase();
  const words = ["curl"];
  if (method === "HEAD") words.push("--head");
  else words.push("-X", shellQuote(method, "method"));
  if (GLOB.test(options.url)) words.push("--globoff");
  words.push(shellQuote(options.url, "URL"));

  const headers = headerStrings(options);
  const form = isFormData(options.body) ? formWords(options.body) : undefined;
  const body = form === undefined ? bodyText(options.body) : undefined;
  // fetch sends such a body with the form type when the options give none or endpoint()'s JSON one.
  if (
    isSearchParams(options.body) &&
    (headers["content-type"] === JSON_CONTENT_TYPE || headers["content-type"] === undefined)
  ) {
    headers["content-type"] = "application/x-www-form-urlencoded;charset=UTF-8";
  }
  // curl writes the multipart type with its boundary, as fetch does.
  if (form !== undefined && headers["content-type"] === JSON_CONTENT_TYPE) {
    delete headers["content-type"];
  }
  for (const [name, value] of Object.entries(headers)) {
    headerName(name); // rule 10's check of the name: an HTTP token
    checkHeaderValue(name, value);
    words.push(
      "-H",
      shellQuote(
        BLANK_VALUE.test(value) ? `${name};` : `${name}: ${value}`,
        `header ${quoteValue(name)}`,
      ),
    );
  }
  const removed: string[] = [];
  if (headers["accept"] === undefined) removed.push("accept");
  if (headers["user-agent"] === undefined) removed.push("user-agent");
  if (body !== undefined && headers["content-type"] === undefined) removed.push("content-type");
  // A multipart body's size depends on curl's boundary: never let it wait for 100-continue.
  if (
    headers["expect"] === undefined &&
    (form !== undefined ||
      body !== undefined && new TextEncoder().encode(body).length > EXPECT_THRESHOLD)
  ) {
    removed.push("expect");
  }
  for (const name of removed) words.push("-H", `'${name}:'`);
  if (body !== undefined) {
    words.push(body.startsWith("@") ? "--data-raw" : "--data-binary", shellQuote(body, "body"));
  }
  if (form !== undefined) words.push(...form);
  return words.join(" ");
}
