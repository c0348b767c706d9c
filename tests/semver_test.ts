import { createRequire } from "node:module";
import { assert, assertEquals } from "@std/assert";
import fc from "fast-check";
import { compareSemver, npmVersionProblem, parseSemver, type Semver } from "../scripts/_semver.ts";
import { assertProperty } from "./_fc.ts";

/** node-semver, which npm checks versions with (a dev dependency of the tools, read here only). */
const npmSemver: { valid(version: string): string | null } = createRequire(import.meta.url)(
  "../node_modules/semver/index.js",
);

function version(text: string): Semver {
  const parsed = parseSemver(text);
  assert(parsed !== undefined, `"${text}" should parse`);
  return parsed;
}

Deno.test("parseSemver() reads every part of a version", () => {
  assertEquals(parseSemver("1.22.333-next.3.x-y+build.007"), {
    major: "1",
    minor: "22",
    patch: "333",
    prerelease: ["next", "3", "x-y"],
    build: ["build", "007"],
  });
  assertEquals(parseSemver("0.0.0"), {
    major: "0",
    minor: "0",
    patch: "0",
    prerelease: [],
    build: [],
  });
  // A prerelease identifier may contain hyphens; only the first one starts the prerelease.
  assertEquals(parseSemver("1.0.0-a-b--c")?.prerelease, ["a-b--c"]);
  assertEquals(parseSemver("1.0.0-0")?.prerelease, ["0"]);
  assertEquals(parseSemver("1.0.0-0a.00a")?.prerelease, ["0a", "00a"]);
  assertEquals(parseSemver("1.0.0+-.0")?.build, ["-", "0"]);
});

Deno.test("parseSemver() rejects what semver 2.0.0 does not allow", () => {
  for (
    const text of [
      "",
      "1",
      "1.2",
      "1.2.3.4",
      "v1.2.3",
      " 1.2.3",
      "1.2.3 ",
      "01.2.3",
      "1.02.3",
      "1.2.03",
      "-1.2.3",
      "1.2.x",
      "1.2.3-",
      "1.2.3+",
      "1.2.3-01",
      "1.2.3-next.01",
      "1.2.3-a..b",
      "1.2.3-a.",
      "1.2.3+a..b",
      "1.2.3-a_b",
      "1.2.3-é",
      "1.2.3+build+more",
      "1.2.3-next+",
    ]
  ) {
    assertEquals(parseSemver(text), undefined, JSON.stringify(text));
  }
});

Deno.test("compareSemver() orders by semver 2.0.0 precedence", () => {
  // Each version comes strictly before the next one (semver.org, item 11, and more).
  const ordered = [
    "0.0.0-0",
    "0.0.0",
    "0.0.1",
    "0.1.0",
    "0.9.0",
    "0.10.0",
    "1.0.0-0",
    "1.0.0-1",
    "1.0.0-2",
    "1.0.0-10",
    "1.0.0-10.0",
    "1.0.0-9a",
    "1.0.0-A",
    "1.0.0-Z",
    "1.0.0-a",
    "1.0.0-alpha",
    "1.0.0-alpha.1",
    "1.0.0-alpha.beta",
    "1.0.0-beta",
    "1.0.0-beta.2",
    "1.0.0-beta.11",
    "1.0.0-next",
    "1.0.0-next.0",
    "1.0.0-next.3",
    "1.0.0-next.10",
    "1.0.0-next.10.a",
    "1.0.0-next.a",
    "1.0.0-rc.1",
    "1.0.0",
    "1.0.1-next.0",
    "1.0.1",
    "1.2.0-next.3",
    "1.2.0",
    "1.10.0",
    "2.0.0",
    "2.1.0",
    "2.1.1",
    "10.0.0",
    "9007199254740993.0.0",
    "90071992547409930.0.0",
  ];
  for (let i = 0; i < ordered.length; i++) {
    for (let j = 0; j < ordered.length; j++) {
      assertEquals(
        compareSemver(version(ordered[i]), version(ordered[j])),
        Math.sign(i - j),
        `${ordered[i]} against ${ordered[j]}`,
      );
    }
  }
});

Deno.test("compareSemver() ignores build metadata", () => {
  for (
    const [a, b] of [
      ["1.0.0+build", "1.0.0"],
      ["1.0.0+a", "1.0.0+b"],
      ["1.0.0-next.1+x", "1.0.0-next.1+y.2"],
    ]
  ) {
    assertEquals(compareSemver(version(a), version(b)), 0, `${a} against ${b}`);
  }
  assertEquals(compareSemver(version("1.0.0+zzz"), version("1.0.1+aaa")), -1);
});

/** Whether npm takes `text` as it is, as node-semver decides: `valid()` gives it back unchanged. */
function npmTakes(text: string): boolean {
  return npmSemver.valid(text) === text;
}

/** Whether `npmVersionProblem()` finds nothing wrong with `text` (a semver version). */
function weTake(text: string): boolean {
  return npmVersionProblem(text, version(text)) === undefined;
}

Deno.test("npmVersionProblem() takes exactly the versions npm's semver takes", () => {
  const max = String(Number.MAX_SAFE_INTEGER);
  const table: [string, boolean][] = [
    ["0.0.0", true],
    [`${max}.${max}.${max}`, true],
    ["9007199254740992.0.0", false],
    ["9007199254740993.0.0", false],
    ["0.9007199254740992.0", false],
    ["0.0.9007199254740992", false],
    ["99999999999999999999.0.0", false],
    ["10000000000000000.0.0", false],
    ["1.0.0-9007199254740993", true],
    ["1.0.0-99999999999999999999.a", true],
    [`1.0.0-${"a".repeat(250)}`, true],
    [`1.0.0-${"a".repeat(251)}`, false],
    [`1.0.0-${"1".repeat(250)}`, true],
    [`1.0.0-next.${"0-".repeat(122)}`, true],
    [`${max}.0.0-${"x".repeat(240)}`, false],
  ];
  for (const [text, takes] of table) {
    assertEquals([npmTakes(text), weTake(text)], [takes, takes], text);
  }
  assertEquals(
    npmVersionProblem(`1.0.0-${"a".repeat(251)}`, version(`1.0.0-${"a".repeat(251)}`)),
    "expected at most 256 characters, found 257",
  );
  // Numbers near the limit and far past it, identifiers that bring the length near 256.
  const number = fc.oneof(
    fc.nat({ max: 1000 }).map(String),
    fc.integer({ min: -4, max: 4 }).map((offset) => String(BigInt(max) + BigInt(offset))),
    fc.bigInt({ min: 10n ** 15n, max: 10n ** 25n }).map(String),
  );
  const identifier = fc.oneof(
    number,
    fc.stringMatching(/^[0-9A-Za-z-]{0,40}[A-Za-z-][0-9A-Za-z-]{0,40}$/),
    fc.integer({ min: 200, max: 260 }).map((length) => "z".repeat(length)),
  );
  const generated = fc.tuple(number, number, number, fc.array(identifier, { maxLength: 4 }))
    .map(([major, minor, patch, pre]) =>
      `${major}.${minor}.${patch}${pre.length === 0 ? "" : `-${pre.join(".")}`}`
    );
  assertProperty(
    fc.property(generated, (text) => {
      assert(parseSemver(text) !== undefined, text);
      assertEquals(weTake(text), npmTakes(text), text);
    }),
    5000,
  );
});
