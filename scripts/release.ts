/**
 * Cuts a release of `@routecast/endpoint` (npm and JSR) and
 * `@routecast/octokit-endpoint` (npm), run on a clean main (or, for `next`,
 * a clean `next` branch):
 *
 * ```
 * deno task release <version> [--channel latest|next] [--dry-run] [--skip-tests]
 * npm run release -- <version> [...]
 * ```
 *
 * 1. Refuses a deno.json whose `repository` (the repository's public URL,
 *    which the packages and the pages link) is unset or not an `https:`
 *    URL (scripts/_repository.ts), a dirty working tree, a version that is
 *    not semver (or has
 *    build metadata, which npm drops), one that npm cannot publish (over 256
 *    characters, or a number over `Number.MAX_SAFE_INTEGER`), one not
 *    greater than deno.json's, an unknown channel or a prerelease on
 *    `latest`, a branch other than the channel's (`latest`: `main`; `next`:
 *    `main` or `next`), and a tag `v<version>` that exists here or on any
 *    configured remote (`git ls-remote --tags`; a remote it cannot reach is
 *    refused too), all before anything is written.
 * 2. Sets `version` in deno.json (the one source of truth) and writes the
 *    files derived from it as `deno task sync-version` does.
 * 3. Runs the whole test suite (`deno task test`). `--skip-tests` skips it
 *    and is meant only for tests/release_test.ts, which runs this script in
 *    a scratch clone; never release with it.
 * 4. Builds both npm packages (`deno task build:npm`) and checks that their
 *    versions, the exact dependency of the second on the first, deno.json's
 *    (JSR) version, `VERSION` and the default user-agent agree.
 * 5. Chooses the channel (scripts/_channels.ts) and records it in
 *    `.release/channels.json`.
 * 6. Writes the CHANGELOG.md entry from the subjects of the commits (merges
 *    left out: their branches' commits are listed) since the last release
 *    tag `v*` (all commits when there is none), commits and tags
 *    `v<version>`, and prints the publish commands.
 *
 * With `--dry-run` it does all that except the commit and the tag, then runs
 * `npm publish --dry-run --tag <channel>` for both packages and
 * `deno publish --dry-run --allow-dirty` (it says so when npm cannot reach
 * its registry: the dry run then cannot check that the version is new), and
 * restores every file (the built packages included). Any failure restores
 * every file too.
 *
 * @module
 */

import {
  type Channel,
  type ChannelPlan,
  type ChannelState,
  channelsText,
  checkReleaseBranch,
  parseChannels,
  planChannels,
} from "./_channels.ts";
import { checkRepository } from "./_repository.ts";
import { compareSemver, npmVersionProblem, parseSemver } from "./_semver.ts";
import { syncVersion } from "./sync_version.ts";

/** The npm packages, in the order they are published (the dependency first). */
export const PACKAGES: readonly { name: string; dir: string }[] = [
  { name: "@routecast/endpoint", dir: "npm" },
  { name: "@routecast/octokit-endpoint", dir: "npm-octokit-endpoint" },
];
const CHANNELS_FILE = ".release/channels.json";
const CHANGELOG = "CHANGELOG.md";
const USAGE =
  "Usage: deno task release <version> [--channel latest|next] [--dry-run] [--skip-tests]";

/** What the command line asks for. */
export interface ReleaseArguments {
  version: string;
  channel?: string;
  dryRun: boolean;
  skipTests: boolean;
}

/**
 * Reads the command line of `deno task release`.
 *
 * @throws {Error} Without a version, with two, or with an unknown option.
 * @example
 * ```ts
 * import { parseArguments } from "./release.ts";
 * import { assertEquals } from "@std/assert";
 *
 * assertEquals(parseArguments(["1.2.0-next.3", "--dry-run", "--channel=next"]), {
 *   version: "1.2.0-next.3",
 *   channel: "next",
 *   dryRun: true,
 *   skipTests: false,
 * });
 * ```
 */
