/**
 * The reference's own test cases that routecast's `./octokit` fails on
 * purpose, each because it fixes a defect of @octokit/endpoint 11.0.5
 * (DECISIONS.md rules 6 and 23; the README's "Use it under Octokit" lists
 * the same). Keys are `describe` and `it` names joined by a space.
 *
 * @module
 */

/** Case name → the fix, in a few words. */
export const DIFFERENCES: Readonly<Record<string, string>> = {
  // Rule 6: the reference strips one trailing "/" from every expanded url
  // but "/"; RFC 6570 keeps it ("https://h/api/v3/" stays as written).
  "endpoint() Just URL": "a trailing slash is kept (RFC 6570)",
  // Rule 6: "/branches/{branch}" with no branch is "/branches/" by RFC 6570;
  // the reference strips the slash (and so would "/files/" a caller wrote).
  "endpoint() Undefined placeholder value with no trailing slash in URL":
    "a trailing slash is kept (RFC 6570)",
  // Rule 3: options without a url are a TypeError, not a request to baseUrl + "/".
  "endpoint.parse() defaults url to ''": "a missing url is a TypeError",
};

/** Cases that measure time (run only with `ROUTECAST_TIMED=1`). */
export const TIMED: readonly string[] = [
  "endpoint.parse() Test ReDoS - attack string #1",
  "endpoint.parse() Test ReDoS - attack string #2",
  "endpoint.parse() Test ReDoS - attack string #3",
];
