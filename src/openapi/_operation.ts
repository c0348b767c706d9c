/**
 * Declared operations (docs/design.md rule 25): the plan an operation's
 * declarations give a route in the one build path: a url template whose
 * RFC 6570 operators write the path parameters in their styles, and writers
 * for the query, header and cookie parameters and the body.
 *
 * @module
 */

import { BoundedCache } from "../_cache.ts";
import {
  type DeclaredOperations,
  encodeQuery,
  isNamedOption,
  openApiQuery,
  type OperationPlan,
  own,
  type QueryWriter,
  quoteValue,
  valuesOverDefaults,
} from "../endpoint/kit.ts";
import { escapeText, isVarname } from "../uri_template/kit.ts";
import type {
  BodyDeclaration,
  OperationDeclaration,
  Operations,
  ParameterDeclaration,
  ParameterLocation,
  ParameterStyle,
} from "./_declarations.ts";
import { applied, type Credentials, type SecurityDeclaration } from "./_credentials.ts";
import { strictKeys, unknownOperation } from "./_strict.ts";
import { STYLES } from "./_table.ts";
import { multipartBody, takeMultipart } from "./_multipart.ts";
import { fillUrl } from "./_wire.ts";
import {
  type DeclaredValue,
  formBody,
  type FormEncoding,
  joinItems,
  jsonText,
  writeParameters,
} from "./_values.ts";

/** RFC 6570 operators for the path styles. */
const PATH_OPERATOR: Partial<Record<ParameterStyle, string>> = {
  simple: "",
  label: ".",
  matrix: ";",
};

/**
 * A declaration's own field `key`, never one inherited: a table may be
 * hand-made, and Object.prototype polluted (docs/design.md rule 14).
 */
const read = own as <D extends object, K extends keyof D & string>(
  declaration: D,
  key: K,
) => D[K] | undefined;

/** A parameter as compiled: its own fields, with the defaults of its location and style. */
interface Parameter {
  readonly in: ParameterLocation;
  readonly name: string;
  readonly style: ParameterStyle;
  readonly explode: boolean;
  readonly allowReserved: boolean;
  readonly json: boolean;
  readonly separator: string | undefined;
}

/** A parameter declaration, read through its own fields only. */
function readParameter(declaration: ParameterDeclaration): Parameter {
  const location = read(declaration, "in")!;
  const style = read(declaration, "style") ?? STYLES[location][0];
  return {
    in: location,
    name: read(declaration, "name")!,
    style,
    explode: read(declaration, "explode") ?? style === "form",
    allowReserved: read(declaration, "allowReserved") === true,
    json: read(declaration, "json") === true,
    separator: read(declaration, "separator"),
  };
}

/** The longest text of a table that a message shows: a message stays under 1 KB (rule 15). */
const MAX_SHOWN = 1000;

/**
 * The query writer of a declared query parameter or form property: the
 * OpenAPI Specification's style tables; where it defines nothing, as
 * swagger-client writes it (a deepObject list repeats the name or joins with
 * commas, a pipe- or space-delimited object is written as `form` would).
 */
function queryStyle(style: ParameterStyle, explode: boolean, reserved: boolean): QueryWriter {
  return openApiQuery(style, explode, reserved).write;
}

function invalidDeclaration(route: string, detail: string): TypeError {
  return new TypeError(`Invalid operation ${quoteValue(route)}: ${detail}`);
}

/**
 * The url template of an operation's path: each `{name}` written with its
 * parameter's style (`{id}`, `{id*}`, `{.id}`, `{;id*}`); a name no
 * parameter declares is `{name}`. The names written are added to `named`.
 *
 * @throws {TypeError} For a path parameter in a style a path cannot have,
 * or a name RFC 6570 cannot write.
 */
function pathTemplate(
  route: string,
  path: string,
  declared: ReadonlyMap<string, Parameter>,
  named: Set<string>,
): string {
  // A lone "{" is copied as it is: the template parser reports it.
  return fillUrl(path, (name) => {
    // RFC 6570's name with `-` (rule 18), and no `%XX`: a name is the caller's key as written.
    if (!isVarname(name, true) || name.includes("%")) {
      throw invalidDeclaration(
        route,
        `path parameter ${
          quoteValue(name)
        } cannot be a URI template variable, expected letters, digits, "_", "-" and "."`,
      );
    }
    named.add(name);
    const parameter = declared.get(name);
    const style = parameter?.style ?? "simple";
    const operator = PATH_OPERATOR[style];
    if (operator === undefined) {
      throw invalidDeclaration(
        route,
        `path parameter ${
          quoteValue(name)
        } has style ${style}, expected "simple", "label" or "matrix"`,
      );
    }
    const explode = parameter !== undefined && parameter.explode && !parameter.json;
    return "{" + operator + name + (explode ? "*" : "") + "}";
  });
}

/** The named options an operation declares as its parameters or body fields. */
function shadowedNames(operation: OperationDeclaration): ReadonlySet<string> {
  const names = new Set<string>();
  for (const parameter of read(operation, "parameters") ?? []) {
    const name = read(parameter, "name")!;
    if (isNamedOption(name)) names.add(name);
  }
  const body = read(operation, "body");
  for (const field of (body && read(body, "fields")) ?? []) {
    if (isNamedOption(field)) names.add(field);
  }
  return names;
}