export function parseArguments(args: readonly string[]): ReleaseArguments {
  const versions: string[] = [];
  let channel: string | undefined;
  let dryRun = false;
  let skipTests = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--dry-run") dryRun = true;
    else if (arg === "--skip-tests") skipTests = true;
    else if (arg.startsWith("--channel=")) channel = arg.slice("--channel=".length);
    else if (arg === "--channel") {
      if (i + 1 >= args.length) throw new Error(`Option --channel needs a value: ${USAGE}`);
      channel = args[++i];
    } else if (arg.startsWith("-")) {
      throw new Error(
        `Unknown option "${arg}": expected --channel, --dry-run or --skip-tests (${USAGE})`,
      );
    } else versions.push(arg);
  }
  if (versions.length !== 1) {
    throw new Error(
      versions.length === 0
        ? `Missing version: ${USAGE}`
        : `Expected one version, got ${versions.length} ("${versions.join('", "')}"): ${USAGE}`,
    );
  }
  return { version: versions[0], ...(channel === undefined ? {} : { channel }), dryRun, skipTests };
}

/**
 * Checks that `version` can follow `current`: semver without build metadata,
 * that npm can publish (see `npmVersionProblem`), and greater by semver
 * precedence.
 *
 * @throws {Error} A one-line reason otherwise.
 * @example
 * ```ts
 * import { checkNewVersion } from "./release.ts";
 * import { assertThrows } from "@std/assert";
 *
 * checkNewVersion("1.2.0-next.0", "1.1.0");
 * assertThrows(() => checkNewVersion("1.1.0-next.0", "1.1.0"), Error, "not greater");
 * ```
 */
export function checkNewVersion(version: string, current: string): void {
  const parsed = parseSemver(version);
  if (parsed === undefined) {
    throw new Error(
      `Cannot release "${version}": not a semver version (expected major.minor.patch with an optional -prerelease, like 1.2.0 or 1.2.0-next.3)`,
    );
  }
  if (parsed.build.length > 0) {
    throw new Error(
      `Cannot release "${version}": build metadata (+${
        parsed.build.join(".")
      }) is dropped by npm, so the versions would not agree`,
    );
  }
  const npmProblem = npmVersionProblem(version, parsed);
  if (npmProblem !== undefined) {
    throw new Error(`Cannot release "${version}": npm cannot publish it, ${npmProblem}`);
  }
  const currentParsed = parseSemver(current);
  if (currentParsed === undefined) {
    throw new Error(`deno.json's version "${current}" is not semver: fix it first`);
  }
  if (compareSemver(parsed, currentParsed) <= 0) {
    throw new Error(
      `Cannot release ${version}: it is not greater than the current version ${current} (deno.json)`,
    );
  }
}

/** What each place that carries the version says, read after the build. */
export interface BuiltVersions {
  /** deno.json: the JSR module. */
  denoJson: { name?: unknown; version?: unknown };
  /** The manifest of each package of {@linkcode PACKAGES}, by directory. */
  manifests: Record<string, { name?: unknown; version?: unknown; dependencies?: unknown }>;
  /** `VERSION` and the default user-agent, by where they were loaded from. */
  runtimes: Record<string, { VERSION?: unknown; userAgent?: unknown }>;
}

