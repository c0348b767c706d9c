/**
 * The strings of a description (or of an operation table) that reach the
 * request as they are: a body's media type becomes the `content-type`, a
 * header parameter's name a header, a server url the base url. Each is
 * checked before it is used, so that neither a description nor a table can
 * add a header or move the host (docs/design.md rules 10, 20 and 25). Linear
 * scans, no regular expression (rule 16).
 *
 * @module
 */

import { isToken, quoteValue } from "../endpoint/kit.ts";

/** The end of the token that starts at `start` (`start` itself when there is none). */
function tokenEnd(text: string, start: number): number {
  let i = start;
  // One character at a time: the endpoint layer's token check is the one rule (RFC 9110 `tchar`).
  while (i < text.length && isToken(text[i])) i++;
  return i;
}

/** Past the optional spaces and tabs at `start` (RFC 9110 `OWS`). */
function spaceEnd(text: string, start: number): number {
  let i = start;
  while (i < text.length && (text[i] === " " || text[i] === "\t")) i++;
  return i;
}

/** Past the quoted string that starts at `start` (a `"`), or -1 when it is not one. */
function quotedEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code === 0x22) return i + 1;
    if (code === 0x5c) code = text.charCodeAt(++i); // quoted-pair: any visible character
    // qdtext: HTAB, SP, visible ASCII, obs-text (0x80-0xFF); never CR, LF or NUL.
    if (!(code === 0x09 || (code >= 0x20 && code <= 0x7e) || (code >= 0x80 && code <= 0xff))) {
      return -1;
    }
  }
  return -1;
}

/**
 * Whether `text` is a media type as RFC 9110 section 8.3.1 writes one:
 * `type/subtype` tokens, then `; name=value` parameters whose value is a
 * token or a quoted string, spaces and tabs allowed around each `;`. A media
 * type never holds CR, LF or NUL, so as a `content-type` it adds no header.
 */
export function isMediaType(text: string): boolean {
  const slash = tokenEnd(text, 0);
  if (slash === 0 || text[slash] !== "/") return false;
  let i = tokenEnd(text, slash + 1);
  if (i === slash + 1) return false;
  while (i < text.length) {
    i = spaceEnd(text, i);
    if (text[i] !== ";") return false;
    i = spaceEnd(text, i + 1);
    if (i === text.length || text[i] === ";") continue; // an empty parameter
    const equals = tokenEnd(text, i);
    if (equals === i || text[equals] !== "=") return false;
    i = text[equals + 1] === '"' ? quotedEnd(text, equals + 1) : tokenEnd(text, equals + 1);
    if (i <= equals + 1) return false;
  }
  return true;
}

/** What is wrong with a body's media type, for a message; `undefined` when it is one. */
export function mediaTypeProblem(type: string): string | undefined {
  return isMediaType(type)
    ? undefined
    : `media type ${
      quoteValue(type)
    } is not a media type, expected "type/subtype" with optional "; name=value" parameters`;
}

/**
 * What is wrong with a header parameter's name, for a message; `undefined`
 * when it can be sent. `Host` is refused: the host is the base url's, and a
 * parameter must never let a caller's value choose it.
 */
export function headerNameProblem(name: string): string | undefined {
  if (!isToken(name)) {
    return `header parameter ${quoteValue(name)} is not an HTTP token, expected a header name`;
  }
  if (name.length === 4 && name.toLowerCase() === "host") {
    return `header parameter ${
      quoteValue(name)
    } would set the host, which only the base url gives, expected another header name`;
  }
  return undefined;
}

