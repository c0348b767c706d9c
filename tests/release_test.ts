/**
 * scripts/release.ts: its parts (arguments, versions, channels, the
 * changelog, the agreement check) and whole runs of `deno task release` in
 * scratch `git clone`s of this repository (with the working tree's
 * uncommitted changes committed on top), the test suite skipped with
 * `--skip-tests`: refusals, dry runs on `next` and on `latest` (npm talking
 * to a registry on 127.0.0.1 that this test serves, or to none), and one
 * real release. And the sizes the test suite limits (the bundle budgets,
 * README.md's limit) at any version: the size measure at a version, and a
 * release's version-dependent steps (its version set, the build, the size and
 * version tests) at long versions in a scratch clone.
 */
import * as esbuild from "esbuild";
import { assert, assertEquals, assertStringIncludes, assertThrows } from "@std/assert";
import {
  type ChannelState,
  checkReleaseBranch,
  parseChannels,
  planChannels,
} from "../scripts/_channels.ts";
import {
  changelogEntry,
  checkNewVersion,
  listsTag,
  parseArguments,
  publishCommands,
  versionMismatches,
  withChangelogEntry,
} from "../scripts/release.ts";
import { bundleSize, SIZE_BUDGETS } from "../scripts/_bundle_size.ts";
import {
  readmeBytes,
  readmeWithVersion,
  SIZE_VERSION,
  versionModule,
} from "../scripts/sync_version.ts";
import { ROOT, run } from "./_package.ts";

Deno.test("parseArguments() reads a version and the options, and refuses anything else", () => {
  assertEquals(parseArguments(["1.0.0", "--channel", "next", "--skip-tests"]), {
    version: "1.0.0",
    channel: "next",
    dryRun: false,
    skipTests: true,
  });
  assertEquals(parseArguments(["--dry-run", "2.0.0-rc.1"]), {
    version: "2.0.0-rc.1",
    dryRun: true,
    skipTests: false,
  });
  for (
    const [args, message] of [
      [[], "Missing version: Usage: deno task release <version>"],
      [["1.0.0", "1.0.1"], 'Expected one version, got 2 ("1.0.0", "1.0.1")'],
      [["1.0.0", "--force"], 'Unknown option "--force": expected --channel, --dry-run or'],
      [["1.0.0", "--channel"], "Option --channel needs a value"],
    ] as const
  ) {
    assertThrows(() => parseArguments(args), Error, message);
  }
});

Deno.test("checkNewVersion() takes a greater semver version without build metadata that npm can publish", () => {
  checkNewVersion("0.1.1", "0.1.0");
  checkNewVersion("9007199254740991.0.0", "0.1.0");
  checkNewVersion(`1.0.0-${"a".repeat(250)}`, "0.1.0");
  checkNewVersion("1.0.0-next.0", "0.1.0");
  checkNewVersion("1.0.0-next.10", "1.0.0-next.9");
  checkNewVersion("1.0.0", "1.0.0-next.9");
  for (
    const [version, current, message] of [
      ["1.2", "0.1.0", 'Cannot release "1.2": not a semver version (expected major.minor.patch'],
      ["v1.0.0", "0.1.0", 'Cannot release "v1.0.0": not a semver version'],
      ["1.0.0+b.1", "0.1.0", 'Cannot release "1.0.0+b.1": build metadata (+b.1) is dropped'],
      [
        "9007199254740993.0.0",
        "0.1.0",
        'Cannot release "9007199254740993.0.0": npm cannot publish it, expected major, minor and patch numbers up to 9007199254740991 (Number.MAX_SAFE_INTEGER)',
      ],
      [
        `1.0.0-${"a".repeat(251)}`,
        "0.1.0",
        `Cannot release "1.0.0-${
          "a".repeat(251)
        }": npm cannot publish it, expected at most 256 characters, found 257`,
      ],
      ["0.1.0", "0.1.0", "Cannot release 0.1.0: it is not greater than the current version 0.1.0"],
      ["0.0.9", "0.1.0", "Cannot release 0.0.9: it is not greater than the current version 0.1.0"],
      ["1.0.0-next.9", "1.0.0-next.10", "Cannot release 1.0.0-next.9: it is not greater"],
      ["1.0.0-rc.1", "1.0.0", "Cannot release 1.0.0-rc.1: it is not greater"],
      ["1.0.0", "x", `deno.json's version "x" is not semver`],
    ]
  ) {
    assertThrows(() => checkNewVersion(version, current), Error, message);
  }
});