/** How a form body's properties are written, by their encoding (own fields only). */
function formEncoding(
  declared: BodyDeclaration["encoding"],
): ReadonlyMap<string, FormEncoding> | undefined {
  if (declared === undefined) return undefined;
  const encoding = new Map<string, FormEncoding>();
  for (const property of Object.keys(declared)) {
    const entry = declared[property];
    const style = read(entry, "style");
    const explode = read(entry, "explode");
    const reserved = read(entry, "allowReserved");
    const separator = read(entry, "separator");
    // A style, explode or allowReserved wins over a content type (OpenAPI's Encoding Object).
    if (style === undefined && explode === undefined && reserved === undefined) {
      if (read(entry, "json") === true) encoding.set(property, "json");
      continue;
    }
    const effective = style ?? "form";
    const writer = queryStyle(effective, explode ?? effective === "form", reserved === true);
    encoding.set(
      property,
      separator === undefined
        ? writer
        : (name, value) => writer(name, joinItems(name, value, separator) ?? value),
    );
  }
  return encoding;
}

/** An operation's declared parameters, ready to write, and how to find them by name. */
interface Declared {
  /** The query, header and cookie parameters, then the path's that the path does not name. */
  readonly values: DeclaredValue[];
  readonly byName: Map<string, number[]>;
  /** The path parameters, by name. */
  readonly path: Map<string, Parameter>;
}

/** Adds `value` to `declared`, found by its name. */
function declare(declared: Declared, value: DeclaredValue): void {
  const at = declared.values.push(value) - 1;
  const indexes = declared.byName.get(value.name);
  if (indexes === undefined) declared.byName.set(value.name, [at]);
  else indexes.push(at);
}

/** The operation's parameters, in order: the path's apart, the others ready to write. */
function declaredParameters(operation: OperationDeclaration): Declared {
  const declared: Declared = { values: [], byName: new Map(), path: new Map() };
  for (const declaration of read(operation, "parameters") ?? []) {
    const parameter = readParameter(declaration);
    const { name, style, explode, allowReserved: reserved, json, separator } = parameter;
    if (parameter.in === "path") {
      declared.path.set(name, parameter);
      continue;
    }
    declare(declared, {
      name,
      in: parameter.in,
      query: queryStyle(style, explode, reserved),
      prefix: encodeQuery(name, reserved, true) + "=",
      reserved,
      explode,
      json,
      separator,
    });
  }
  return declared;
}

/** A path parameter the path does not name is declared all the same: never sent elsewhere. */
function declareUnnamedPath(declared: Declared, named: ReadonlySet<string>): void {
  for (const name of declared.path.keys()) {
    if (named.has(name)) continue;
    declare(declared, {
      name,
      in: "path",
      query: queryStyle("form", true, false),
      prefix: "",
      reserved: false,
      explode: false,
      json: false,
      separator: undefined,
    });
  }
}

/**
 * How parameters become the body: a form string by its encoding, an error
 * when only `data` can be the body, else `undefined` (a JSON object of them).
 */
function bodyWriter(body: BodyDeclaration | undefined): OperationPlan["body"] {
  const kind = body && read(body, "kind");
  const carrier = body && read(body, "parameter");
  if (carrier !== undefined) {
    // Swagger 2.0's body parameter: its value is the body (docs/design.md rule 27).
    return (members) => own(members, carrier);
  } else if (kind === "form") {
    const encoding = formEncoding(read(body!, "encoding"));
    return (members) => formBody(members, encoding);
  } else if (kind === "data") {
    const type = read(body!, "type")!;
    return (members, caller) => {
      throw new TypeError(
        `Invalid parameter ${quoteValue(Object.keys(members)[0])} for ${
          quoteValue(caller)
        }: the operation's body is ${quoteValue(type)}, expected the body as data`,
      );
    };
  }
  return undefined;
}

/**
 * The url values of path parameters with JSON `content` as their JSON
 * text, and of those with a separator as their items joined; `undefined`
 * for none.
 */
function jsonPathValues(path: ReadonlyMap<string, Parameter>): OperationPlan["pathValues"] {
  for (const parameter of path.values()) {
    if (!parameter.json && parameter.separator === undefined) continue;
    return (raw, plan) => {
      const names = plan.url.names;
      for (let i = 0; i < names.length; i++) {
        // `raw` is filled by index: a hole is undefined, never what a prototype holds.
        const value = own(raw, i) ?? plan.urlDefaults[i];
        const declared = path.get(names[i]);
        if (value === undefined || declared === undefined) continue;
        if (declared.json) raw[i] = jsonText(names[i], value);
        else if (declared.separator !== undefined) {
          raw[i] = joinItems(names[i], value, declared.separator);
        }
      }
    };
  }
  return undefined;
}

