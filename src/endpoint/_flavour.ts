/**
 * Flavours: how a builder departs from docs/design.md where the reference
 * does (rule 23), or from GitHub where the neutral builder does (rule 24):
 * the same code, configured.
 *
 * @module
 */

import { GITHUB_QUERY, type QueryStyle } from "./_query.ts";

/** How a flavour of `endpoint` departs from the rules. */
export interface Flavour {
  /** Whether the result's method is upper-case (the reference) or lowercase (docs/design.md rule 1). */
  readonly upperCaseMethod: boolean;
  /**
   * Where `mediaType.previews` amend `accept`: every url (rule 12), only urls
   * ending in `/graphql` (the reference), or nowhere, refused (rule 24).
   */
  readonly previews: "all" | "graphql" | "refused";
  /** Whether a `{x}`, `{+x}` or `:x` path variable without a value is an error (rule 19). */
  readonly requirePathVariables: boolean;
  /** How remaining GET and HEAD parameters are written in the query (rules 7 and 24). */
  readonly query: QueryStyle;
}

/** docs/design.md as written: lowercase methods, previews on every url, required path variables. */
export const ROUTECAST: Flavour = {
  upperCaseMethod: false,
  previews: "all",
  requirePathVariables: true,
  query: GITHUB_QUERY,
};