Deno.test("planChannels() puts prereleases on next, plain versions on latest, moving next along", () => {
  const none: ChannelState = { latest: null, next: null };
  const table: [string, ChannelState, string | undefined, ReturnType<typeof planChannels>][] = [
    ["1.0.0-next.0", none, undefined, {
      channel: "next",
      alsoMoved: [],
      channels: { latest: null, next: "1.0.0-next.0" },
    }],
    ["1.0.0", none, undefined, {
      channel: "latest",
      alsoMoved: ["next"],
      channels: { latest: "1.0.0", next: "1.0.0" },
    }],
    ["1.2.0", { latest: "1.1.0", next: "1.2.0-next.3" }, undefined, {
      channel: "latest",
      alsoMoved: ["next"],
      channels: { latest: "1.2.0", next: "1.2.0" },
    }],
    // next already points at a newer version: it stays.
    ["1.1.1", { latest: "1.1.0", next: "1.2.0-next.3" }, undefined, {
      channel: "latest",
      alsoMoved: [],
      channels: { latest: "1.1.1", next: "1.2.0-next.3" },
    }],
    ["1.3.0-next.0", { latest: "1.2.0", next: "1.2.0" }, undefined, {
      channel: "next",
      alsoMoved: [],
      channels: { latest: "1.2.0", next: "1.3.0-next.0" },
    }],
    // --channel next: a plain version tried on next first.
    ["1.3.0", { latest: "1.2.0", next: "1.3.0-next.0" }, "next", {
      channel: "next",
      alsoMoved: [],
      channels: { latest: "1.2.0", next: "1.3.0" },
    }],
    ["1.3.0-next.1", { latest: "1.2.0", next: "1.3.0-next.0" }, "next", {
      channel: "next",
      alsoMoved: [],
      channels: { latest: "1.2.0", next: "1.3.0-next.1" },
    }],
  ];
  for (const [version, state, requested, plan] of table) {
    assertEquals(planChannels(version, state, requested), plan, `${version} from ${state.next}`);
  }
  assertThrows(
    () => planChannels("1.0.0-next.0", none, "latest"),
    Error,
    "Cannot release prerelease 1.0.0-next.0 on latest: latest takes plain versions only (use next)",
  );
  assertThrows(
    () => planChannels("1.0.0", none, "beta"),
    Error,
    'Unknown channel "beta": expected latest or next',
  );
});

Deno.test("checkReleaseBranch() takes latest from main only, next from main or next", () => {
  checkReleaseBranch("latest", "main");
  checkReleaseBranch("next", "main");
  checkReleaseBranch("next", "next");
  const refused: [Parameters<typeof checkReleaseBranch>, string][] = [
    [
      ["latest", "next"],
      'Cannot release on latest from the branch "next": expected main checked out',
    ],
    [["latest", "feature"], 'Cannot release on latest from the branch "feature": expected main'],
    [["next", "feature"], 'from the branch "feature": expected main or next checked out'],
    [["next", "main2"], 'Cannot release on next from the branch "main2"'],
    [["latest", undefined], "Cannot release on latest from a detached HEAD: expected main"],
    [["next", undefined], "Cannot release on next from a detached HEAD: expected main or next"],
  ];
  for (const [args, message] of refused) {
    assertThrows(() => checkReleaseBranch(...args), Error, message, args.join(" "));
  }
});

Deno.test("listsTag() finds a tag in git ls-remote's listing, and no other", () => {
  const listing = [
    "1111111111111111111111111111111111111111\trefs/tags/v1.0.0-next.0",
    "2222222222222222222222222222222222222222\trefs/tags/v1.0.0",
    "3333333333333333333333333333333333333333\trefs/tags/v1.0.0^{}",
    "",
  ].join("\n");
  assertEquals(listsTag(listing, "v1.0.0"), true);
  assertEquals(listsTag(listing, "v1.0.0-next.0"), true);
  for (const tag of ["v1.0", "v1.0.0-next", "1.0.0", "v1.0.0-next.0.1"]) {
    assertEquals(listsTag(listing, tag), false, tag);
  }
  assertEquals(listsTag("", "v1.0.0"), false);
  assertEquals(listsTag("4444\trefs/heads/v1.0.0\n", "v1.0.0"), false);
});

Deno.test("parseChannels() reads .release/channels.json and refuses anything else", () => {
  assertEquals(parseChannels('{"next":"1.0.0-next.0","latest":null}'), {
    latest: null,
    next: "1.0.0-next.0",
  });
  for (
    const text of [
      "[]",
      "null",
      '{"latest":null}',
      '{"latest":null,"next":null,"beta":null}',
      '{"latest":"1.0","next":null}',
      '{"latest":1,"next":null}',
    ]
  ) {
    assertThrows(() => parseChannels(text), Error, `Malformed channel state ${text}: expected`);
  }
});

