/**
 * Semantic Versioning 2.0.0 (https://semver.org): parsing and precedence,
 * for scripts/release.ts.
 *
 * @module
 */

/** A parsed version: `major.minor.patch[-prerelease][+build]`. */
export interface Semver {
  /** The numbers, as digit strings (semver sets no upper bound). */
  major: string;
  minor: string;
  patch: string;
  /** The dot-separated prerelease identifiers; empty for a plain version. */
  prerelease: string[];
  /** The dot-separated build identifiers; they do not count in precedence. */
  build: string[];
}

const NUMERIC = /^(0|[1-9][0-9]*)$/;
const IDENTIFIER = /^[0-9A-Za-z-]+$/;

/**
 * Parses `text` as a semver 2.0.0 version; `undefined` when it is not one
 * (a leading `v`, a missing part, a leading zero, an empty identifier).
 *
 * @example
 * ```ts
 * import { parseSemver } from "./_semver.ts";
 * import { assertEquals } from "@std/assert";
 *
 * assertEquals(parseSemver("1.2.0-next.3")?.prerelease, ["next", "3"]);
 * assertEquals(parseSemver("1.2"), undefined);
 * ```
 */
export function parseSemver(text: string): Semver | undefined {
  const plus = text.indexOf("+");
  const core = plus < 0 ? text : text.slice(0, plus);
  const build = plus < 0 ? [] : text.slice(plus + 1).split(".");
  const dash = core.indexOf("-");
  const numbers = (dash < 0 ? core : core.slice(0, dash)).split(".");
  const prerelease = dash < 0 ? [] : core.slice(dash + 1).split(".");
  if (numbers.length !== 3 || !numbers.every((part) => NUMERIC.test(part))) return undefined;
  if (!build.every((part) => IDENTIFIER.test(part))) return undefined;
  const validPrerelease = (part: string) =>
    IDENTIFIER.test(part) && (!/^[0-9]+$/.test(part) || NUMERIC.test(part));
  if (!prerelease.every(validPrerelease)) return undefined;
  const [major, minor, patch] = numbers;
  return { major, minor, patch, prerelease, build };
}

/** Compares two numbers written without leading zeros. */
function compareDigits(a: string, b: string): number {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The longest version npm takes (node-semver's `MAX_LENGTH`). */
const NPM_MAX_LENGTH = 256;
/** The largest major, minor or patch number npm takes: `Number.MAX_SAFE_INTEGER`. */
const NPM_MAX_NUMBER = String(Number.MAX_SAFE_INTEGER);

/**
 * Why npm cannot publish `text`, a semver version that {@linkcode parseSemver}
 * read as `version`, as what it expected; `undefined` when it can. npm checks
 * versions with node-semver, which takes at most 256 characters and major,
 * minor and patch numbers up to `Number.MAX_SAFE_INTEGER` (prerelease numbers
 * have no limit). The rules are written out here, so that the release script
 * needs no package; tests/semver_test.ts holds them against node-semver.
 *
 * @example
 * ```ts
 * import { npmVersionProblem, parseSemver } from "./_semver.ts";
 * import { assertEquals } from "@std/assert";
 *
 * const problem = (text: string) => npmVersionProblem(text, parseSemver(text)!);
 * assertEquals(problem("9007199254740991.0.0-9007199254740993"), undefined);
 * assertEquals(
 *   problem("9007199254740992.0.0"),
 *   "expected major, minor and patch numbers up to 9007199254740991 (Number.MAX_SAFE_INTEGER)",
 * );
 * ```
 */
export function npmVersionProblem(text: string, version: Semver): string | undefined {
  if (text.length > NPM_MAX_LENGTH) {
    return `expected at most ${NPM_MAX_LENGTH} characters, found ${text.length}`;
  }
  const numbers = [version.major, version.minor, version.patch];
  if (numbers.some((number) => compareDigits(number, NPM_MAX_NUMBER) > 0)) {
    return `expected major, minor and patch numbers up to ${NPM_MAX_NUMBER} (Number.MAX_SAFE_INTEGER)`;
  }
  return undefined;
}

/** Compares two prerelease identifiers: numbers numerically, and below any other identifier. */
function compareIdentifiers(a: string, b: string): number {
  const aNumeric = NUMERIC.test(a);
  const bNumeric = NUMERIC.test(b);
  if (aNumeric && bNumeric) return compareDigits(a, b);
  if (aNumeric !== bNumeric) return aNumeric ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Compares `a` and `b` by semver 2.0.0 precedence: negative when `a` comes
 * first, positive when it comes after, 0 when they have the same precedence
 * (build metadata does not count).
 *
 * @example
 * ```ts
 * import { compareSemver, parseSemver } from "./_semver.ts";
 * import { assert } from "@std/assert";
 *
 * const v = (text: string) => parseSemver(text)!;
 * assert(compareSemver(v("1.2.0-next.10"), v("1.2.0-next.9")) > 0);
 * assert(compareSemver(v("1.2.0-next.10"), v("1.2.0")) < 0);
 * ```
 */
export function compareSemver(a: Semver, b: Semver): number {
  for (const part of ["major", "minor", "patch"] as const) {
    const order = compareDigits(a[part], b[part]);
    if (order !== 0) return order;
  }
  // A version without a prerelease comes after all of its prereleases.
  if (a.prerelease.length === 0 || b.prerelease.length === 0) {
    return Math.sign(b.prerelease.length - a.prerelease.length);
  }
  const shared = Math.min(a.prerelease.length, b.prerelease.length);
  for (let i = 0; i < shared; i++) {
    const order = compareIdentifiers(a.prerelease[i], b.prerelease[i]);
    if (order !== 0) return order;
  }
  return Math.sign(a.prerelease.length - b.prerelease.length);
}