/**
 * Compiles an operation's declarations for a plan: a recorded error is
 * thrown (bounded), then its parameters, url template and body are planned.
 *
 * @param route `"<METHOD> <path>"` as the caller wrote it, for messages.
 * @param path The path as the description names it.
 * @param upper The method, upper-case.
 * @param settings The builder's: its credentials and the description's
 * requirements (the operation's satisfied requirement is resolved here,
 * once per plan), strictness and servers (rule 26).
 * @throws {TypeError} For a declaration the builder cannot write.
 */
function compileOperation(
  route: string,
  path: string,
  operation: OperationDeclaration,
  upper: string,
  settings: OperationSettings,
): OperationPlan {
  const error = read(operation, "error");
  if (error !== undefined) throw new TypeError(escapeText(error, MAX_SHOWN));
  const declared = declaredParameters(operation);
  const named = new Set<string>();
  const template = pathTemplate(route, path, declared.path, named);
  declareUnnamedPath(declared, named);
  const parameters = declared.values;
  const names = parameters.map((parameter) => parameter.name);
  const shadowed = shadowedNames(operation);
  const body = read(operation, "body");
  const type = body && read(body, "type");
  const kind = body && read(body, "kind");
  const { credentials, security } = settings;
  const sent = credentials && applied(credentials, read(operation, "security") ?? security ?? []);
  // A credential's query pair, unless the call gives a declared query parameter of its name.
  const pairs = sent?.query.map(([name, pair]) =>
    [pair, (declared.byName.get(name) ?? []).filter((i) => parameters[i].in === "query")] as const
  );
  const key = upper + " " + path;
  const check = settings.strict ? strictKeys(route, upper, operation) : undefined;
  const plan: OperationPlan = {
    template,
    server: settings.servers?.has(key) ? settings.servers.get(key) : read(operation, "server"),
    names,
    byName: declared.byName,
    shadowed: shadowed.size === 0 ? undefined : shadowed,
    pathValues: jsonPathValues(declared.path),
    headers: sent && Object.keys(sent.headers).length > 0 ? sent.headers : undefined,
    write(values, plan, headers) {
      check?.(plan);
      const given = plan.declaredDefaults.length === 0
        ? values
        : valuesOverDefaults(plan.declaredDefaults, values, names);
      let query = writeParameters(parameters, given, headers, sent?.cookie);
      for (const [pair, at] of pairs ?? []) {
        if (at.some((i) => Object.hasOwn(given, i) && given[i] != null)) continue;
        query = query === "" ? pair : query + "&" + pair;
      }
      return query;
    },
    // fetch writes a multipart body's content type with its boundary: set none.
    contentType: kind === "data" && type!.toLowerCase().startsWith("multipart/") ? "" : type,
    body: bodyWriter(body),
  };
  const multipart = body && read(body, "multipart");
  return multipart === undefined && kind !== "multipart"
    ? plan
    : multipartPlan(plan, multipartBody(multipart), kind === "multipart");
}

/**
 * `plan` for an operation that lists `multipart/form-data`: a call whose
 * `content-type` names it (removed, so that the client writes the boundary),
 * or every call when it is the operation's body (`always`), gets a
 * `FormData` body and no content type (docs/design.md rule 26). `write()`
 * runs before the body in every build of the plan, with no caller code
 * between: it notes the call's choice for `body` and `contentType`.
 */
function multipartPlan(
  plan: OperationPlan,
  parts: (members: Record<string, unknown>, route: string) => FormData,
  always: boolean,
): OperationPlan {
  let chosen = always;
  const other = plan.body;
  return {
    ...plan,
    write(values, view, headers) {
      chosen = takeMultipart(headers) || always;
      return plan.write(values, view, headers);
    },
    get contentType() {
      return chosen ? "" : plan.contentType;
    },
    body: (members, route) => chosen ? parts(members, route) : other?.(members, route),
  };
}

const NOTHING: ReadonlySet<string> = new Set();

/** What a builder's options decide for its operations (rule 26). */
export interface OperationSettings {
  /** Whether a route that is no operation, or a key its body cannot take, is an error. */
  readonly strict: boolean;
  /** The servers of operations with their own, as the options filled them. */
  readonly servers?: ReadonlyMap<string, string | undefined>;
  /** The builder's credentials, written (rule 26). */
  readonly credentials?: Credentials;
  /** The description's own security requirements. */
  readonly security?: SecurityDeclaration;
}

/**
 * The declared operations of a table, as the endpoint layer reads them.
 *
 * @param operations The operations by `"<METHOD> <path>"` (method upper-case).
 * @param server The chosen server of the description.
 * @param settings What the builder's options decide (rule 26).
 */
export function declaredOperations(
  operations: Operations,
  server: string | undefined,
  settings: OperationSettings,
): DeclaredOperations {
  const shadowing = new BoundedCache((key) => {
    const operation = operations.get(key);
    return operation === undefined ? NOTHING : shadowedNames(operation);
  });
  return {
    server,
    operation(method, url, route) {
      const declaration = operations.get(method + " " + url);
      if (declaration !== undefined) {
        return compileOperation(route, url, declaration, method, settings);
      }
      if (settings.strict) throw unknownOperation(route, url, operations.keys());
      return undefined;
    },
    shadowed: (method, url) => shadowing.get(method.toUpperCase() + " " + url),
  };
}
