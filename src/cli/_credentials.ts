/**
 * `--credential NAME=@FILE | NAME=@- | NAME=env:VARIABLE | NAME=VALUE`: the
 * `credentials` option of `fromOpenAPI`, keyed by security scheme name
 * (docs/design.md rules 26 and 27). A credential is never quoted in a
 * message: only its scheme's name and where it came from are.
 *
 * @module
 */

import { setOwn } from "../endpoint/kit.ts";
import { quote } from "../uri_template/error.ts";
import { isBasicScheme, type SchemeDeclaration } from "../openapi/kit.ts";
import {
  cannotRead,
  type CliInput,
  type InputBudget,
  readFileText,
  readStdinText,
} from "./_input.ts";
import { runtimeReadEnv } from "./_runtime.ts";

/** Where one credential comes from. */
export interface CredentialSource {
  readonly from: "file" | "stdin" | "env" | "value";
  /** The file name, the variable's name, or the credential itself. */
  readonly value: string;
}

const EXPECTED = "expected NAME=@FILE, NAME=@-, NAME=env:VARIABLE or NAME=VALUE";

/**
 * The `--credential` arguments by scheme name, a later one for the same
 * name over an earlier one.
 *
 * @throws {TypeError} For an argument without a name before `=` (not
 * quoted: it may be the secret itself), or `env:` without a variable name.
 */
export function credentialSources(args: readonly string[]): Map<string, CredentialSource> {
  const sources = new Map<string, CredentialSource>();
  for (const arg of args) {
    const equals = arg.indexOf("=");
    if (equals < 1) {
      throw new TypeError(`Invalid --credential: ${EXPECTED}, with a security scheme's name`);
    }
    const name = arg.slice(0, equals);
    const given = arg.slice(equals + 1);
    let source: CredentialSource;
    if (given === "@-") source = { from: "stdin", value: "" };
    else if (given.startsWith("@")) source = { from: "file", value: given.slice(1) };
    else if (given.startsWith("env:")) source = { from: "env", value: given.slice(4) };
    else source = { from: "value", value: given };
    if (source.from === "env" && source.value === "") {
      throw new TypeError(
        `Invalid --credential ${quote(arg)}: expected a variable name after "env:"`,
      );
    }
    sources.set(name, source);
  }
  return sources;
}

/**
 * The names of the schemes that take `{ username, password }`, as
 * `fromOpenAPI` reads the description's (`components.securitySchemes`,
 * Swagger 2.0's `securityDefinitions`, `$ref`s followed) or a table's.
 */
export function basicSchemes(schemes: ReadonlyMap<string, SchemeDeclaration>): Set<string> {
  const names = new Set<string>();
  for (const [name, scheme] of schemes) if (isBasicScheme(scheme)) names.add(name);
  return names;
}

/** How a source is named in messages. */
function originOf(source: CredentialSource): string {
  switch (source.from) {
    case "file":
      return `file ${quote(source.value)}`;
    case "stdin":
      return "standard input";
    case "env":
      return `environment variable ${quote(source.value)}`;
    case "value":
      return "the argument list";
  }
}

/**
 * The text of one credential, read from its source; a file or standard
 * input loses one final newline (`\n` or `\r\n`), as `$(cat file)` would.
 *
 * @throws {TypeError} When the source cannot be read, is missing or empty.
 */
function credentialText(
  name: string,
  source: CredentialSource,
  input: CliInput,
  budget: InputBudget,
): string {
  const what = `${originOf(source)} for credential ${quote(name)}`;
  let text: string | undefined;
  if (source.from === "value") return source.value;
  if (source.from === "env") {
    try {
      text = (input.readEnv ?? runtimeReadEnv)(source.value);
    } catch (error) {
      throw cannotRead(what, error);
    }
    if (text === undefined) {
      throw new TypeError(
        `Missing ${what}: expected the variable set to the credential`,
      );
    }
    return text;
  }
  text = source.from === "file"
    ? readFileText(input, budget, source.value, what)
    : readStdinText(input, budget, what);
  if (text === undefined) {
    throw new TypeError(
      `Cannot read ${what}: expected it piped or redirected (< file), not a terminal`,
    );
  }
  if (text.endsWith("\r\n")) return text.slice(0, -2);
  return text.endsWith("\n") ? text.slice(0, -1) : text;
}

/** Whether `text` holds CR, LF or NUL. */
function hasLineBreak(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0d || code === 0x0a || code === 0) return true;
  }
  return false;
}

/**
 * The `credentials` option: each source read, as a string, or as
 * `{ username, password }` for a scheme in `basic` (split at the first
 * `:` of `USER:PASSWORD`).
 *
 * @throws {TypeError} For a source that cannot be read, a credential that
 * is empty, holds CR, LF or NUL, or is no `USER:PASSWORD` for a basic
 * scheme; the credential itself is never quoted.
 */
export function readCredentials(
  sources: ReadonlyMap<string, CredentialSource>,
  basic: ReadonlySet<string>,
  input: CliInput,
  budget: InputBudget,
): Record<string, unknown> {
  const credentials: Record<string, unknown> = {};
  for (const [name, source] of sources) {
    const text = credentialText(name, source, input, budget);
    const invalid = `Invalid credential ${quote(name)} from ${originOf(source)}`;
    if (text === "") throw new TypeError(`${invalid}: it is empty, expected a value`);
    if (hasLineBreak(text)) {
      // Only a file or standard input loses its final newline (docs/cli.md, Credentials).
      const removed = source.from === "file" || source.from === "stdin";
      throw new TypeError(
        `${invalid}: it contains CR, LF or NUL, expected one line${
          removed ? " (one final newline is removed)" : ""
        }`,
      );
    }
    if (!basic.has(name)) {
      setOwn(credentials, name, text);
      continue;
    }
    const colon = text.indexOf(":");
    if (colon === -1) {
      throw new TypeError(`${invalid}: expected USER:PASSWORD for a basic scheme`);
    }
    setOwn(credentials, name, { username: text.slice(0, colon), password: text.slice(colon + 1) });
  }
  return credentials;
}
