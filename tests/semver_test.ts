import { assert, assertEquals } from "@std/assert";
import { compareSemver, parseSemver, type Semver } from "../scripts/_semver.ts";

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
