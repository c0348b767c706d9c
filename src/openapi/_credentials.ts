/**
 * Credentials (docs/design.md rule 26): the description's security schemes
 * and requirements, read into the table (never a credential), the caller's
 * `credentials` checked and written once per builder, and each operation's
 * requirement resolved once per plan into the headers, query pair and
 * cookie it sends.
 *
 * @module
 */

import { encodeText } from "../uri_template/kit.ts";
import {
  encodeQuery,
  isPlainObject,
  isToken,
  listed,
  quoteValue,
  setOwn,
  typeName,
} from "../endpoint/kit.ts";
import {
  field,
  invalidAt,
  type Node,
  object,
  type Place,
  place,
  type Resolver,
  topPlace,
} from "./_refs.ts";

/**
 * A security scheme as the table records it (OpenAPI's Security Scheme
 * Object, what a request needs of it), or what is wrong with it.
 *
 * @example
 * ```ts
 * import type { SchemeDeclaration } from "@routecast/endpoint/openapi";
 *
 * const key: SchemeDeclaration = { type: "apiKey", in: "query", name: "app_key" };
 * ```
 */
export interface SchemeDeclaration {
  /** The scheme's type, as the description gives it. */
  readonly type?: "apiKey" | "http" | "oauth2" | "openIdConnect" | "mutualTLS";
  /** Where an apiKey goes. */
  readonly in?: "header" | "query" | "cookie";
  /** An apiKey's header, query or cookie name. */
  readonly name?: string;
  /** An `http` scheme's name, as the description spells it (`bearer`, `basic`, `Digest`). */
  readonly scheme?: string;
  /** What is wrong with the scheme in the description (a credential for it is refused). */
  readonly error?: string;
}

/**
 * Security requirements: alternatives, each the names of the schemes it needs together.
 *
 * @example
 * ```ts
 * import type { SecurityDeclaration } from "@routecast/endpoint/openapi";
 *
 * // A bearer token, or else an app key and a secret together.
 * const security: SecurityDeclaration = [["token"], ["appKey", "appSecret"]];
 * ```
 */
export type SecurityDeclaration = readonly (readonly string[])[];

/**
 * The scheme a table records for a Security Scheme Object: its own fields,
 * as the table keeps them.
 *
 * @returns The declaration, or the problem (a string) when the builder cannot send it.
 */
export function schemeOf(scheme: Node): SchemeDeclaration | string {
  const type = field(scheme, "type");
  const name = field(scheme, "name");
  const location = field(scheme, "in");
  const http = field(scheme, "scheme");
  if (type === "apiKey") {
    if (location !== "header" && location !== "query" && location !== "cookie") {
      return `apiKey in ${quoteValue(location)}, expected "header", "query" or "cookie"`;
    }
    if (typeof name !== "string" || (location === "header" ? !isToken(name) : name === "")) {
      return `apiKey name ${quoteValue(name)}, expected a ${location} name`;
    }
    // The host is the base url's alone, as for header parameters (docs/design.md rule 25).
    if (location === "header" && name.length === 4 && name.toLowerCase() === "host") {
      return `apiKey name ${quoteValue(name)} would set the host, expected another header name`;
    }
    return { type, in: location, name };
  }
  if (type === "http") {
    if (typeof http !== "string" || !isToken(http)) {
      return `http scheme ${quoteValue(http)}, expected an authentication scheme name`;
    }
    return { type, scheme: http };
  }
  if (type === "oauth2" || type === "openIdConnect" || type === "mutualTLS") return { type };
  return `type ${
    quoteValue(type)
  }, expected "apiKey", "http", "oauth2", "openIdConnect" or "mutualTLS"`;
}

/**
 * The alternatives of a `security` list: each requirement's scheme names;
 * one that names a scheme the builder cannot send (`known` says which it
 * can) can never be satisfied, and an empty one (`{}`, optional) is never
 * the one applied, so both are left out.
 *
 * @returns The alternatives, or the problem (a string).
 */