/**
 * Lists every place in `built` that does not say `version`: deno.json, each
 * package's name and version, the exact dependency of
 * `@routecast/octokit-endpoint` on `@routecast/endpoint`, and each
 * `VERSION` and user-agent (`routecast/<version>`).
 *
 * @example
 * ```ts
 * import { versionMismatches } from "./release.ts";
 * import { assertEquals } from "@std/assert";
 *
 * assertEquals(
 *   versionMismatches("1.2.0", {
 *     denoJson: { name: "@routecast/endpoint", version: "1.2.0" },
 *     manifests: {
 *       "npm": { name: "@routecast/endpoint", version: "1.2.0" },
 *       "npm-octokit-endpoint": {
 *         name: "@routecast/octokit-endpoint",
 *         version: "1.2.0",
 *         dependencies: { "@routecast/endpoint": "^1.2.0" },
 *       },
 *     },
 *     runtimes: { "mod.ts": { VERSION: "1.2.0", userAgent: "routecast/1.1.0" } },
 *   }),
 *   [
 *     'npm-octokit-endpoint/package.json depends on @routecast/endpoint "^1.2.0", not exactly 1.2.0',
 *     'mod.ts has the user-agent "routecast/1.1.0", not "routecast/1.2.0"',
 *   ],
 * );
 * ```
 */
export function versionMismatches(version: string, built: BuiltVersions): string[] {
  const mismatches: string[] = [];
  const expect = (what: string, actual: unknown, expected: string) => {
    if (actual !== expected) {
      mismatches.push(`${what} ${JSON.stringify(actual)}, not ${JSON.stringify(expected)}`);
    }
  };
  expect("deno.json (JSR) has the version", built.denoJson.version, version);
  expect("deno.json (JSR) has the name", built.denoJson.name, PACKAGES[0].name);
  for (const [index, { name, dir }] of PACKAGES.entries()) {
    const manifest = built.manifests[dir];
    if (manifest === undefined) {
      mismatches.push(`${dir}/package.json is missing`);
      continue;
    }
    expect(`${dir}/package.json has the name`, manifest.name, name);
    expect(`${dir}/package.json has the version`, manifest.version, version);
    if (index === 0) continue;
    const dependency = (manifest.dependencies as Record<string, unknown> | undefined)
      ?.[PACKAGES[0].name];
    if (dependency !== version) {
      mismatches.push(
        `${dir}/package.json depends on ${PACKAGES[0].name} ${
          JSON.stringify(dependency)
        }, not exactly ${version}`,
      );
    }
  }
  for (const [where, { VERSION, userAgent }] of Object.entries(built.runtimes)) {
    expect(`${where} has VERSION`, VERSION, version);
    expect(`${where} has the user-agent`, userAgent, `routecast/${version}`);
  }
  return mismatches;
}

/** A commit, as the changelog lists it. */
export interface Commit {
  hash: string;
  subject: string;
}

/**
 * The CHANGELOG.md entry of a release: its version and date, its channels,
 * and the subjects of `commits` (newest first) since the tag `since`
 * (`undefined` for the first release).
 *
 * @example
 * ```ts
 * import { changelogEntry } from "./release.ts";
 * import { planChannels } from "./_channels.ts";
 * import { assertEquals } from "@std/assert";
 *
 * const plan = planChannels("1.0.0-next.0", { latest: null, next: null });
 * assertEquals(
 *   changelogEntry("1.0.0-next.0", "2026-11-27", plan, [{ hash: "abc1234", subject: "Add x" }], "v0.9.0"),
 *   "## 1.0.0-next.0 (2026-11-27)\n\nOn `next`. Changes since v0.9.0:\n\n- Add x (abc1234)\n",
 * );
 * ```
 */
export function changelogEntry(
  version: string,
  date: string,
  plan: ChannelPlan,
  commits: readonly Commit[],
  since: string | undefined,
): string {
  const moved = plan.alsoMoved.map((channel) => `; \`${channel}\` moved along to it`).join("");
  const range = since === undefined ? "Changes (the first release):" : `Changes since ${since}:`;
  const list = commits.length === 0
    ? "- No commits.\n"
    : commits.map(({ hash, subject }) => `- ${subject} (${hash})\n`).join("");
  return `## ${version} (${date})\n\nOn \`${plan.channel}\`${moved}. ${range}\n\n${list}`;
}

const CHANGELOG_HEADER = `# Changelog

Every release of \`@routecast/endpoint\` (npm and JSR) and \`@routecast/octokit-endpoint\` (npm), newest
first: its channel and the commits since the release before it. \`deno task release\` writes each
entry; channels and the compatibility promise are in [README.md](README.md#versioning).
`;

