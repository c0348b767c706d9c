/**
 * The query step of a build (docs/design.md rules 7 and 25): the declared
 * parameters' query first, then the query pairs the call's values made as
 * they were read, then the defaults' other parameters in their order, then
 * the call's; appended after the url's own query, before its fragment.
 *
 * @module
 */

import type { Plan } from "./_plan.ts";
import type { Call } from "./_call.ts";
import type { Headers } from "./_headers.ts";
import { over } from "./_merge.ts";
import { appendQuery, joinPair, primitivePair } from "./_query.ts";

/**
 * The declared query parameters (rule 25) before the pairs made while the
 * call was read; declared header and cookie parameters go into `headers`.
 *
 * @throws {TypeError} For a declared value that cannot be written.
 */
export function declaredQuery(plan: Plan, call: Call, headers: Headers): string {
  const operation = plan.operation;
  if (operation === undefined) return call.query;
  return joinPair(operation.write(call.declared ?? [], plan, headers), call.query);
}

/**
 * `query` with the remaining GET and HEAD parameters after it: the
 * defaults' first (kept on the plan when they alone make it), then the
 * call's.
 *
 * @throws {TypeError} Naming the parameter, for a value that cannot be written.
 */
export function restQuery(plan: Plan, call: Call, query: string): string {
  if (plan.restDefaults.length > 0) query = joinPair(query, defaultsQuery(plan, call.overrides));
  const rest = call.rest;
  for (let i = 0; rest !== undefined && i < rest.length; i += 3) {
    const value = rest[i + 1];
    // A string or number is written with the prefix the plan keeps for its name.
    query = joinPair(
      query,
      typeof value === "string" || typeof value === "number"
        ? primitivePair(plan, rest[i] as string, value, rest[i + 2] as string | undefined)
        : plan.flavour.query.write(rest[i] as string, value),
    );
  }
  return query;
}

/**
 * The query pairs of the defaults' other parameters, with the call's
 * values over them; kept on the plan when the defaults alone make them.
 */
function defaultsQuery(plan: Plan, overrides: readonly unknown[] | undefined): string {
  if (overrides === undefined && plan.constant) {
    return plan.defaultQuery ??= defaultsPairs(plan, undefined);
  }
  return defaultsPairs(plan, overrides);
}

/** The query pairs of the defaults' other parameters, with the call's values over them. */
function defaultsPairs(plan: Plan, overrides: readonly unknown[] | undefined): string {
  let query = "";
  const write = plan.flavour.query.write;
  for (let i = 0; i < plan.restDefaults.length; i++) {
    const [name, fallback] = plan.restDefaults[i];
    query = joinPair(query, write(name, over(fallback, overrides?.[i], name, false)));
  }
  return query;
}

/** `target` with `query` (not empty) appended. */
export function withQuery(plan: Plan, target: string, query: string): string {
  return plan.url.plainQuery ? target + "?" + query : appendQuery(target, query);
}