export function securityOf(
  value: unknown,
  known: (name: string) => boolean,
): string[][] | string {
  if (!Array.isArray(value)) return `expected an array of requirements, found ${quoteValue(value)}`;
  const alternatives: string[][] = [];
  for (const requirement of value) {
    if (!isPlainObject(requirement)) {
      return `expected security requirements (objects), found ${quoteValue(requirement)}`;
    }
    const names = Object.keys(requirement);
    if (names.length > 0 && names.every(known)) alternatives.push(names);
  }
  return alternatives;
}

/** What a description says about security, in the table's form. */
export interface DescriptionSecurity {
  /** Its schemes by name, `undefined` for none. */
  readonly schemes: Record<string, SchemeDeclaration> | undefined;
  /** Its own requirements (`undefined`: none), or what is wrong with them. */
  readonly security: string[][] | TypeError | undefined;
  /** An operation's own requirements, or `undefined` when they are the description's. */
  own(value: unknown, where: Place): string[][] | undefined;
}

/**
 * Reads a description's `components.securitySchemes` and `security`: a
 * scheme that cannot be sent is recorded with its problem; requirements
 * are checked when an operation uses them.
 */
export function descriptionSecurity(refs: Resolver, document: Node): DescriptionSecurity {
  const components = field(document, "components");
  const map = isPlainObject(components) ? field(components, "securitySchemes") : undefined;
  let schemes: Record<string, SchemeDeclaration> | undefined;
  const sendable = new Set<string>();
  if (isPlainObject(map)) {
    schemes = {};
    const at = place(topPlace("components"), "securitySchemes");
    for (const name of Object.keys(map)) {
      let scheme: SchemeDeclaration | string;
      try {
        scheme = schemeOf(object(refs, map[name], place(at, name), "a security scheme").node);
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        scheme = error.message;
      }
      if (typeof scheme !== "string") sendable.add(name);
      setOwn(schemes, name, typeof scheme === "string" ? { error: scheme } : scheme);
    }
  }
  const known = (name: string) => sendable.has(name);
  const read = (value: unknown, where: Place) => {
    const alternatives = securityOf(value, known);
    if (typeof alternatives === "string") throw invalidAt(where, alternatives);
    return alternatives;
  };
  const given = field(document, "security");
  let security: string[][] | TypeError | undefined;
  try {
    security = given === undefined ? undefined : read(given, topPlace("security"));
  } catch (error) {
    security = error as TypeError;
  }
  const text = Array.isArray(security) ? JSON.stringify(security) : undefined;
  return {
    schemes,
    security,
    own(value, where) {
      if (value === undefined) {
        if (security instanceof TypeError) throw security;
        return undefined;
      }
      const alternatives = read(value, where);
      // The description's own, written once in the table.
      return JSON.stringify(alternatives) === text ? undefined : alternatives;
    },
  };
}

/** A credential as it goes on the wire: a header, a query pair or a cookie pair. */
type Written = readonly [where: "header" | "query" | "cookie", name: string, text: string];

/** The credentials a builder was given, written, by scheme name. */
export type Credentials = ReadonlyMap<string, Written>;

/** What an operation's satisfied requirement sends. */
export interface Applied {
  /** Headers (lowercased names), under the defaults' and the call's. */
  readonly headers: Record<string, string>;
  /** Query pairs, by the name a declared query parameter may give instead. */
  readonly query: (readonly [name: string, pair: string])[];
  /** Cookie pairs, after the cookie parameters. */
  cookie: string;
}

/** A credential string, checked as a header value is (rule 10): the message never shows it. */
function text(name: string, value: unknown): string {
  const at = typeof value === "string" ? value.search(/[\0\n\r]/) : -2;
  if (at === -1) return value as string;
  throw new TypeError(
    `Invalid credential for ${quoteValue(name)}: ${
      at < 0
        ? `found ${typeName(value)}, expected a string`
        : `it contains CR, LF or NUL at index ${at}, expected a single-line value`
    }`,
  );
}

/** Base64 of the UTF-8 bytes of `text` (RFC 7617's basic credentials). */
function base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Whether a scheme takes `{ username, password }`: `http` `basic`, in any case (RFC 7235). */
export function isBasicScheme(scheme: SchemeDeclaration): boolean {
  return scheme.type === "http" && scheme.scheme!.toLowerCase() === "basic";
}