/**
 * Returns `changelog` (`undefined` when there is no CHANGELOG.md yet) with
 * `entry` above the other entries.
 *
 * @example
 * ```ts
 * import { withChangelogEntry } from "./release.ts";
 * import { assert } from "@std/assert";
 *
 * const once = withChangelogEntry(undefined, "## 1.0.0 (2026-11-27)\n");
 * const twice = withChangelogEntry(once, "## 1.1.0 (2026-11-28)\n");
 * assert(twice.indexOf("## 1.1.0") < twice.indexOf("## 1.0.0"));
 * ```
 */
export function withChangelogEntry(changelog: string | undefined, entry: string): string {
  const text = changelog ?? CHANGELOG_HEADER;
  const first = text.indexOf("\n## ");
  return first < 0
    ? `${text.trimEnd()}\n\n${entry}`
    : `${text.slice(0, first + 1)}${entry}\n${text.slice(first + 1)}`;
}

/**
 * The commands that publish a release, in order: each npm package on its
 * channel (`@routecast/endpoint` first, since the other depends on it),
 * the other channels it moves, then the JSR module.
 *
 * @example
 * ```ts
 * import { publishCommands } from "./release.ts";
 * import { planChannels } from "./_channels.ts";
 * import { assertEquals } from "@std/assert";
 *
 * const plan = planChannels("1.0.0-next.0", { latest: null, next: null });
 * assertEquals(publishCommands("1.0.0-next.0", plan), [
 *   "npm publish npm/ --tag next",
 *   "npm publish npm-octokit-endpoint/ --tag next",
 *   "deno publish",
 * ]);
 * ```
 */
export function publishCommands(version: string, plan: ChannelPlan): string[] {
  return [
    ...PACKAGES.map(({ dir }) => `npm publish ${dir}/ --tag ${plan.channel}`),
    ...plan.alsoMoved.flatMap((channel) =>
      PACKAGES.map(({ name }) => `npm dist-tag add ${name}@${version} ${channel}`)
    ),
    "deno publish",
  ];
}

/** Describes how `plan` changes `before`, one channel after the other. */
function describeChannels(before: ChannelState, plan: ChannelPlan): string {
  return (Object.keys(plan.channels) as Channel[]).map((channel) =>
    before[channel] === plan.channels[channel]
      ? `${channel} stays at ${before[channel] ?? "no version"}`
      : `${channel} ${before[channel] ?? "(none)"} -> ${plan.channels[channel]}`
  ).join(", ");
}

// ---- Running it ------------------------------------------------------------

const DENO = Deno.execPath();
const decoder = new TextDecoder();

/** The result of a command: whether it succeeded and its stdout and stderr together. */
interface Outcome {
  success: boolean;
  stdout: string;
  output: string;
}

async function execute(command: string, args: string[], inherit = false): Promise<Outcome> {
  const child = new Deno.Command(command, {
    args,
    stdout: inherit ? "inherit" : "piped",
    stderr: inherit ? "inherit" : "piped",
    // A remote that wants a password fails instead of waiting for one.
    env: { NO_COLOR: "1", GIT_TERMINAL_PROMPT: "0" },
  });
  const fail = (error: Error): never => {
    throw new Error(`Cannot run ${command}: ${error.message}`);
  };
  if (inherit) {
    const { success } = await Promise.resolve().then(() => child.spawn().status).catch(fail);
    return { success, stdout: "", output: "" };
  }
  const { success, stdout, stderr } = await child.output().catch(fail);
  const out = decoder.decode(stdout);
  return { success, stdout: out, output: out + decoder.decode(stderr) };
}