/** Whether `url` starts with a scheme (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`, then `:`). */
export function hasScheme(url: string): boolean {
  for (let i = 0; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (code === 0x3a) return i > 0;
    const letter = (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
    if (!letter && (i === 0 || !((code >= 0x30 && code <= 0x39) || "+-.".includes(url[i])))) {
      return false;
    }
  }
  return false;
}

const EXPECTED_URL = 'expected an absolute URL such as "https://api.example.com"';

/**
 * What keeps a server url's text from being a base url, whether absolute or
 * relative: a control character, a space or `\` (which URL parsers drop or
 * read as `/`), a query or a fragment (rule 20). `undefined` when none.
 */
export function serverTextProblem(url: string): string | undefined {
  for (let i = 0; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f || code === 0x5c) {
      return `${
        quoteValue(url)
      } holds a control character, a space or "\\", expected a URL without them`;
    }
    if (code === 0x3f || code === 0x23) {
      return `${
        quoteValue(url)
      } has a query or fragment, expected a URL without "?" or "#" that a path can follow`;
    }
  }
  return undefined;
}

/**
 * What keeps `url` from being a base url: it must be an absolute `http:` or
 * `https:` URL with a host, no userinfo (`user@`, which would move the host
 * for some parsers and send credentials), no query and no fragment.
 * `undefined` when it can be one.
 */
export function baseUrlProblem(url: string): string | undefined {
  const text = serverTextProblem(url);
  if (text !== undefined) return text;
  const lower = url.slice(0, 8).toLowerCase();
  const start = lower.startsWith("https://") ? 8 : lower.startsWith("http://") ? 7 : 0;
  if (start === 0) {
    return `${quoteValue(url)} is not an http: or https: URL, ${EXPECTED_URL}`;
  }
  const slash = url.indexOf("/", start);
  const authority = url.slice(start, slash < 0 ? url.length : slash);
  if (authority === "") return `${quoteValue(url)} has no host, ${EXPECTED_URL}`;
  if (authority.includes("@")) {
    return `${quoteValue(url)} has userinfo ("user@"), ${EXPECTED_URL}`;
  }
  try {
    new URL(url);
  } catch {
    return `${quoteValue(url)} is not a valid URL, ${EXPECTED_URL}`;
  }
  return undefined;
}

/**
 * A server's url as a base url: an absolute `http:` or `https:` one as it
 * is; a relative one resolved against `base` (routecast has no document
 * location, which the OpenAPI Specification resolves it against), or
 * `undefined` without one (a call then needs a `baseUrl`). compileOpenAPI
 * and the `server` option read servers alike.
 *
 * @throws What `invalid` makes of the problem, for a url that can be no base url.
 */
export function serverBase(
  url: string,
  base: string | undefined,
  invalid: (problem: string) => TypeError,
): string | undefined {
  const absolute = hasScheme(url);
  const problem = absolute ? baseUrlProblem(url) : serverTextProblem(url);
  if (problem !== undefined) throw invalid(problem);
  if (absolute) return url;
  if (base === undefined) return undefined;
  let resolved: string;
  try {
    resolved = new URL(url, base).href;
  } catch {
    resolved = url;
  }
  const against = baseUrlProblem(resolved);
  if (against !== undefined) throw invalid(`resolved against ${quoteValue(base)}, ${against}`);
  return resolved;
}

/** The media type without parameters, lowercased (`application/json; charset=utf-8` → `application/json`). */
export function essence(mediaType: string): string {
  const semicolon = mediaType.indexOf(";");
  return (semicolon < 0 ? mediaType : mediaType.slice(0, semicolon)).trim().toLowerCase();
}

/** Whether a media type is JSON: `application/json` or any `…/…+json`. */
export function isJsonMediaType(mediaType: string): boolean {
  const type = essence(mediaType);
  return type === "application/json" || type.endsWith("+json");
}

/** Whether a media type is a wildcard (`*\/*`, `application/*`). */
export function isWildcard(mediaType: string): boolean {
  return essence(mediaType).endsWith("/*");
}

/**
 * A server url with each `{name}` replaced by `value(name)` (which may
 * throw); an unclosed `{` and what follows it are kept as written.
 */
export function fillUrl(url: string, value: (name: string) => string): string {
  let out = "";
  let copied = 0;
  for (let open = url.indexOf("{"); open >= 0; open = url.indexOf("{", copied)) {
    const close = url.indexOf("}", open);
    if (close < 0) break;
    out += url.slice(copied, open) + value(url.slice(open + 1, close));
    copied = close + 1;
  }
  return copied === 0 ? url : out + url.slice(copied);
}
