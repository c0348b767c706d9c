/**
 * A call's option values, sorted by the roles of their keys (docs/design.md
 * rule 22: each read once, own keys only): what the steps of a build read.
 *
 * @module
 */

import type { Plan } from "./_plan.ts";
import { Role } from "./_options.ts";
import { setOwn } from "./_own.ts";
import { quoteValue } from "./_messages.ts";
import { joinPair, primitivePair } from "./_query.ts";

/** A call's values, by role; the steps of a build read them, and the url step fills `raw`. */
export interface Call {
  /** The call's url values by variable index; after the url step, what the url expands. */
  readonly raw: unknown[];
  /**
   * How many values the call wrote into `raw`, each at its own index: when
   * that is every name of the url, `raw` has no hole for a polluted
   * prototype to fill, and the url step reads it without an own-check.
   */
  rawCount: number;
  baseUrl: unknown;
  headers: unknown;
  mediaType: unknown;
  data: unknown;
  request: unknown;
  /** The call's values for the operation's declared parameters, by index. */
  declared: unknown[] | undefined;
  /** The call's values for the defaults' other parameters, by index. */
  overrides: unknown[] | undefined;
  /** The call's other parameters, as `name, value, prefix, name, value, prefix...` (prefix: what the query writes before a string or number of that name, when it is one). */
  rest: unknown[] | undefined;
  /**
   * Without default parameters to put first, the body's members and the
   * query's pairs are made as the keys are read; the query's only as far
   * as its values cannot throw, which they may do after the url's checks.
   */
  members: Record<string, unknown> | undefined;
  query: string;
}

/** A call with no values yet. */
export function newCall(): Call {
  return {
    raw: [],
    rawCount: 0,
    baseUrl: undefined,
    headers: undefined,
    mediaType: undefined,
    data: undefined,
    request: undefined,
    declared: undefined,
    overrides: undefined,
    rest: undefined,
    members: undefined,
    query: "",
  };
}

/**
 * Keeps a remaining parameter's value (neither an option, a url variable,
 * a declared nor a defaults' parameter): a string or number of GET or HEAD
 * goes to the query at once (it cannot throw), unless a default parameter
 * or a value that waits comes first; other query values wait, in order,
 * with what the query writes before a string or number of that name
 * (`prefix`); a body's are members. Small, as the readers below, so that
 * V8 inlines it into the loop of `build()` and the call never leaves it.
 */
export function readRest(
  plan: Plan,
  call: Call,
  key: string,
  value: unknown,
  prefix: string | undefined,
): void {
  if (value === undefined) return;
  if (plan.restDefaults.length === 0 && !plan.query) {
    setOwn(call.members ??= {}, key, value);
  } else if (
    plan.restDefaults.length === 0 && call.rest === undefined &&
    (typeof value === "string" || typeof value === "number")
  ) {
    call.query = joinPair(call.query, primitivePair(plan, key, value, prefix));
  } else {
    wait(call, key, value, prefix);
  }
}

/** Keeps a remaining parameter's value to be written later, in order (`restQuery`, `callBody`). */
function wait(call: Call, key: string, value: unknown, prefix: string | undefined): void {
  // A literal first: a push onto `[]` would allocate room for 16 more.
  if (call.rest === undefined) call.rest = [key, value, prefix];
  else call.rest.push(key, value, prefix);
}

/**
 * Keeps the value of a named option but `method` and `url` (read before the
 * plan): `key` is the option's name, which is the call's field for it.
 */
export function readOption(call: Call, key: string, value: unknown): void {
  (call as unknown as Record<string, unknown>)[key] = value;
}

/**
 * Keeps the value of a parameter the plan's operation declares (and its
 * url variable's, if it is one), or of a defaults' parameter, by index.
 */
export function readParameter(
  plan: Plan,
  call: Call,
  key: string,
  value: unknown,
  role: Role,
  at: number,
  detail: string | readonly number[] | undefined,
): void {
  if (value === undefined) return;
  if (role === Role.Declared) {
    for (const index of detail as readonly number[]) (call.declared ??= [])[index] = value;
    const variable = plan.url.index.get(key);
    if (variable !== undefined) {
      call.raw[variable] = value;
      call.rawCount++;
    }
  } else {
    (call.overrides ??= new Array(plan.restDefaults.length).fill(undefined))[at] = value;
  }
}

/**
 * Checks the `request` option is an object, or `null` for none.
 *
 * @throws {TypeError} When it is not.
 */
export function checkRequest(request: unknown): void {
  if (typeof request !== "object" || Array.isArray(request)) {
    throw new TypeError(`Invalid request ${quoteValue(request)}: expected an object`);
  }
}
