/**
 * Strict routes (docs/design.md rule 26): a route that is not an operation
 * of the description is a `TypeError` naming the nearest operations, and a
 * key that an operation's body cannot take is a `TypeError` naming its
 * parameters. Neither costs a known route anything: the first is made only
 * for an unknown route, the second checks a call's keys only when they
 * differ from the last call's (the plan keeps its key roles).
 *
 * @module
 */

import { isPlainObject, listed, type OperationPlan, quoteValue, Role } from "../endpoint/kit.ts";
import type { OperationDeclaration } from "./_declarations.ts";
import { field } from "./_refs.ts";

/** How much of each path the nearest-operation search compares: a bounded cost per path. */
const COMPARED = 128;

/**
 * The edit distance (Levenshtein) between `a` and `b` when it is at most
 * `limit`, else `limit + 1`: a row whose cells all exceed `limit` ends it.
 */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let row: number[] = [];
  for (let j = 0; j <= b.length; j++) row.push(j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const cell = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + cost);
      next.push(cell);
      if (cell < least) least = cell;
    }
    if (least > limit) return limit + 1;
    row = next;
  }
  return row[b.length];
}

/** How a strict key's message ends: the way out (the command line names its own). */
export const STRICT_HINT = " (or the strict: false option)";

/**
 * The `TypeError` for a route that is not an operation: it quotes the
 * route and names up to three operations whose paths are nearest to `url`
 * (ties in the description's order). One pass over the operations, each
 * compared on a bounded prefix and cut off once it is farther than the
 * third nearest: linear in the number of paths, no sort (rule 16).
 *
 * @param routes The operations' `"<METHOD> <path>"`, in the description's order.
 */
export function unknownOperation(route: string, url: string, routes: Iterable<string>): TypeError {
  const target = url.slice(0, COMPARED);
  const nearest: { route: string; distance: number }[] = [];
  for (const each of routes) {
    const limit = nearest.length < 3 ? COMPARED : nearest[2].distance - 1;
    if (limit < 0) break;
    const path = each.slice(each.indexOf(" ") + 1, each.indexOf(" ") + 1 + COMPARED);
    const found = distance(target, path, limit);
    if (found > limit) continue;
    let at = nearest.length;
    while (at > 0 && nearest[at - 1].distance > found) at--;
    nearest.splice(at, 0, { route: each, distance: found });
    if (nearest.length > 3) nearest.pop();
  }
  return new TypeError(
    `Unknown operation ${quoteValue(route)}: ${
      nearest.length === 0
        ? "the description has no operations"
        : `did you mean ${listed(nearest.map((each) => each.route))}?`
    }`,
  );
}

/**
 * The top-level properties of a body schema that allows no others
 * (`additionalProperties: false`, no `patternProperties`), for a strict
 * builder to refuse other keys; `undefined` for a schema that allows more.
 */
export function closedProperties(schema: unknown): string[] | undefined {
  if (
    !isPlainObject(schema) || field(schema, "additionalProperties") !== false ||
    field(schema, "patternProperties") !== undefined
  ) {
    return undefined;
  }
  const properties = field(schema, "properties");
  return isPlainObject(properties) ? Object.keys(properties) : [];
}

/**
 * For an operation whose body cannot take a key (rule 26: none declared,
 * GET or HEAD, or an object schema with `additionalProperties: false`), what
 * `write()` calls first: it refuses a call's key that is neither a declared
 * parameter nor a named option (nor a property of such a schema).
 * `undefined` when the body takes any key, so that the call costs nothing.
 *
 * @param upper The method, upper-case.
 */
export function strictKeys(
  route: string,
  upper: string,
  operation: OperationDeclaration,
): ((plan: Parameters<OperationPlan["write"]>[1]) => void) | undefined {
  const body = Object.hasOwn(operation, "body") ? operation.body : undefined;
  const closed = body !== undefined && Object.hasOwn(body, "closed") ? body.closed : undefined;
  if (body !== undefined && upper !== "GET" && upper !== "HEAD" && closed === undefined) {
    return undefined;
  }
  const bodiless = upper === "GET" || upper === "HEAD";
  const accepted = new Set(bodiless ? [] : closed);
  // A body the description declares on GET or HEAD is never sent: say so, not only "not a parameter".
  const why = body !== undefined && bodiless ? `; a ${upper} request has no body` : "";
  const parameters = Object.hasOwn(operation, "parameters") ? operation.parameters ?? [] : [];
  const names = [...parameters.map((parameter) => parameter.name), ...accepted];
  let checked: unknown;
  return (plan) => {
    const last = plan.last;
    if (last === checked || last === undefined) return;
    for (let i = 0; i < last.keys.length; i++) {
      const role = last.roles[i];
      const key = last.keys[i];
      if ((role === Role.Rest || role === Role.Override) && !accepted.has(key)) {
        throw new TypeError(
          `Invalid parameter ${quoteValue(key)} for ${quoteValue(route)}: ${
            names.length === 0
              ? "the operation takes no parameters"
              : `expected one of the operation's parameters ${listed(names)}`
          }${why}${STRICT_HINT}`,
        );
      }
    }
    checked = last;
  };
}
