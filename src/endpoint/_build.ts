/**
 * The one build function: a plan plus a call's options gives the request
 * options (docs/design.md rules 1-13, 19, 22): the call's values sorted by
 * the roles of their keys (_call.ts), then steps, each in a file of its own:
 * headers and media type (_build_headers.ts), url (_build_url.ts), query
 * (_build_query.ts), body (_body.ts). `endpoint(route, options)`, `endpoint(options)`,
 * `parse(merged)` and every builder made by `defaults()` come here; the
 * call's options merge over the plan's defaults exactly as `merge()` would
 * merge them.
 *
 * @module
 */

import type { RequestOptions } from "./types.ts";
import type { KeyRoles, Plan } from "./_plan.ts";
import { checkRequest, newCall, readOption, readParameter, readRest } from "./_call.ts";
import { Role } from "./_options.ts";
import { amendHeaders, callHeaders, callMediaType } from "./_build_headers.ts";
import { callUrl } from "./_build_url.ts";
import { declaredQuery, restQuery, withQuery } from "./_build_query.ts";
import { callBody } from "./_body.ts";
import { over } from "./_merge.ts";

/**
 * Builds request options from a plan and a call's options (own keys only,
 * each read once), whose keys have `roles` (the last `carried` of them read
 * from `carrier`).
 *
 * @param carrier Merged options' `DECLARED_PARAMETERS`, which the
 * last `carried` keys are read from.
 * @throws {TypeError} For an invalid option, header, value, a missing path
 * variable, a value the path checks refuse, or `data` on GET/HEAD.
 * @throws {UriTemplateError} For a prefix modifier on a list or map.
 */
export function build(
  plan: Plan,
  given: Record<string, unknown>,
  { keys, roles, at, details, carried }: KeyRoles,
  carrier?: Record<string, unknown>,
): RequestOptions {
  // The call's values by role, each read once (_call.ts).
  const call = newCall();
  for (let i = 0; i < keys.length; i++) {
    const role = roles[i];
    if (role === Role.Route) continue;
    const key = keys[i];
    const value = i < keys.length - carried ? given[key] : carrier![key];
    if (role === Role.UrlVariable) {
      if (value !== undefined) {
        call.raw[at[i]] = value;
        call.rawCount++;
      }
    } else if (role === Role.Rest) {
      readRest(plan, call, key, value, details[i] as string | undefined);
    } else if (role <= Role.Request) {
      readOption(call, key, value);
    } else {
      readParameter(plan, call, key, value, role, at[i], details[i]);
    }
  }
  if (call.request !== undefined) checkRequest(call.request);

  // The steps; each is called only when it has work, so a plain call stays a few calls.
  const headers = callHeaders(plan, call.headers);
  const mediaType = call.mediaType == null ? undefined : callMediaType(plan, call.mediaType);
  let url = callUrl(plan, call);
  if (mediaType !== undefined || plan.format !== "" || plan.previews.length > 0) {
    amendHeaders(plan, mediaType, url, headers);
  }
  let query = plan.operation === undefined ? call.query : declaredQuery(plan, call, headers);
  const body = plan.query && call.data === undefined && plan.data === undefined
    ? undefined
    : callBody(plan, call, headers);
  if (plan.query && (call.rest !== undefined || plan.restDefaults.length > 0)) {
    query = restQuery(plan, call, query);
  }
  if (query !== "") url = withQuery(plan, url, query);

  const result: RequestOptions = { method: plan.resultMethod, url, headers };
  if (body !== undefined) result.body = body;
  const request = plan.request === undefined
    ? call.request
    : over(plan.request, call.request, "request", true);
  // `null` is no request, and removes the defaults' one, as in the reference (rule 13).
  if (request != null) result.request = request as RequestOptions["request"];
  return result;
}
