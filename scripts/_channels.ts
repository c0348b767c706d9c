/**
 * The release channels, `latest` and `next` (npm dist-tags), and which
 * version each points at: kept in `.release/channels.json`, which
 * scripts/release.ts updates in each release commit (the registry itself is
 * out of reach of the release script).
 *
 * @module
 */

import { compareSemver, parseSemver } from "./_semver.ts";

/** A release channel: an npm dist-tag. */
export type Channel = "latest" | "next";

/** Every channel, in the order their publish commands run. */
export const CHANNELS: readonly Channel[] = ["latest", "next"];

/**
 * The branches each channel is released from: `latest` from `main` only;
 * `next` also from `next`, where prereleases of a version that `main` does
 * not carry yet (a new major) can be cut.
 */
export const CHANNEL_BRANCHES: Readonly<Record<Channel, readonly string[]>> = {
  latest: ["main"],
  next: ["main", "next"],
};

/**
 * Checks that a release on `channel` runs on one of its branches
 * ({@linkcode CHANNEL_BRANCHES}); `branch` is `undefined` for a detached HEAD.
 *
 * @throws {Error} A one-line reason otherwise.
 * @example
 * ```ts
 * import { checkReleaseBranch } from "./_channels.ts";
 * import { assertThrows } from "@std/assert";
 *
 * checkReleaseBranch("next", "next");
 * assertThrows(() => checkReleaseBranch("latest", "next"), Error, "expected main");
 * ```
 */
export function checkReleaseBranch(channel: Channel, branch: string | undefined): void {
  const branches = CHANNEL_BRANCHES[channel];
  if (branch !== undefined && branches.includes(branch)) return;
  throw new Error(
    `Cannot release on ${channel} from ${
      branch === undefined ? "a detached HEAD" : `the branch "${branch}"`
    }: expected ${branches.join(" or ")} checked out`,
  );
}

/** The version each channel points at; `null` before its first release. */
export type ChannelState = Record<Channel, string | null>;

/** Where a release goes. */
export interface ChannelPlan {
  /** The channel the packages are published on (`npm publish --tag`). */
  channel: Channel;
  /** Other channels moved to the version too (`npm dist-tag add`). */
  alsoMoved: Channel[];
  /** The state after the release. */
  channels: ChannelState;
}

/**
 * Chooses the channels of a release of `version`: a prerelease goes to
 * `next`; a plain version goes to `latest` and moves `next` along when
 * `next` would otherwise point at an older version (or at none).
 * `requested` (`--channel`) overrides the choice, but `latest` takes plain
 * versions only.
 *
 * @throws {Error} For an unknown channel, or a prerelease on `latest`.
 * @example
 * ```ts
 * import { planChannels } from "./_channels.ts";
 * import { assertEquals } from "@std/assert";
 *
 * const plan = planChannels("1.2.0", { latest: "1.1.0", next: "1.2.0-next.3" });
 * assertEquals(plan, {
 *   channel: "latest",
 *   alsoMoved: ["next"],
 *   channels: { latest: "1.2.0", next: "1.2.0" },
 * });
 * ```
 */
export function planChannels(
  version: string,
  state: ChannelState,
  requested?: string,
): ChannelPlan {
  const parsed = parseSemver(version);
  if (parsed === undefined) throw new Error(`Cannot plan channels for "${version}": not semver`);
  if (requested !== undefined && !(CHANNELS as readonly string[]).includes(requested)) {
    throw new Error(`Unknown channel "${requested}": expected ${CHANNELS.join(" or ")}`);
  }
  const prerelease = parsed.prerelease.length > 0;
  if (prerelease && requested === "latest") {
    throw new Error(
      `Cannot release prerelease ${version} on latest: latest takes plain versions only (use next)`,
    );
  }
  const channel: Channel = (requested as Channel | undefined) ?? (prerelease ? "next" : "latest");
  const channels = { ...state, [channel]: version };
  const alsoMoved: Channel[] = [];
  const next = state.next === null ? undefined : parseSemver(state.next);
  if (channel === "latest" && (next === undefined || compareSemver(next, parsed) < 0)) {
    channels.next = version;
    alsoMoved.push("next");
  }
  return { channel, alsoMoved, channels };
}

/**
 * Reads a channel state from the text of `.release/channels.json`
 * (`undefined` when the file does not exist yet: no channel points anywhere).
 *
 * @throws {Error} When the text is not an object with a semver or `null` per channel.
 * @example
 * ```ts
 * import { parseChannels } from "./_channels.ts";
 * import { assertEquals } from "@std/assert";
 *
 * assertEquals(parseChannels('{ "latest": "1.0.0", "next": null }'), {
 *   latest: "1.0.0",
 *   next: null,
 * });
 * assertEquals(parseChannels(undefined), { latest: null, next: null });
 * ```
 */
export function parseChannels(text: string | undefined): ChannelState {
  if (text === undefined) return { latest: null, next: null };
  const value: unknown = JSON.parse(text);
  const record = typeof value === "object" && value !== null && !Array.isArray(value)
    ? value as Record<string, unknown>
    : undefined;
  const valid = (entry: unknown) =>
    entry === null || (typeof entry === "string" && parseSemver(entry) !== undefined);
  if (
    record === undefined || Object.keys(record).sort().join() !== [...CHANNELS].sort().join() ||
    !CHANNELS.every((channel) => valid(record[channel]))
  ) {
    throw new Error(
      `Malformed channel state ${text.trim()}: expected { "latest": <version or null>, "next": <version or null> }`,
    );
  }
  return { latest: record.latest as string | null, next: record.next as string | null };
}

/**
 * The text of `.release/channels.json` for `state`.
 *
 * @example
 * ```ts
 * import { channelsText, parseChannels } from "./_channels.ts";
 * import { assertEquals } from "@std/assert";
 *
 * const state = { latest: "1.0.0", next: "1.1.0-next.0" };
 * assertEquals(parseChannels(channelsText(state)), state);
 * ```
 */
export function channelsText(state: ChannelState): string {
  return JSON.stringify({ latest: state.latest, next: state.next }, null, 2) + "\n";
}
