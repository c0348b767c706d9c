/**
 * The body step of a build (docs/design.md rule 7): `data` as it is, else
 * the remaining parameters as a JSON object (or the body a declared
 * operation makes of them, rule 25); a content type (JSON, or a declared
 * operation's) when the caller set none; an empty body for PUT and PATCH
 * without one; none for GET and HEAD, which refuse `data`.
 *
 * @module
 */

import type { Plan } from "./_plan.ts";
import type { Call } from "./_call.ts";
import type { Headers } from "./_headers.ts";
import { copyPlain } from "./_copy.ts";
import { over } from "./_merge.ts";
import { quoteValue } from "./_messages.ts";
import { keyLabel } from "./_options.ts";
import { setOwn } from "./_own.ts";

/** The content type of a body routecast builds or passes on without one. */
export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/**
 * The call's body: its `data`, else the defaults' (a copy), else the
 * defaults' other parameters (the call's values over them) and the call's
 * as members; `undefined` for none.
 *
 * @throws {TypeError} For `data` on GET or HEAD, a default that cannot be
 * copied, or members the operation's body cannot take.
 */
export function callBody(plan: Plan, call: Call, headers: Headers): unknown {
  let data = call.data;
  if (data === undefined && plan.data !== undefined) {
    data = copyPlain(plan.data, false, keyLabel("data"));
  }
  if (plan.query) {
    if (data !== undefined) {
      throw new TypeError(
        `Invalid option data for ${plan.upper} ${
          quoteValue(plan.url.url)
        }: ${plan.upper} requests have no body, expected query parameters as options`,
      );
    }
    return undefined;
  }
  const restDefaults = plan.restDefaults;
  const rest = call.rest;
  let members = call.members;
  if (data === undefined && (rest !== undefined || restDefaults.length > 0)) {
    members = {};
    for (let i = 0; i < restDefaults.length; i++) {
      const [name, fallback] = restDefaults[i];
      setOwn(members, name, over(fallback, call.overrides?.[i], name, true));
    }
    for (let i = 0; rest !== undefined && i < rest.length; i += 3) {
      setOwn(members, rest[i] as string, rest[i + 1]);
    }
  }
  const operation = plan.operation;
  if (data === undefined && members !== undefined && operation?.body !== undefined) {
    data = operation.body(members, plan.route);
    if (data !== undefined) members = undefined;
  }
  return requestBody(
    plan.upper,
    data,
    members,
    headers,
    operation?.contentType ?? JSON_CONTENT_TYPE,
  );
}

/**
 * The body to send for a method, given `data` and the JSON members (either
 * may be undefined); adds `contentType` to `headers` when a body goes out
 * and the caller set none (`""`: none, for a type the client must complete).
 */
function requestBody(
  upper: string,
  data: unknown,
  members: Record<string, unknown> | undefined,
  headers: Headers,
  contentType: string,
): unknown {
  const body = data !== undefined ? data : members;
  if (body === undefined) {
    // GitHub expects content-length: 0 on a PUT or PATCH without a body;
    // fetch sends it for an empty string.
    return upper === "PUT" || upper === "PATCH" ? "" : undefined;
  }
  // Header values are never undefined, so only a polluted prototype needs the own check.
  if (
    contentType !== "" &&
    (headers["content-type"] === undefined || !Object.hasOwn(headers, "content-type"))
  ) {
    headers["content-type"] = contentType;
  }
  return body;
}