Deno.test("versionMismatches() names each place that disagrees", () => {
  const agreeing = {
    denoJson: { name: "@routecast/endpoint", version: "2.0.0" },
    manifests: {
      "npm": { name: "@routecast/endpoint", version: "2.0.0" },
      "npm-octokit-endpoint": {
        name: "@routecast/octokit-endpoint",
        version: "2.0.0",
        dependencies: { "@routecast/endpoint": "2.0.0" },
      },
    },
    runtimes: { "esm": { VERSION: "2.0.0", userAgent: "routecast/2.0.0" } },
  };
  assertEquals(versionMismatches("2.0.0", agreeing), []);
  assertEquals(versionMismatches("2.0.1", agreeing), [
    'deno.json (JSR) has the version "2.0.0", not "2.0.1"',
    'npm/package.json has the version "2.0.0", not "2.0.1"',
    'npm-octokit-endpoint/package.json has the version "2.0.0", not "2.0.1"',
    'npm-octokit-endpoint/package.json depends on @routecast/endpoint "2.0.0", not exactly 2.0.1',
    'esm has VERSION "2.0.0", not "2.0.1"',
    'esm has the user-agent "routecast/2.0.0", not "routecast/2.0.1"',
  ]);
  assertEquals(
    versionMismatches("2.0.0", {
      ...agreeing,
      manifests: {
        "npm": { name: "@routecast/other", version: "2.0.0" },
        "npm-octokit-endpoint": { ...agreeing.manifests["npm-octokit-endpoint"], dependencies: {} },
      },
    }),
    [
      'npm/package.json has the name "@routecast/other", not "@routecast/endpoint"',
      "npm-octokit-endpoint/package.json depends on @routecast/endpoint undefined, not exactly 2.0.0",
    ],
  );
  assertEquals(versionMismatches("2.0.0", { ...agreeing, manifests: {} }), [
    "npm/package.json is missing",
    "npm-octokit-endpoint/package.json is missing",
  ]);
});

Deno.test("changelogEntry() and withChangelogEntry() keep the newest entry first", () => {
  const plan = planChannels("1.0.0", { latest: null, next: "0.9.0-next.1" });
  const entry = changelogEntry("1.0.0", "2026-11-27", plan, [
    { hash: "aaaaaaa", subject: "Fix b" },
    { hash: "bbbbbbb", subject: "Add a" },
  ], "v0.9.0-next.1");
  assertEquals(
    entry,
    "## 1.0.0 (2026-11-27)\n\nOn `latest`; `next` moved along to it. Changes since v0.9.0-next.1:\n\n" +
      "- Fix b (aaaaaaa)\n- Add a (bbbbbbb)\n",
  );
  const first = withChangelogEntry(undefined, entry);
  assert(first.startsWith("# Changelog\n"));
  assert(first.endsWith(`\n\n${entry}`));
  const second = withChangelogEntry(
    first,
    changelogEntry("1.0.1", "2026-11-28", planChannels("1.0.1", plan.channels), [], "v1.0.0"),
  );
  assertEquals(
    second.slice(second.indexOf("\n## ")),
    `
## 1.0.1 (2026-11-28)

On \`latest\`; \`next\` moved along to it. Changes since v1.0.0:

- No commits.

${entry}`,
  );
});

Deno.test("publishCommands() publishes @routecast/endpoint first, then moves the other channels", () => {
  assertEquals(publishCommands("1.0.0", planChannels("1.0.0", { latest: null, next: null })), [
    "npm publish npm/ --tag latest",
    "npm publish npm-octokit-endpoint/ --tag latest",
    "npm dist-tag add @routecast/endpoint@1.0.0 next",
    "npm dist-tag add @routecast/octokit-endpoint@1.0.0 next",
    "deno publish",
  ]);
});

// ---- Whole runs in scratch clones ------------------------------------------

/**
 * A scratch clone of this repository, as it is on disk, on the branch
 * `main`, with an empty bare repository inside its `.git` as `origin`.
 */
async function scratchClone(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "routecast-release-" });
  await run("git", ["clone", "--quiet", ROOT, dir], dir);
  await run("git", ["checkout", "--quiet", "-B", "main"], dir);
  await run("git", ["init", "--quiet", "--bare", `${dir}/.git/origin.git`], dir);
  await run("git", ["remote", "set-url", "origin", `${dir}/.git/origin.git`], dir);
  // The working tree's uncommitted changes, committed on top, so the test runs the code on disk.
  // node_modules, linked below, is left out (a worktree's is a symbolic link, which the
  // .gitignore entry node_modules/ does not match).
  const changed =
    (await run("git", ["ls-files", "-z", "-m", "-d", "-o", "--exclude-standard"], ROOT))
      .split("\0").filter((path) => path !== "" && path !== "node_modules");
  for (const path of new Set(changed)) {
    const source = `${ROOT}${path}`;
    if (await Deno.lstat(source).then(() => true, () => false)) {
      await Deno.mkdir(`${dir}/${path}`.replace(/\/[^/]*$/, ""), { recursive: true });
      await Deno.copyFile(source, `${dir}/${path}`);
    } else {
      await Deno.remove(`${dir}/${path}`).catch(() => {});
    }
  }
  await run("git", ["config", "user.name", "routecast test"], dir);
  await run("git", ["config", "user.email", "test@routecast.invalid"], dir);
  await run("git", ["add", "--all"], dir);
  if (changed.length > 0) {
    await run("git", ["commit", "--quiet", "-m", "The working tree's uncommitted changes"], dir);
  }
  // The dev tools, without a real copy; ignored like node_modules/ is.
  await Deno.symlink(`${ROOT}node_modules`, `${dir}/node_modules`);
  await Deno.writeTextFile(`${dir}/.git/info/exclude`, "node_modules\n", { append: true });
  return dir;
}

