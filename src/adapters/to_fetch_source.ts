/**
 * `toFetchSource`: request options as the JavaScript source of a `fetch`
 * call, to paste into a script or print (as `routecast --fetch` does).
 *
 * @module
 */

import type { RequestOptions } from "../endpoint/types.ts";
import { quoteValue, typeName } from "../endpoint/kit.ts";
import { isFormData } from "./_body.ts";
import { toFetch } from "./to_fetch.ts";

/**
 * What the escapes of JSON text leave that source should not hold raw:
 * U+2028 and U+2029 (line ends to older parsers and to editors) and `<`
 * (so that no `</script>` or `<!--` ends a `<script>` element the source is
 * pasted into).
 */
const UNSAFE_IN_SOURCE = /[<\u2028\u2029]/g;

function unicodeEscape(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/**
 * `text` as a double-quoted JavaScript string, whole: JSON's escapes (quotes,
 * backslashes, control characters, lone surrogates) and {@linkcode UNSAFE_IN_SOURCE}.
 */
function doubleQuoted(text: string): string {
  return JSON.stringify(text).replace(UNSAFE_IN_SOURCE, unicodeEscape);
}

/**
 * `text` as a single-quoted JavaScript string (for JSON text, which holds
 * double quotes): {@linkcode doubleQuoted}'s escapes, read in pairs so that
 * `\"` becomes `"` and a raw `'` becomes `\'`.
 */
function singleQuoted(text: string): string {
  const inner = doubleQuoted(text).slice(1, -1);
  return `'${
    inner.replace(/\\[\s\S]|'/g, (match) => match === "'" ? "\\'" : match === '\\"' ? '"' : match)
  }'`;
}

/**
 * Turns request options into the source of a `fetch` call that sends exactly
 * what {@linkcode toFetch} gives: `const response = await fetch(url, { method,
 * headers, body });`. Every string is a JavaScript string literal, escaped
 * whole: no url, header or body text can end the literal or the `<script>`
 * element the source is pasted into. A header named `__proto__` is written
 * with a computed key (in an object literal, a `__proto__` key would set the
 * prototype instead); a body `endpoint()` writes as JSON is printed as its
 * JSON text, so its `__proto__` keys are sent too. A string body without a
 * content type is sent as UTF-8 bytes, as `toFetch` does, so that `fetch`
 * adds no content type; bytes that are UTF-8 text are printed as that text
 * encoded; a `FormData` body of text parts is built first as `body`, one
 * `append` a part. `request` (and its signal) is not printed.
 *
 * @param options The result of `endpoint()`.
 * @returns The source, lines joined with `\n`, without a final newline.
 * @throws {TypeError} When `options` are not request options, a body cannot
 * be serialised as JSON, or a body is one that source cannot spell (a
 * `Blob`, bytes that are not UTF-8, a `FormData` file part, `URLSearchParams`
 * or a stream).
 *
 * @example
 * ```ts
 * import { endpoint } from "@routecast/endpoint";
 * import { toFetchSource } from "@routecast/endpoint/cli";
 * import { assertEquals } from "@std/assert";
 *
 * const options = endpoint("POST /markdown", {
 *   text: "</script>",
 *   headers: { "user-agent": "me" },
 * });
 * assertEquals(toFetchSource(options).split("\n"), [
 *   'const response = await fetch("https://api.github.com/markdown", {',
 *   '  method: "POST",',
 *   "  headers: {",
 *   `    "accept": "application/vnd.github.v3+json",`,
 *   '    "user-agent": "me",',
 *   '    "content-type": "application/json; charset=utf-8",',
 *   "  },",
 *   `  body: '{"text":"\\u003c/script>"}',`,
 *   "});",
 * ]);
 * ```
 */
export function toFetchSource(options: RequestOptions): string {
  const [url, init] = toFetch(options);
  const form = isFormData(init.body) ? formSource(init.body) : undefined;
  const lines = form ?? [];
  lines.push(`const response = await fetch(${doubleQuoted(url)}, {`);
  lines.push(`  method: ${doubleQuoted(init.method)},`);
  lines.push("  headers: {");
  for (const [name, value] of Object.entries(init.headers)) {
    const key = name === "__proto__" ? `[${doubleQuoted(name)}]` : doubleQuoted(name);
    lines.push(`    ${key}: ${doubleQuoted(value)},`);
  }
  lines.push("  },");
  const body = form === undefined
    ? bodySource(init.body, typeof options.body !== "string")
    : "body";
  if (body !== undefined) lines.push(`  body: ${body},`);
  lines.push("});");
  return lines.join("\n");
}

/**
 * The lines that build a `FormData` body of text parts as `body`.
 *
 * @throws {TypeError} For a file part: source cannot spell bytes in memory.
 */
function formSource(form: FormData): string[] {
  const lines = ["const body = new FormData();"];
  for (const [name, value] of form) {
    if (typeof value !== "string") {
      throw new TypeError(
        `Cannot print the file part ${
          quoteValue(name)
        } as fetch source: its bytes are in memory, expected text parts only`,
      );
    }
    lines.push(`body.append(${doubleQuoted(name)}, ${doubleQuoted(value)});`);
  }
  return lines;
}

/**
 * The source of the body `toFetch` sends, `sent`, whatever a getter of the
 * options gives on a second read: a string as a literal (single-quoted when
 * `endpoint()` wrote it as JSON, `json`), bytes that are UTF-8 text as that
 * text encoded again.
 *
 * @throws {TypeError} For a body that source cannot spell.
 */
function bodySource(sent: unknown, json: boolean): string | undefined {
  if (sent === undefined) return undefined;
  if (typeof sent === "string") return json ? singleQuoted(sent) : doubleQuoted(sent);
  if (sent instanceof Uint8Array) {
    try {
      const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(sent);
      return `new TextEncoder().encode(${doubleQuoted(text)})`;
    } catch {
      // Bytes that are not UTF-8 text: refused below.
    }
  }
  throw new TypeError(
    `Cannot print a body that is ${
      typeName(sent)
    } as fetch source: expected a string, UTF-8 bytes or a body endpoint() sends as JSON`,
  );
}
