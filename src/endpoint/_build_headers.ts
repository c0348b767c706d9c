/**
 * The headers step of a build: the plan's headers with the call's merged
 * over them (docs/design.md rule 10), and `accept` amended for the media
 * type's format and previews (rules 11 and 12).
 *
 * @module
 */

import type { Plan } from "./_plan.ts";
import { checkHeaderValue, type Headers, mergeHeaders } from "./_headers.ts";
import { amendAccept, readMediaType } from "./_media_type.ts";
import { unionPreviews } from "./_merge.ts";
import { own } from "./_own.ts";

/**
 * The call's headers: a copy of the plan's, with the call's `headers`
 * merged over them.
 *
 * @throws {TypeError} For headers that are not a plain object, or an invalid header.
 */
export function callHeaders(plan: Plan, given: unknown): Headers {
  return given === undefined || given === null
    ? { ...(plan.query && plan.operation === undefined ? plan.plainHeaders : plan.headers) }
    : mergeHeaders(plan.headers, given);
}

/** A call's `mediaType` option, read and checked. */
export type MediaType = ReturnType<typeof readMediaType>;

/**
 * Reads the call's `mediaType` option (`undefined` and `null`: none).
 *
 * @throws {TypeError} For an invalid media type, or previews where there are none (rule 24).
 */
export function callMediaType(plan: Plan, given: unknown): MediaType | undefined {
  return given === undefined || given === null
    ? undefined
    : readMediaType(given, plan.flavour.previews === "refused");
}

/**
 * Amends `headers.accept` for the plan's format and previews with the
 * call's over them; previews only where the flavour puts them (`target`'s
 * path ends in `/graphql` for the reference's).
 */
export function amendHeaders(
  plan: Plan,
  mediaType: MediaType | undefined,
  target: string,
  headers: Headers,
): void {
  let format = plan.format;
  let previews = plan.previews;
  if (mediaType !== undefined) {
    if (mediaType.format !== undefined) format = mediaType.format;
    if (mediaType.previews !== undefined && mediaType.previews.length > 0) {
      previews = unionPreviews(previews, mediaType.previews);
    }
  }
  if (plan.flavour.previews === "graphql" && !target.endsWith("/graphql")) previews = [];
  if (format === "" && previews.length === 0) return;
  const accept = own(headers, "accept");
  const amended = amendAccept(accept === undefined ? undefined : String(accept), format, previews);
  if (amended !== undefined) {
    // Made of checked parts, and checked again as every header is.
    checkHeaderValue("accept", amended);
    headers.accept = amended;
  }
}