/** Runs a command and returns its stdout; shows its output and throws when it fails. */
async function must(command: string, args: string[], inherit = false): Promise<string> {
  const { success, stdout, output } = await execute(command, args, inherit);
  if (!success) {
    if (output) console.error(output.trimEnd());
    const name = command === DENO ? "deno" : command;
    throw new Error(`\`${name} ${args.join(" ")}\` failed (its output is above)`);
  }
  return stdout;
}

const git = async (...args: string[]) => (await must("git", args)).trim();

/** The paths `git status` lists as changed or untracked. */
async function changedPaths(): Promise<string[]> {
  const status = await must("git", ["status", "--porcelain", "-z"]);
  return status.split("\0").filter(Boolean).map((entry) => entry.slice(3));
}

async function readTextIfAny(path: string): Promise<string | undefined> {
  return await Deno.readTextFile(path).catch((error) => {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  });
}

async function exists(path: string): Promise<boolean> {
  return await Deno.lstat(path).then(() => true, () => false);
}

/**
 * Step 2 of a release, in the repository of this script: sets `version` in
 * deno.json and writes the files derived from it (`syncVersion()`). Every
 * size the test suite limits is measured so that any version passes
 * (`SIZE_VERSION`); tests/release_test.ts checks it on a build at a long
 * version.
 *
 * @example
 * ```ts ignore
 * import { setVersion } from "./release.ts";
 *
 * await setVersion("10.20.300-next.400");
 * ```
 */
export async function setVersion(version: string): Promise<void> {
  const denoJson = new URL("../deno.json", import.meta.url);
  await Deno.writeTextFile(denoJson, withVersion(await Deno.readTextFile(denoJson), version));
  await syncVersion();
}

/** Sets `version` in the text of deno.json, touching nothing else. */
function withVersion(denoJson: string, version: string): string {
  const updated = denoJson.replace(/("version"\s*:\s*)"[^"]*"/, (_, key) => `${key}"${version}"`);
  if (JSON.parse(updated).version !== version) {
    throw new Error('Cannot set the version in deno.json: it has no "version": "…" entry');
  }
  return updated;
}

/** Reads `VERSION` and the default user-agent from the sources (Deno) and the built package (Node.js). */
async function runtimeVersions(): Promise<BuiltVersions["runtimes"]> {
  const denoScript = `
    import { endpoint, VERSION } from "./mod.ts";
    import { endpoint as octokit } from "./octokit.ts";
    console.log(JSON.stringify({
      "mod.ts (Deno)": { VERSION, userAgent: endpoint.DEFAULTS.headers["user-agent"] },
      "octokit.ts (Deno)": { VERSION, userAgent: octokit.DEFAULTS.headers["user-agent"] },
    }));`;
  const nodeScript = `
    import { createRequire } from "node:module";
    const root = ${JSON.stringify(Deno.cwd())};
    const esm = await import(root + "/npm/esm/mod.js");
    const octokit = await import(root + "/npm/esm/octokit.js");
    const cjs = createRequire(import.meta.url)(root + "/npm/script/mod.js");
    const of = (m) => ({ VERSION: m.VERSION, userAgent: m.endpoint.DEFAULTS.headers["user-agent"] });
    console.log(JSON.stringify({
      "npm/esm/mod.js (Node.js)": of(esm),
      "npm/script/mod.js (Node.js)": of(cjs),
      "npm/esm/octokit.js (Node.js)": of(octokit),
    }));`;
  return {
    ...JSON.parse(await must(DENO, ["eval", denoScript])),
    ...JSON.parse(await must("node", ["--input-type=module", "-e", nodeScript])),
  };
}

/**
 * Moves the build outputs aside, so that a dry run or a failure can put back
 * what was there; returns the function that does.
 */