/** One credential, checked against its scheme and written as it goes on the wire. */
function write(key: string, scheme: SchemeDeclaration, value: unknown): Written {
  const http = scheme.type === "http" ? scheme.scheme!.toLowerCase() : "";
  if (isBasicScheme(scheme)) {
    if (
      !isPlainObject(value) || Object.keys(value).length !== 2 ||
      !Object.hasOwn(value, "username") || !Object.hasOwn(value, "password")
    ) {
      throw new TypeError(
        `Invalid credential for ${quoteValue(key)}: found ${
          typeName(value)
        }, expected { username, password } for http basic`,
      );
    }
    const user = text(key, value.username);
    if (user.includes(":")) {
      throw new TypeError(
        `Invalid credential for ${
          quoteValue(key)
        }: its username contains ":", expected none (RFC 7617)`,
      );
    }
    return ["header", "authorization", "Basic " + base64(user + ":" + text(key, value.password))];
  }
  const token = text(key, value);
  if (scheme.type === "apiKey") {
    const name = scheme.name!;
    return scheme.in === "header"
      ? ["header", name.toLowerCase(), token]
      : scheme.in === "query"
      ? ["query", name, encodeQuery(name, false, true) + "=" + encodeQuery(token, false)]
      : ["cookie", name, encodeText(name, false) + "=" + encodeText(token, false)];
  }
  if (scheme.type === "mutualTLS") {
    throw new TypeError(
      `Invalid credential for ${
        quoteValue(key)
      }: a mutualTLS scheme, expected the client's TLS certificate, not a credential`,
    );
  }
  // bearer, another http scheme as spelled, oauth2 and openIdConnect (a bearer token).
  return [
    "header",
    "authorization",
    (http === "" || http === "bearer" ? "Bearer" : scheme.scheme) + " " + token,
  ];
}

/** At most this many scheme names in a message (rule 15: under 1 KB). */
const NAMES_SHOWN = 5;

/**
 * The caller's `credentials`, checked and written once: keyed by the
 * description's scheme names, a string each, `{ username, password }` for
 * http basic; `undefined` and `null` values are none. Own keys only, each
 * value read once; the caller's object is not kept.
 *
 * @throws {TypeError} For credentials that are not an object, a name the
 * description does not define, or a value of the wrong shape (never shown).
 */
export function readCredentials(
  given: unknown,
  schemes: ReadonlyMap<string, SchemeDeclaration>,
): Credentials | undefined {
  if (given === undefined) return undefined;
  if (!isPlainObject(given)) {
    throw new TypeError(
      `Invalid credentials: found ${
        typeName(given)
      }, expected an object keyed by security scheme names`,
    );
  }
  const credentials = new Map<string, Written>();
  for (const key of Object.keys(given)) {
    const scheme = schemes.get(key);
    if (scheme === undefined) {
      const names = [...schemes.keys()];
      throw new TypeError(
        `Invalid credentials: ${quoteValue(key)} is not a security scheme of the description, ${
          names.length === 0 ? "which defines none" : `expected ${listed(names, NAMES_SHOWN)}`
        }`,
      );
    }
    const error = scheme.error;
    if (error !== undefined) {
      throw new TypeError(
        `Invalid credentials: the description's scheme ${quoteValue(key)} cannot be sent (${
          quoteValue(error)
        })`,
      );
    }
    const value = given[key];
    if (value !== undefined && value !== null) credentials.set(key, write(key, scheme, value));
  }
  return credentials;
}

/**
 * What the first alternative whose every scheme has a credential sends,
 * all of its schemes (rule 26); `undefined` when none is satisfied.
 */
export function applied(
  credentials: Credentials,
  security: SecurityDeclaration,
): Applied | undefined {
  for (const alternative of security) {
    if (alternative.length === 0 || !alternative.every((name) => credentials.has(name))) continue;
    const out: Applied = { headers: {}, query: [], cookie: "" };
    for (const name of alternative) {
      const [where, key, written] = credentials.get(name)!;
      if (where === "header") setOwn(out.headers, key, written);
      else if (where === "query") out.query.push([key, written]);
      else out.cookie += (out.cookie === "" ? "" : "; ") + written;
    }
    return out;
  }
  return undefined;
}