interface Release {
  code: number;
  stdout: string;
  /** stderr without the line `deno task` prints. */
  stderr: string;
}

async function release(
  clone: string,
  args: string[],
  registry = "http://127.0.0.1:9/",
): Promise<Release> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["task", "release", ...args],
    cwd: clone,
    env: { NO_COLOR: "1", npm_config_registry: registry },
  }).output();
  const decoder = new TextDecoder();
  return {
    code,
    stdout: decoder.decode(stdout),
    stderr: decoder.decode(stderr).split("\n").filter((line) => !/^Task release /.test(line))
      .join("\n"),
  };
}

/** What a release must leave alone, to compare before and after. */
async function snapshot(clone: string) {
  const read = (path: string) => Deno.readTextFile(`${clone}/${path}`).catch(() => undefined);
  return {
    head: (await run("git", ["rev-parse", "HEAD"], clone)).trim(),
    tags: await run("git", ["tag", "--list"], clone),
    status: await run("git", ["status", "--porcelain", "--ignored"], clone),
    files: await Promise.all(
      [
        "deno.json",
        "src/version.ts",
        "README.md",
        "CHANGELOG.md",
        ".release/channels.json",
        "npm/package.json",
        "npm-octokit-endpoint/package.json",
      ].map(read),
    ),
  };
}

/** A version one major above the clone's: `<major + 1>.0.0` plus `suffix`. */
async function nextMajor(clone: string, suffix = ""): Promise<string> {
  const { version } = JSON.parse(await Deno.readTextFile(`${clone}/deno.json`));
  return `${Number(version.split(".")[0]) + 1}.0.0${suffix}`;
}

/** The publish commands a run printed, in order. */
function printedCommands(stdout: string): string[] {
  const start = stdout.indexOf("commands, to run in this order");
  const end = stdout.indexOf("then push the release");
  assert(start >= 0 && end > start, stdout);
  return stdout.slice(stdout.indexOf("\n", start) + 1, end).trim().split("\n").map((line) =>
    line.trim()
  );
}

/** The npm registry npm publish --dry-run asks: 127.0.0.1, knowing no package. */
function startRegistry() {
  const requests: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
    const path = decodeURIComponent(new URL(request.url).pathname);
    requests.push(`${request.method} ${path}`);
    return path === "/-/ping"
      ? Response.json({})
      : Response.json({ error: "Not found" }, { status: 404 });
  });
  return { url: `http://127.0.0.1:${server.addr.port}/`, requests, server };
}

/** Runs the refusals in `clone`, then the dirty tree's; returns each run with what it should say. */
async function refusals(clone: string): Promise<[string[], string, Release][]> {
  const { version: current } = JSON.parse(await Deno.readTextFile(`${clone}/deno.json`));
  const prerelease = await nextMajor(clone, "-next.0");
  const cases: [string[], string][] = [
    [["1.2", "--dry-run"], 'error: Cannot release "1.2": not a semver version (expected'],
    [["0.0.0-0"], "error: Cannot release 0.0.0-0: it is not greater than the current version"],
    [[current], `error: Cannot release ${current}: it is not greater than the current version`],
    [[prerelease, "--channel", "latest"], "latest takes plain versions only (use next)"],
    [[prerelease, "--channel=beta"], 'error: Unknown channel "beta": expected latest or next'],
    [
      ["9007199254740992.0.0", "--skip-tests"],
      'error: Cannot release "9007199254740992.0.0": npm cannot publish it, expected major, minor and patch numbers up to 9007199254740991',
    ],
    [[], "error: Missing version: Usage: deno task release <version>"],
  ];
  const results = await Promise.all(cases.map(([args]) => release(clone, args)));
  await Deno.writeTextFile(`${clone}/scratch.txt`, "not committed\n");
  await Deno.writeTextFile(`${clone}/LICENSE`, "changed\n", { append: true });
  const dirty: [string[], string] = [
    [prerelease, "--dry-run", "--skip-tests"],
    "error: Cannot release from a dirty working tree: commit or stash the 2 changed or untracked path(s) first (LICENSE, scratch.txt)",
  ];
  const dirtyRun = await release(clone, dirty[0]);
  // Before anything else: the repository's URL, which the packages and the pages link.
  const denoJson = await Deno.readTextFile(`${clone}/deno.json`);
  const unreachable: [string[], string, Release][] = [];
  for (
    const [repository, problem] of [
      [undefined, "it is not set"],
      [
        "http://github.com/routecast/routecast",
        '"http://github.com/routecast/routecast" is not an https: URL',
      ],
    ] as const
  ) {
    const config = JSON.parse(denoJson);
    config.repository = repository;
    await Deno.writeTextFile(`${clone}/deno.json`, JSON.stringify(config));
    const args = [prerelease, "--dry-run", "--skip-tests"];
    unreachable.push([
      args,
      `error: deno.json's "repository" must be the repository's public https: URL, but ${problem}`,
      await release(clone, args),
    ]);
  }
  await Deno.writeTextFile(`${clone}/deno.json`, denoJson);
  return [
    ...cases.map(([args, message], index): [string[], string, Release] => [
      args,
      message,
      results[index],
    ]),
    [...dirty, dirtyRun],
    ...unreachable,
  ];
}