async function setAsideBuilds(): Promise<{ restore(): Promise<void>; drop(): Promise<void> }> {
  const hadTmp = await exists(".tmp");
  const aside = `.tmp/release-${Date.now()}`;
  await Deno.mkdir(aside, { recursive: true });
  const moved: string[] = [];
  for (const { dir } of PACKAGES) {
    if (await exists(dir)) {
      await Deno.rename(dir, `${aside}/${dir}`);
      moved.push(dir);
    }
  }
  const cleanUp = async () => {
    await Deno.remove(hadTmp ? aside : ".tmp", { recursive: true });
  };
  return {
    async restore() {
      for (const { dir } of PACKAGES) await Deno.remove(dir, { recursive: true }).catch(() => {});
      for (const dir of moved) await Deno.rename(`${aside}/${dir}`, dir);
      await cleanUp();
    },
    drop: cleanUp,
  };
}

/** Whether npm reaches its registry; never throws, so it can run while the release goes on. */
async function probeRegistry(): Promise<{ registry: string; reachable: boolean }> {
  const failed: Outcome = { success: false, stdout: "", output: "" };
  const [config, ping] = await Promise.all([
    execute("npm", ["config", "get", "registry"]).catch(() => failed),
    execute("npm", ["ping", "--fetch-retries=0", "--fetch-timeout=15000"]).catch(() => failed),
  ]);
  return { registry: config.stdout.trim() || "(unknown)", reachable: ping.success };
}

/**
 * Runs `npm publish --dry-run` for each package and `deno publish --dry-run`
 * for real, at once, and shows their outcomes in order; nothing is uploaded.
 */
async function dryRunPublish(
  version: string,
  plan: ChannelPlan,
  probe: { registry: string; reachable: boolean },
): Promise<void> {
  // npm publish --dry-run asks the registry whether the version exists; when it cannot reach
  // it, it retries for about a minute, then goes on without that check.
  const offline = probe.reachable ? [] : ["--fetch-retries=0", "--fetch-timeout=15000"];
  if (!probe.reachable) {
    console.log(
      `NOTE: the npm registry ${probe.registry} cannot be reached (npm ping failed): npm publish --dry-run still packs and checks both packages, but cannot tell whether ${version} is already published`,
    );
  }
  const runs = [
    ...PACKAGES.map(({ name, dir }) => ({
      command: "npm",
      args: ["publish", `${dir}/`, "--dry-run", "--tag", plan.channel, ...offline],
      expect: `+ ${name}@${version}`,
      shown: /^\+ |Publishing to|package size|total files|npm warn/,
    })),
    // Needs no network: only a real publish reaches JSR.
    {
      command: "deno",
      args: ["publish", "--dry-run", "--allow-dirty"],
      expect: "Dry run complete",
      shown: /^(?! {3}file:\/\/)/,
    },
  ];
  const outcomes = await Promise.all(
    runs.map(({ command, args }) => execute(command === "deno" ? DENO : command, args)),
  );
  for (const [index, { command, args, expect, shown }] of runs.entries()) {
    const { success, output } = outcomes[index];
    const line = `${command} ${args.join(" ")}`;
    console.log(`$ ${line}`);
    const lines = output.trimEnd().split("\n").filter((text) => shown.test(text));
    console.log(lines.map((text) => `  ${text}`).join("\n"));
    if (!success || !output.includes(expect)) {
      console.error(output.trimEnd());
      throw new Error(`\`${line}\` failed or did not print "${expect}" (its output is above)`);
    }
  }
}

/** Reads every place that carries the version after the build, and throws unless all say `version`. */
async function checkVersionsAgree(version: string): Promise<void> {
  const versions: BuiltVersions = {
    denoJson: JSON.parse(await Deno.readTextFile("deno.json")),
    manifests: Object.fromEntries(
      await Promise.all(PACKAGES.map(async ({ dir }) => [
        dir,
        JSON.parse(await readTextIfAny(`${dir}/package.json`) ?? "null") ?? undefined,
      ])),
    ),
    runtimes: await runtimeVersions(),
  };
  const mismatches = versionMismatches(version, versions);
  if (mismatches.length > 0) {
    throw new Error(`The versions do not agree: ${mismatches.join("; ")}`);
  }
  console.log(
    `- One version everywhere: ${version} in deno.json (JSR), ${
      PACKAGES.map(({ dir }) => `${dir}/package.json`).join(", ")
    }, the dependency on ${PACKAGES[0].name}, VERSION and the user-agent in ${
      Object.keys(versions.runtimes).join(", ")
    }`,
  );
}

