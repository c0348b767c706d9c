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

/** A call's values, by role; the steps of a build read them, and the url step fills `raw`. */
export interface Call {
  /** The call's url values by variable index; after the url step, what the url expands. */
  readonly raw: unknown[];
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
 * Whether a remaining parameter's `value` goes to the query as it is read:
 * a string or number of GET or HEAD (it cannot throw), with no default
 * parameter to go first, nor a value before it that waits.
 */
export function queryNow(plan: Plan, call: Call, value: unknown): value is string | number {
  return plan.query && plan.restDefaults.length === 0 && call.rest === undefined &&
    (typeof value === "string" || typeof value === "number");
}

/**
 * Keeps a value of any role but a url variable's or a query pair's made as
 * it is read (apart, so that the loop in `build()` stays small).
 */
export function readOther(
  plan: Plan,
  call: Call,
  key: string,
  value: unknown,
  role: Role,
  at: number,
  detail: string | readonly number[] | undefined,
): void {
  switch (role) {
    case Role.BaseUrl:
      call.baseUrl = value;
      return;
    case Role.Headers:
      call.headers = value;
      return;
    case Role.MediaType:
      call.mediaType = value;
      return;
    case Role.Data:
      call.data = value;
      return;
    case Role.Request:
      call.request = value;
      return;
  }
  if (value === undefined) return;
  if (role === Role.Declared) {
    for (const index of detail as readonly number[]) (call.declared ??= [])[index] = value;
    const variable = plan.url.index.get(key);
    if (variable !== undefined) call.raw[variable] = value;
  } else if (role === Role.Override) {
    (call.overrides ??= new Array(plan.restDefaults.length).fill(undefined))[at] = value;
  } else if (plan.restDefaults.length > 0 || plan.query) {
    // After the defaults' parameters, or after a value that may throw: written later, in order.
    // With what the query writes before a string or number of it (undefined for a body member).
    (call.rest ??= []).push(key, value, detail);
  } else {
    setOwn(call.members ??= {}, key, value);
  }
}

/**
 * Checks the `request` option is an object.
 *
 * @throws {TypeError} When it is not.
 */
export function checkRequest(request: unknown): void {
  if (typeof request !== "object" || request === null || Array.isArray(request)) {
    throw new TypeError(`Invalid request ${quoteValue(request)}: expected an object`);
  }
}