Deno.test("deno task release in scratch clones: refusals, dry runs on next and latest, a real release", async (t) => {
  const registry = startRegistry();
  const [refusing, offline, online] = await Promise.all([1, 2, 3].map(scratchClone));
  let dryNextRun: Promise<Release> | undefined;
  let refusalsRun: Promise<[string[], string, Release][]> | undefined;
  try {
    const prerelease = await nextMajor(online, "-next.0");
    const plain = await nextMajor(online);
    for (const clone of [offline, online]) {
      for (const subject of ["Add the alpha option", "Fix beta's `{?q}` query"]) {
        await run("git", ["commit", "--quiet", "--allow-empty", "-m", subject], clone);
      }
    }
    const [refusingBefore, offlineBefore, onlineBefore] = await Promise.all(
      [refusing, offline, online].map(snapshot),
    );
    const lastTag = await run("git", ["tag", "--list", "--merged", "HEAD", "v[0-9]*"], online);
    // As the release finds it: the nearest tag, or none before the first release.
    const since = lastTag === ""
      ? "Changes (the first release):"
      : `Changes since ${
        (await run("git", ["describe", "--tags", "--abbrev=0", "--match=v[0-9]*"], online)).trim()
      }:`;

    // Three clones at once: the refusals; a dry run with no registry; a real release, then a dry
    // run, with the registry served here.
    refusalsRun = refusals(refusing);
    dryNextRun = release(offline, [prerelease, "--dry-run", "--skip-tests"]);
    const realNext = await release(online, [prerelease, "--skip-tests"], registry.url);

    await t.step("a real release commits, tags and writes the changelog", async () => {
      const { code, stdout, stderr } = realNext;
      assertEquals(code, 0, stdout + stderr);
      assertEquals(
        await run("git", ["log", "-1", "--format=%s%n%P"], online),
        `Release ${prerelease} on next\n${onlineBefore.head}\n`,
      );
      assertEquals(
        (await run("git", ["rev-parse", `v${prerelease}^{commit}`], online)).trim(),
        (await run("git", ["rev-parse", "HEAD"], online)).trim(),
      );
      assertEquals(await run("git", ["cat-file", "-t", `v${prerelease}`], online), "tag\n");
      assertEquals(await run("git", ["status", "--porcelain"], online), "");
      const changelog = await Deno.readTextFile(`${online}/CHANGELOG.md`);
      assert(changelog.startsWith("# Changelog\n"), changelog);
      const entry = changelog.slice(changelog.indexOf(`## ${prerelease} (`));
      assertStringIncludes(entry, `On \`next\`. ${since}`);
      assertStringIncludes(entry, "- Fix beta's `{?q}` query (");
      assertStringIncludes(entry, "- Add the alpha option (");
      assertEquals(
        await run("git", ["diff", "--name-only", "HEAD~1"], online),
        ".release/channels.json\nCHANGELOG.md\nREADME.md\ndeno.json\ndocs/octokit.md\nsrc/version.ts\n",
      );
      assertEquals(parseChannels(await Deno.readTextFile(`${online}/.release/channels.json`)), {
        latest: null,
        next: prerelease,
      });
      // The packages as built, read here: one version, the exact dependency, the user-agent.
      const manifest = (dir: string) =>
        Deno.readTextFile(`${online}/${dir}/package.json`).then(JSON.parse);
      const [endpointManifest, octokitManifest] = await Promise.all(
        ["npm", "npm-octokit-endpoint"].map(manifest),
      );
      assertEquals(
        [endpointManifest.name, endpointManifest.version],
        ["@routecast/endpoint", prerelease],
      );
      assertEquals(
        [octokitManifest.name, octokitManifest.version, octokitManifest.dependencies],
        ["@routecast/octokit-endpoint", prerelease, { "@routecast/endpoint": prerelease }],
      );
      assertEquals(JSON.parse(await Deno.readTextFile(`${online}/deno.json`)).version, prerelease);
      const agent = await run("node", [
        "--input-type=module",
        "-e",
        `const { endpoint, VERSION } = await import(${
          JSON.stringify(`${online}/npm/esm/octokit.js`)
        }); console.log(VERSION, endpoint("GET /").headers["user-agent"]);`,
      ], online);
      assertEquals(agent, `${prerelease} routecast/${prerelease}\n`);
      assertStringIncludes(
        await Deno.readTextFile(`${online}/README.md`),
        `"npm:@routecast/octokit-endpoint@${prerelease}"`,
      );
      assertEquals(printedCommands(stdout), [
        "npm publish npm/ --tag next",
        "npm publish npm-octokit-endpoint/ --tag next",
        "deno publish",
      ]);
    });

    await t.step("a dry run of a plain version lands on latest and moves next", async () => {
      await run("git", ["commit", "--quiet", "--allow-empty", "-m", "Add gamma"], online);
      const before = await snapshot(online);
      const { code, stdout, stderr } = await release(
        online,
        [plain, "--dry-run", "--skip-tests"],
        registry.url,
      );
      assertEquals(code, 0, stdout + stderr);
      assertStringIncludes(stdout, `) on latest, moving next along [dry run`);
      assertStringIncludes(stdout, `latest (none) -> ${plain}, next ${prerelease} -> ${plain}`);
      const entry = stdout.slice(stdout.indexOf(`## ${plain} (`), stdout.indexOf("Dry run of"));
      assertStringIncludes(
        entry,
        `On \`latest\`; \`next\` moved along to it. Changes since v${prerelease}:`,
      );
      assertStringIncludes(entry, "- Add gamma (");
      assert(!entry.includes("alpha"), entry);
      assert(!stdout.includes("NOTE:"), stdout);
      for (const dir of ["npm", "npm-octokit-endpoint"]) {
        assertStringIncludes(stdout, `$ npm publish ${dir}/ --dry-run --tag latest`);
      }
      assertStringIncludes(stdout, `+ @routecast/endpoint@${plain}`);
      assertStringIncludes(stdout, `+ @routecast/octokit-endpoint@${plain}`);
      assertStringIncludes(stdout, `Simulating publish of @routecast/endpoint@${plain}`);
      assertEquals(printedCommands(stdout), [
        "npm publish npm/ --tag latest",
        "npm publish npm-octokit-endpoint/ --tag latest",
        `npm dist-tag add @routecast/endpoint@${plain} next`,
        `npm dist-tag add @routecast/octokit-endpoint@${plain} next`,
        "deno publish",
      ]);
      // npm asked the registry served here whether each version exists.
      for (const name of ["@routecast/endpoint", "@routecast/octokit-endpoint"]) {
        assert(registry.requests.includes(`GET /${name}`), registry.requests.join(", "));
      }
      // The built packages of the real release are back, the commit and tag untouched.
      assertEquals(await snapshot(online), before);
    });

    await t.step("a dry run of a prerelease lands on next and changes nothing", async () => {
      const { code, stdout, stderr } = await dryNextRun!;
      assertEquals(code, 0, stdout + stderr);
      assertStringIncludes(stdout, `Releasing ${prerelease} (current `);
      assertStringIncludes(stdout, `) on next [dry run`);
      assertStringIncludes(stdout, `- Set the version ${prerelease} in `);
      assertStringIncludes(stdout, "- Test suite SKIPPED (--skip-tests");
      assertStringIncludes(stdout, `- One version everywhere: ${prerelease} in deno.json (JSR)`);
      assertStringIncludes(stdout, `next (none) -> ${prerelease}`);
      assertStringIncludes(stdout, `## ${prerelease} (`);
      assertStringIncludes(stdout, `On \`next\`. ${since}`);
      assertStringIncludes(stdout, "- Add the alpha option (");
      assertStringIncludes(stdout, "- Fix beta's `{?q}` query (");
      // No registry: npm publish --dry-run still runs, and the output says what it could not check.
      assertStringIncludes(stdout, "NOTE: the npm registry http://127.0.0.1:9/ cannot be reached");
      for (const dir of ["npm", "npm-octokit-endpoint"]) {
        assertStringIncludes(stdout, `$ npm publish ${dir}/ --dry-run --tag next`);
      }
      assertStringIncludes(stdout, `+ @routecast/endpoint@${prerelease}`);
      assertStringIncludes(stdout, `+ @routecast/octokit-endpoint@${prerelease}`);
      assertStringIncludes(stdout, "with tag next and default access (dry-run)");
      assertStringIncludes(stdout, "$ deno publish --dry-run --allow-dirty");
      assertStringIncludes(stdout, `Simulating publish of @routecast/endpoint@${prerelease}`);
      assertStringIncludes(stdout, "Dry run complete");
      assertEquals(printedCommands(stdout), [
        "npm publish npm/ --tag next",
        "npm publish npm-octokit-endpoint/ --tag next",
        "deno publish",
      ]);
      assertEquals(await snapshot(offline), offlineBefore);
    });

    await t.step(
      "a bad or lower version, a prerelease on latest and a dirty tree are refused in one line",
      async () => {
        const results = await refusalsRun!;
        for (const [args, message, { code, stdout, stderr }] of results) {
          assertEquals(code, 1, `${args.join(" ")}: ${stdout}${stderr}`);
          assertEquals(stdout, "", args.join(" "));
          assertEquals(stderr.trim().split("\n").length, 1, stderr);
          assertStringIncludes(stderr, message);
        }
        // Only the dirty tree's own changes.
        const after = await snapshot(refusing);
        assertEquals(after.head, refusingBefore.head);
        assertEquals(after.tags, refusingBefore.tags);
        assertEquals(after.status, ` M LICENSE\n?? scratch.txt\n${refusingBefore.status}`);
      },
    );
  } finally {
    await Promise.allSettled([dryNextRun, refusalsRun]);
    await registry.server.shutdown();
    await Promise.all(
      [refusing, offline, online].map((dir) => Deno.remove(dir, { recursive: true })),
    );
  }
});