/**
 * Whether `listing` (the output of `git ls-remote --tags`) has the tag `tag`
 * (an annotated tag is listed twice: as itself, then peeled, `^{}`).
 *
 * @example
 * ```ts
 * import { listsTag } from "./release.ts";
 * import { assertEquals } from "@std/assert";
 *
 * const listing = "0123abcd\trefs/tags/v1.0.0\n4567cdef\trefs/tags/v1.0.0^{}\n";
 * assertEquals([listsTag(listing, "v1.0.0"), listsTag(listing, "v1.0")], [true, false]);
 * ```
 */
export function listsTag(listing: string, tag: string): boolean {
  return listing.split("\n").some((line) => {
    const ref = line.slice(line.indexOf("\t") + 1);
    return ref === `refs/tags/${tag}`;
  });
}

/**
 * Refuses `tag` when any configured remote has it (`git ls-remote --tags`),
 * or when a remote cannot be asked: a release tag must be new everywhere it
 * will be pushed.
 */
async function checkRemoteTags(version: string, tag: string): Promise<void> {
  const remotes = (await git("remote")).split("\n").filter(Boolean);
  for (const remote of remotes) {
    const { success, stdout, output } = await execute("git", [
      "ls-remote",
      "--tags",
      remote,
      `refs/tags/${tag}*`,
    ]);
    if (!success) {
      throw new Error(
        `Cannot check the tags of the remote "${remote}": git ls-remote failed (${
          output.trim().split("\n").join(" ")
        }), expected to reach every configured remote`,
      );
    }
    if (listsTag(stdout, tag)) {
      throw new Error(
        `Cannot release ${version}: the tag ${tag} exists already on the remote "${remote}"`,
      );
    }
  }
}

/** Adds the entry of `version` to CHANGELOG.md: the commits since the last release tag. */
async function writeChangelog(version: string, plan: ChannelPlan): Promise<void> {
  const since = (await execute("git", ["describe", "--tags", "--abbrev=0", "--match=v[0-9]*"]))
    .stdout.trim() || undefined;
  const log = await git(
    "log",
    "--no-merges",
    "--format=%h%x09%s",
    since === undefined ? "HEAD" : `${since}..HEAD`,
  );
  const commits = log.split("\n").filter(Boolean).map((line) => {
    const [hash, ...subject] = line.split("\t");
    return { hash, subject: subject.join("\t") };
  });
  const date = new Date().toISOString().slice(0, 10);
  const entry = changelogEntry(version, date, plan, commits, since);
  await Deno.writeTextFile(CHANGELOG, withChangelogEntry(await readTextIfAny(CHANGELOG), entry));
  console.log(
    `- ${CHANGELOG} entry (${commits.length} commit(s) since ${since ?? "the first commit"}):`,
  );
  console.log(entry.trimEnd().split("\n").map((line) => `    ${line}`).join("\n"));
}

