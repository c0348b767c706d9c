/**
 * The request body (DECISIONS.md rule 7): `data` as it is, else the
 * remaining parameters as a JSON object; a content type (JSON, or a declared
 * operation's, rule 25) when the caller set none; an empty body for PUT and
 * PATCH without one.
 *
 * @module
 */

import type { Headers } from "./_headers.ts";

/** The content type of a body routecast builds or passes on without one. */
export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/**
 * The body to send for a method, given `data` and the JSON members (either
 * may be undefined); adds `contentType` to `headers` when a body goes out
 * and the caller set none (`""`: none, for a type the client must complete).
 */
export function requestBody(
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