Deno.test("deno task release refuses a branch other than the channel's and a tag on a remote, writing nothing", async () => {
  const clone = await scratchClone();
  try {
    const plain = await nextMajor(clone);
    const prerelease = await nextMajor(clone, "-next.0");
    const before = await snapshot(clone);
    const refuses = async (args: string[], message: string) => {
      const { code, stdout, stderr } = await release(clone, [...args, "--skip-tests"]);
      assertEquals([code, stdout], [1, ""], `${args.join(" ")}: ${stdout}${stderr}`);
      assertEquals(stderr.trim().split("\n").length, 1, stderr);
      assertStringIncludes(stderr, message);
    };
    await run("git", ["checkout", "--quiet", "-b", "feature"], clone);
    await refuses(
      [plain],
      'error: Cannot release on latest from the branch "feature": expected main checked out',
    );
    await refuses(
      [prerelease],
      'error: Cannot release on next from the branch "feature": expected main or next checked out',
    );
    await run("git", ["checkout", "--quiet", "--detach"], clone);
    await refuses([plain], "error: Cannot release on latest from a detached HEAD: expected main");
    // Tags on the remote only: a lightweight one and an annotated one, pushed, not kept here.
    await run("git", ["push", "--quiet", "origin", `HEAD:refs/tags/v${prerelease}`], clone);
    await run("git", ["tag", "-a", "-m", "released elsewhere", `v${plain}`], clone);
    await run("git", ["push", "--quiet", "origin", `v${plain}`], clone);
    await run("git", ["tag", "-d", `v${plain}`], clone);
    // next may be released from the branch next (the tag check comes next); latest may not.
    await run("git", ["checkout", "--quiet", "-b", "next"], clone);
    await refuses(
      [prerelease],
      `error: Cannot release ${prerelease}: the tag v${prerelease} exists already on the remote "origin"`,
    );
    await refuses([plain], 'error: Cannot release on latest from the branch "next": expected main');
    await run("git", ["checkout", "--quiet", "main"], clone);
    await refuses(
      [plain],
      `error: Cannot release ${plain}: the tag v${plain} exists already on the remote "origin"`,
    );
    // A remote that cannot be asked is refused too ("gone" is listed before "origin").
    await run("git", ["remote", "add", "gone", `${clone}/.git/no-such-remote.git`], clone);
    await refuses(
      [plain],
      'error: Cannot check the tags of the remote "gone": git ls-remote failed',
    );
    await run("git", ["remote", "remove", "gone"], clone);
    const after = await snapshot(clone);
    assertEquals([after.head, after.tags, after.status], [before.head, before.tags, before.status]);
    assertEquals(after.files, before.files);
  } finally {
    await Deno.remove(clone, { recursive: true });
  }
});

