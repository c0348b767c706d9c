/**
 * The url step of a build: the plan's template expanded with the call's
 * values over the defaults' (each read once), required path variables
 * checked, the base in front (docs/design.md rules 5, 19 and 20).
 *
 * @module
 */

import type { Plan } from "./_plan.ts";
import type { Call } from "./_call.ts";
import { over } from "./_merge.ts";
import { invalid, quoteValue } from "./_messages.ts";
import { own } from "./_own.ts";
import { isAbsoluteUrl, schemePrefixLength } from "./_route.ts";
import { concatenate, expandUrl, type UrlValue, urlValue } from "./_url.ts";

/**
 * What a baseUrl may not hold (rule 20): `new URL` drops tabs and line breaks
 * (`https://h\n.com` is h.com) and reads `\` as `/`, and clients encode
 * spaces, so the url sent would not be the one written. One class, no
 * quantifier: linear (rule 16).
 */
const UNSENT = /[\0- \\\x7f]/;

/**
 * `baseUrl` without its trailing `/` characters (rules 5, 20).
 *
 * @param route The route, for the message when there is no baseUrl (rule 24).
 * @throws {TypeError} When it is missing, not an absolute URL, or has a query or fragment.
 */
export function basePrefix(baseUrl: unknown, route: string): string {
  if (baseUrl === undefined) {
    throw new TypeError(
      `Missing baseUrl for ${quoteValue(route)}: expected a baseUrl option or default`,
    );
  }
  const query = typeof baseUrl === "string" && (baseUrl.includes("?") || baseUrl.includes("#"));
  if (
    typeof baseUrl !== "string" || schemePrefixLength(baseUrl) === 0 || UNSENT.test(baseUrl) ||
    (!query && !isAbsoluteUrl(baseUrl))
  ) {
    throw invalid("baseUrl", baseUrl, 'expected an absolute URL such as "https://api.github.com"');
  }
  if (query) {
    throw invalid(
      "baseUrl",
      baseUrl,
      'it has a query or fragment, expected an absolute URL without "?" or "#" that a path can follow',
    );
  }
  let end = baseUrl.length;
  while (end > 0 && baseUrl.charCodeAt(end - 1) === 0x2f) end--;
  return baseUrl.slice(0, end);
}

/**
 * The prefix of the call's `baseUrl`, else the defaults': each checked once
 * per plan (a `parse()` of merged options brings the same baseUrl call after
 * call, so the last one is kept on the plan).
 */
function prefixFor(plan: Plan, baseUrl: unknown): string {
  if (baseUrl === undefined) return plan.base ??= basePrefix(plan.baseUrl, plan.route);
  if (baseUrl === plan.givenBase) return plan.givenPrefix!;
  const prefix = basePrefix(baseUrl, plan.route);
  plan.givenBase = baseUrl as string;
  return plan.givenPrefix = prefix;
}

/**
 * The call's url, without the query parameters that are not url variables.
 * When the defaults alone fill the url (plain values, frozen), it is the
 * same every call: built once, then kept in the plan. A url of `{name}`
 * expressions is concatenated when the call's values allow.
 *
 * @throws {TypeError} For a missing path variable or a value the checks refuse.
 * @throws {UriTemplateError} For a prefix modifier on a list or map.
 */
export function callUrl(plan: Plan, call: Call): string {
  const raw = call.raw;
  plan.operation?.pathValues?.(raw, plan);
  const path = plan.url.literals !== undefined
    ? concatenate(plan.url, raw, call.rawCount === plan.url.names.length)
    : undefined;
  // Nothing in the path can throw then: the base is checked as in `expanded()`.
  return path !== undefined ? prefixFor(plan, call.baseUrl) + path : expandedOnce(plan, call);
}

/** `expanded()`, kept on the plan when the defaults alone fill the url. */
function expandedOnce(plan: Plan, call: Call): string {
  const baseUrl = call.baseUrl;
  if (call.raw.length === 0 && baseUrl === undefined && plan.constant) {
    return plan.target ??= expanded(plan, call.raw, undefined);
  }
  return expanded(plan, call.raw, baseUrl);
}

/**
 * Expands the plan's url with the call's values over the defaults' (each
 * read once into `raw` itself, the call's own array), checks required path
 * variables, and puts the base in front.
 */
function expanded(plan: Plan, raw: unknown[], baseUrl: unknown): string {
  const url = plan.url;
  const names = url.names;
  const values = raw as UrlValue[];
  for (let i = 0; i < names.length; i++) {
    const fallback = plan.urlDefaults[i];
    values[i] = urlValue(
      names[i],
      fallback === undefined ? own(raw, i) : over(fallback, own(raw, i), names[i], false),
    );
  }
  if (plan.flavour.requirePathVariables) {
    for (const variable of url.required) {
      if (values[variable] === undefined) {
        throw new TypeError(
          `Missing parameter ${quoteValue(names[variable])} for ${
            quoteValue(plan.route)
          }: expected a value for every {name} in the path`,
        );
      }
    }
  }
  const path = expandUrl(url, values);
  if (url.full) return path;
  const base = prefixFor(plan, baseUrl);
  return (url.leadingSlash ?? path.charCodeAt(0) === 0x2f) ? base + path : base + "/" + path;
}
