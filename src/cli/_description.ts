/**
 * An OpenAPI description (or a table `routecast openapi` wrote) read for
 * `--openapi FILE` and `routecast openapi FILE`: JSON only, from a file or
 * standard input (`-`), within the input budget. A YAML file is refused
 * with a message that says to convert it: routecast has no runtime
 * dependencies, so no YAML parser (docs/cli.md).
 *
 * @module
 */

import { quote } from "../uri_template/error.ts";
import {
  type CliInput,
  type InputBudget,
  parseJson,
  readFileText,
  readStdinText,
} from "./_input.ts";

/** How the description is called in messages. */
function sourceName(source: string): string {
  return source === "-" ? "standard input" : `file ${quote(source)}`;
}

/** The refusal of a YAML description. */
function yamlRefused(source: string): TypeError {
  return new TypeError(
    `Invalid description in ${
      sourceName(source)
    }: YAML is not read, expected JSON (routecast has no runtime dependencies: convert it to JSON first)`,
  );
}

/** Whether the file name ends with `.yaml` or `.yml`, in any case. */
function hasYamlExtension(source: string): boolean {
  const name = source.toLowerCase();
  return name.endsWith(".yaml") || name.endsWith(".yml");
}

/**
 * Whether `text` (which is not JSON) reads as YAML: its first line that is
 * neither blank nor a comment starts a document (`---`, `%YAML`) or is a
 * `key: value` pair. One pass, no regular expression.
 */
function looksLikeYaml(text: string): boolean {
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end).trim();
    start = end + 1;
    if (line === "" || line.startsWith("#")) continue;
    if (line.startsWith("---") || line.startsWith("%YAML")) return true;
    return !line.startsWith("{") && !line.startsWith("[") && line.includes(":");
  }
  return false;
}

/**
 * The parsed description of `source` (a file name, or `-` for standard
 * input), nested at any depth (compileOpenAPI reads it without recursion).
 *
 * @throws {TypeError} For a YAML file, a source that cannot be read (none on
 * a terminal, too large, not UTF-8) or text that is not JSON.
 */
export function readDescription(source: string, input: CliInput, budget: InputBudget): unknown {
  if (source !== "-" && hasYamlExtension(source)) throw yamlRefused(source);
  const what = sourceName(source);
  const text = source === "-"
    ? readStdinText(input, budget, what)
    : readFileText(input, budget, source, what);
  if (text === undefined) {
    throw new TypeError(
      "Cannot read standard input: expected the description piped or redirected (< file), not a terminal",
    );
  }
  try {
    return parseJson(text, `${what} (an OpenAPI description as JSON)`, true);
  } catch (error) {
    throw looksLikeYaml(text) ? yamlRefused(source) : error;
  }
}