/** Cuts the release `args` describe; see the module documentation. */
async function release(args: ReleaseArguments): Promise<void> {
  Deno.chdir(new URL("../", import.meta.url));
  const { version, dryRun } = args;
  const config = JSON.parse(await Deno.readTextFile("deno.json"));
  // The packages and the pages link the repository; a release without its URL strands users.
  checkRepository(config.repository);
  const current: string = config.version;
  checkNewVersion(version, current);
  const before = parseChannels(await readTextIfAny(CHANNELS_FILE));
  const plan = planChannels(version, before, args.channel);
  const dirty = await changedPaths();
  if (dirty.length > 0) {
    throw new Error(
      `Cannot release from a dirty working tree: commit or stash the ${dirty.length} changed or untracked path(s) first (${
        dirty.slice(0, 3).join(", ")
      }${dirty.length > 3 ? ", …" : ""})`,
    );
  }
  const branch = (await execute("git", ["symbolic-ref", "--quiet", "--short", "HEAD"])).stdout
    .trim();
  checkReleaseBranch(plan.channel, branch === "" ? undefined : branch);
  const tag = `v${version}`;
  if ((await execute("git", ["rev-parse", "-q", "--verify", `refs/tags/${tag}`])).success) {
    throw new Error(`Cannot release ${version}: the tag ${tag} exists already`);
  }
  await checkRemoteTags(version, tag);
  const head = await git("rev-parse", "HEAD");

  console.log(
    `Releasing ${version} (current ${current}) on ${plan.channel}${
      plan.alsoMoved.map((channel) => `, moving ${channel} along`).join("")
    }${dryRun ? " [dry run: nothing is committed, tagged or published]" : ""}`,
  );
  const probing = dryRun ? probeRegistry() : undefined;
  const builds = await setAsideBuilds();
  let committed = false;
  try {
    await setVersion(version);
    console.log(`- Set the version ${version} in ${(await changedPaths()).join(", ")}`);

    if (args.skipTests) {
      console.log("- Test suite SKIPPED (--skip-tests, meant only for tests/release_test.ts)");
    } else {
      console.log("- Running the whole test suite (deno task test)");
      await must(DENO, ["task", "test"], true);
    }

    const built = await must(DENO, ["task", "build:npm"]);
    console.log(
      built.split("\n").filter((line) => line.startsWith("Built ")).map((line) => `- ${line}`)
        .join("\n"),
    );
    await checkVersionsAgree(version);

    await Deno.mkdir(CHANNELS_FILE.slice(0, CHANNELS_FILE.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(CHANNELS_FILE, channelsText(plan.channels));
    console.log(`- Channels (${CHANNELS_FILE}): ${describeChannels(before, plan)}`);
    await writeChangelog(version, plan);
    await must(DENO, ["fmt", "--quiet", CHANGELOG, CHANNELS_FILE]);

    if (dryRun) {
      console.log("\nDry run of the publish commands (nothing is uploaded):");
      await dryRunPublish(version, plan, await probing!);
    } else {
      await git("add", "--all");
      await git("commit", "--quiet", "-m", `Release ${version} on ${plan.channel}`);
      committed = true;
      await git("tag", "-a", tag, "-m", `routecast ${version} (${plan.channel})`);
      console.log(`- Committed "Release ${version} on ${plan.channel}" and tagged ${tag}`);
    }
  } catch (error) {
    await restore(head, committed ? tag : undefined);
    await builds.restore();
    console.error("Restored every file: nothing was committed or tagged.");
    throw error;
  }
  if (dryRun) {
    await restore(head, undefined);
    await builds.restore();
    console.log(
      `\nDry run: restored every file; no commit, no tag (HEAD still ${head.slice(0, 7)}).`,
    );
  } else {
    await builds.drop();
  }
  console.log(
    `\n${dryRun ? "A release would print these" : "Publish"} commands, to run in this order (${
      PACKAGES[1].name
    } depends on ${PACKAGES[0].name}@${version}):`,
  );
  for (const command of publishCommands(version, plan)) console.log(`  ${command}`);
  console.log(`then push the release: git push origin HEAD ${tag}`);
}

/**
 * Puts the repository back at `head` as the clean tree it was (the release
 * checked it was clean), deleting `tag` when it was made.
 */
async function restore(head: string, tag: string | undefined): Promise<void> {
  if (tag !== undefined) await git("tag", "-d", tag);
  await git("reset", "--quiet", "--hard", head);
  await git("clean", "--quiet", "-d", "--force");
}

if (import.meta.main) {
  try {
    await release(parseArguments(Deno.args));
  } catch (error) {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    Deno.exit(1);
  }
}
