/**
 * Deterministic parameter values from OpenAPI schemas, for the comparison with
 * swagger-client (tests/openapi_reference_test.ts) and the wire test.
 *
 * Three modes: `plain` (letters and digits only, values the schema allows, for
 * a validating server), `mixed` (strings that need percent-encoding: space,
 * `+`, `&`, `/`, `é`, `%`, `!'()*`, and Dates for date-time strings), `edge`
 * (each parameter may be `""`, `null`, an empty list or object, `.` or `..`
 * in a path, or left out though required). No string looks like JSON (the
 * reference client parses such strings in places).
 *
 * @module
 */
import {
  bodyEncoding,
  deref,
  type Json,
  type Operation,
  type Parameter,
  schemaShape,
  schemaType,
} from "./_openapi_operations.ts";

export type Mode = "plain" | "mixed" | "edge";

/** mulberry32: small, fast, deterministic. */
export class Random {
  #state: number;
  constructor(seed: number) {
    this.#state = seed >>> 0;
  }
  next(): number {
    let t = (this.#state = (this.#state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(below: number): number {
    return Math.floor(this.next() * below);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** A seed from text (FNV-1a), so that each operation's values do not depend on the others. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const PLAIN = ["alpha", "beta7", "gamma", "delta42", "omega", "kappa3"];
const MIXED = [
  "two words",
  "a+b",
  "x&y=z",
  "path/seg",
  "café",
  "tilde~dash-dot.under_",
  "it's (ok)*!",
  "50%25 off",
  "[br]",
  "semi;colon",
  "comma,list",
  "#hash",
  "why?",
  "a|b",
  "at@host",
  "dollar$",
  "plain",
  "ünï 😀",
];

const DATE = new Date(Date.UTC(2024, 0, 31, 12, 34, 56, 789));

/** A value of `schema`'s shape. */
export function valueOf(
  document: Json,
  schema: Json,
  random: Random,
  mode: Mode,
  depth = 0,
): unknown {
  const shape = schemaShape(document, schema);
  for (const key of ["anyOf", "oneOf"]) {
    if (Array.isArray(shape[key]) && !shape.type && !shape.properties) {
      const branches = shape[key].filter((b: Json) => {
        const t = deref(document, b)?.type;
        return t !== "null" && !(Array.isArray(t) && t.length === 1 && t[0] === "null");
      });
      if (branches.length > 0) return valueOf(document, random.pick(branches), random, mode, depth);
    }
  }
  if (Array.isArray(shape.enum)) {
    const choices = shape.enum.filter((v: unknown) => v !== null && v !== "");
    if (choices.length > 0) return random.pick(choices);
  }
  if (shape.const !== undefined && shape.const !== null) return shape.const;
  const type = schemaType(document, shape) ?? "string";
  switch (type) {
    case "integer": {
      const low = typeof shape.minimum === "number" ? Math.ceil(shape.minimum) : 0;
      const high = typeof shape.maximum === "number" ? Math.floor(shape.maximum) : low + 999;
      return low + random.int(Math.max(1, Math.min(high - low + 1, 1000)));
    }
    case "number":
      return (typeof shape.minimum === "number" ? shape.minimum : 0) + random.int(100) + 0.5;
    case "boolean":
      return random.chance(0.5);
    case "array": {
      const count = Math.max(shape.minItems ?? 1, 1 + random.int(3));
      const items = [];
      for (let i = 0; i < Math.min(count, 3); i++) {
        items.push(valueOf(document, shape.items ?? {}, random, mode, depth + 1));
      }
      return shape.uniqueItems
        ? [...new Map(items.map((v) => [JSON.stringify(v), v])).values()]
        : items;
    }
    case "object":
      return objectOf(document, shape, random, mode, depth);
    default:
      return stringOf(shape, random, mode);
  }
}

function objectOf(document: Json, shape: Json, random: Random, mode: Mode, depth: number) {
  const result: Record<string, unknown> = {};
  const properties = Object.entries<Json>(shape.properties ?? {}).filter(([, s]) => {
    const resolved = deref(document, s);
    return !resolved?.readOnly;
  });
  if (properties.length === 0) {
    if (shape.additionalProperties === false) return result;
    // A map (additionalProperties) or a free-form object.
    const values = typeof shape.additionalProperties === "object" ? shape.additionalProperties : {
      type: "string",
    };
    const count = 1 + random.int(2);
    for (let i = 0; i < count; i++) {
      result[mode === "plain" ? `key${i}` : random.pick(["key", "k 2", "k&3", "clé"]) + i] =
        depth > 1 ? stringOf({}, random, mode) : valueOf(document, values, random, mode, depth + 1);
    }
    return result;
  }
  const required = new Set<string>(shape.required ?? []);
  const optional = properties.filter(([name]) => !required.has(name));
  const chosen = new Set(properties.filter(([name]) => required.has(name)).map(([name]) => name));
  for (let i = 0; i < 2 && optional.length > 0; i++) chosen.add(random.pick(optional)[0]);
  for (const [name, schema] of properties) {
    if (!chosen.has(name)) continue;
    const kind = schemaType(document, schema);
    if (depth >= 2 && (kind === "object" || kind === "array")) continue;
    result[name] = valueOf(document, schema, random, mode, depth + 1);
  }
  return result;
}

function stringOf(shape: Json, random: Random, mode: Mode): unknown {
  switch (shape.format) {
    case "date-time":
      return mode === "mixed" && random.chance(0.5) ? DATE : DATE.toISOString();
    case "date":
      return "2024-01-31";
    case "uuid":
      return random.pick([
        "3f2504e0-4f89-41d3-9a0c-0305e82c3301",
        "9b2c1c1e-7b7a-4a5e-8f0e-1a2b3c4d5e6f",
      ]);
    case "email":
      return "someone@example.com";
    case "uri":
    case "url":
      return "https://example.com/a?b=c";
  }
  if (mode === "plain") return random.pick(PLAIN);
  return random.pick(MIXED);
}

/**
 * `undefined` means "leave the parameter out" (only a path parameter, which
 * routecast refuses: the reference client throws on any missing required one).
 * No `""` for a list or object: the reference client parses a string given for
 * one as JSON.
 */
function edgeValue(parameter: Parameter, type: string | undefined, random: Random) {
  if (parameter.in === "path") {
    if (type === "array") return random.pick([[".."], [], undefined]);
    if (type === "object") return random.pick([{}, undefined]);
    return random.pick([".", "..", undefined, ""]);
  }
  switch (type) {
    case "array":
      return random.pick([[], null]);
    case "object":
      return random.pick([{}, null]);
    default:
      return parameter.required ? random.pick(["", null]) : random.pick(["", null, undefined]);
  }
}

export interface Values {
  /** Parameters by name, then body fields, in description order: the routecast call's options. */
  values: Record<string, unknown>;
  /** The parameters part (swagger-client's `parameters`). */
  parameters: Record<string, unknown>;
  /** The body part (swagger-client's `requestBody`), when one was generated. */
  body?: Record<string, unknown>;
}

/** Values for one operation's parameters and body fields. */
export function valuesFor(document: Json, operation: Operation, mode: Mode, seed: number): Values {
  const random = new Random(seed);
  const parameters: Record<string, unknown> = {};
  // In edge mode, one path parameter at most takes an edge value (each refuses the call).
  let pathEdge = mode === "edge" && random.chance(0.25);
  for (const parameter of operation.parameters) {
    const schema = parameter.content
      ? Object.values<Json>(parameter.content)[0]?.schema ?? {}
      : parameter.schema ?? {};
    const type = schemaType(document, schema);
    if (mode === "edge" && (parameter.in !== "path" ? random.chance(0.4) : pathEdge)) {
      if (parameter.in === "path") pathEdge = false;
      const value = edgeValue(parameter, type, random);
      if (value !== undefined) parameters[parameter.name] = value;
      continue;
    }
    if (!parameter.required && parameter.in !== "path" && random.chance(0.25)) continue;
    parameters[parameter.name] = valueOf(
      document,
      schema,
      random,
      mode === "edge" ? "mixed" : mode,
    );
  }
  // Stripe's GET operations declare an empty form body; a GET has none (routecast refuses `data`).
  const encoding = operation.method === "get" || operation.method === "head"
    ? undefined
    : bodyEncoding(operation);
  let body: Record<string, unknown> | undefined;
  if (encoding) {
    const schema = schemaShape(
      document,
      operation.requestBody!.content[encoding.type]?.schema ?? {},
    );
    if (schemaType(document, schema) === "object" || !schema.type) {
      const generated = objectOf(document, schema, random, mode === "edge" ? "mixed" : mode, 0);
      if (mode === "edge" && encoding.kind === "form") {
        for (const name of Object.keys(generated)) if (random.chance(0.3)) generated[name] = null;
      }
      // A body field named like a parameter (Kubernetes' DELETE has gracePeriodSeconds in
      // both the query and DeleteOptions): one options object can only say the parameter.
      for (const p of operation.parameters) delete generated[p.name];
      // No field, no body (the caller passes nothing for it).
      if (Object.keys(generated).length > 0) body = generated;
    }
  }
  return { values: { ...parameters, ...body }, parameters, body };
}