// ---- Sizes at any version ----------------------------------------------------

/** A long prerelease. */
const LONG_VERSION = "10.20.300-next.400";
/**
 * The longest version the release takes: 256 characters, the largest numbers
 * npm takes, and a prerelease of letters, digits and hyphens.
 */
const LONGEST_VERSION = ((prefix) => {
  const characters = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-";
  return prefix + Array.from(
    { length: 256 - prefix.length },
    (_, i) => characters[(i * 37 + 11) % characters.length],
  ).join("");
})(`${Number.MAX_SAFE_INTEGER}.${Number.MAX_SAFE_INTEGER}.${Number.MAX_SAFE_INTEGER}-rc.`);

Deno.test("the long versions of these tests are ones a release takes", () => {
  assertEquals(LONGEST_VERSION.length, 256);
  for (const version of [LONG_VERSION, LONGEST_VERSION]) checkNewVersion(version, "0.1.0");
});

Deno.test("readmeBytes() measures README.md the same at any version", async () => {
  const readme = await Deno.readTextFile(`${ROOT}README.md`);
  const atSizeVersion = new TextEncoder().encode(readmeWithVersion(readme, SIZE_VERSION)).length;
  for (const version of [LONG_VERSION, LONGEST_VERSION]) {
    const shipped = readmeWithVersion(readme, version);
    assert(shipped.length > readme.length, `README.md does not name the version ${version}`);
    assertEquals(readmeBytes(shipped), atSizeVersion, version);
  }
  assertEquals(readmeBytes(readme), atSizeVersion);
});

/**
 * A built package named `fake` in a new folder: `esm/mod.js` exports the
 * user-agent `agent` from `esm/src/version.js` (`versionText`) and `other`
 * from a module of the same file name elsewhere, `esm/other/version.js`.
 */
async function fakePackage(versionText: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "routecast-size-" });
  await Deno.mkdir(`${dir}/esm/src`, { recursive: true });
  await Deno.mkdir(`${dir}/esm/other`);
  await Deno.writeTextFile(
    `${dir}/package.json`,
    JSON.stringify({ name: "fake", type: "module", exports: { ".": "./esm/mod.js" } }),
  );
  await Deno.writeTextFile(
    `${dir}/esm/mod.js`,
    'import { VERSION } from "./src/version.js";\nexport const agent = `fake/${VERSION}`;\n' +
      'export { VERSION as other } from "./other/version.js";\n',
  );
  await Deno.writeTextFile(`${dir}/esm/src/version.js`, versionText);
  await Deno.writeTextFile(`${dir}/esm/other/version.js`, versionModule("7.7.7"));
  return dir;
}

Deno.test("bundleSize() at a version bundles the package as though it were built at that version", async () => {
  const dir = await fakePackage(versionModule("1.2.3"));
  const versions = [SIZE_VERSION, LONG_VERSION, LONGEST_VERSION];
  const builds = await Promise.all(versions.map((version) => fakePackage(versionModule(version))));
  try {
    await Deno.symlink(dir, `${dir}-link`);
    assertStringIncludes((await bundleSize(dir, "fake", ".", "agent")).code, '"1.2.3"');
    // Through a symbolic link too: esbuild loads the module by its real path.
    for (const packageDir of [dir, `${dir}-link`]) {
      for (const [index, version] of versions.entries()) {
        const atVersion = await bundleSize(packageDir, "fake", ".", "agent", version);
        const built = await bundleSize(builds[index], "fake", ".", "agent");
        assertStringIncludes(built.code, JSON.stringify(version));
        assertEquals(atVersion, built, version);
        // Another module of that name is not the package's version module.
        const other = await bundleSize(packageDir, "fake", ".", "other", version);
        assertStringIncludes(other.code, '"7.7.7"');
      }
    }
  } finally {
    await esbuild.stop();
    await Deno.remove(`${dir}-link`).catch(() => {});
    for (const folder of [dir, ...builds]) await Deno.remove(folder, { recursive: true });
  }
});

Deno.test("bundleSize() at a version refuses a version module that does not declare VERSION once", async () => {
  const twice = versionModule("1.2.3") + 'export const VERSION = "1.2.4";\n';
  for (
    const [text, count] of [
      ['const version = "1.2.3";\nexport { version as VERSION };\n', 0],
      [twice, 2],
    ] as const
  ) {
    const dir = await fakePackage(text);
    try {
      // Without a version, the module is bundled as it is.
      if (count === 0) await bundleSize(dir, "fake", ".", "other");
      const error = await bundleSize(dir, "fake", ".", "agent", SIZE_VERSION).then(
        () => undefined,
        (error: Error) => error,
      );
      assert(
        error instanceof Error,
        `no error for a version module declaring VERSION ${count} times`,
      );
      assertStringIncludes(
        error.message,
        `esm/src/version.js declares VERSION ${count} times, expected once as \`export const VERSION = "<version>";\``,
      );
    } finally {
      await esbuild.stop();
      await Deno.remove(dir, { recursive: true });
    }
  }
});

Deno.test("a release of a long version keeps every size budget and README.md's limit", async (t) => {
  // A release's steps that depend on the version, in a scratch clone: step 2 (the version set
  // in deno.json and what derives from it), the build of step 4, and the tests of its test run
  // that measure sizes or name the version.
  const clone = await scratchClone();
  const deno = Deno.execPath();
  try {
    for (const version of [LONG_VERSION, LONGEST_VERSION]) {
      await t.step(
        version.length > 40 ? `${version.slice(0, 40)}… (256 characters)` : version,
        async () => {
          await run(deno, [
            "eval",
            `import { setVersion } from "./scripts/release.ts"; await setVersion(${
              JSON.stringify(version)
            });`,
          ], clone);
          await run(deno, ["task", "build:npm"], clone);
          const readme = await Deno.readTextFile(`${clone}/README.md`);
          assertStringIncludes(readme, `"user-agent": "routecast/${version}"`);
          // The bundles ship the version; measured at SIZE_VERSION, no trace of it is left.
          const config = JSON.parse(await Deno.readTextFile(`${clone}/deno.json`));
          assertEquals(config.version, version);
          try {
            const shipped = await bundleSize(`${clone}/npm`, config.name, ".", "endpoint");
            assertStringIncludes(shipped.code, JSON.stringify(version));
            for (const [subpath, { name }] of Object.entries(SIZE_BUDGETS)) {
              const { code } = await bundleSize(
                `${clone}/npm`,
                config.name,
                subpath,
                name,
                SIZE_VERSION,
              );
              assert(!code.includes(version), `${subpath} still carries ${version}`);
            }
          } finally {
            await esbuild.stop();
          }
          // The release's own tests of the sizes and the version, as its test run has them (which
          // type-checks them once, in deno task check: the version changes no type).
          await run(
            deno,
            ["test", "-A", "--no-check", "tests/bundle_size_test.ts", "tests/version_test.ts"],
            clone,
          );
          const docs = await run(
            deno,
            ["test", "-A", "--no-check", "--filter", "README.md is at most", "tests/docs_test.ts"],
            clone,
          );
          assertStringIncludes(docs, "1 passed");
        },
      );
    }
  } finally {
    await Deno.remove(clone, { recursive: true });
  }
});
