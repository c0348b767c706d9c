/**
 * The npm `repository` field for a git remote URL, as `npm init` fills it in.
 *
 * @module
 */

/**
 * Turns a git remote into an npm `repository`, without any credentials in
 * it; `undefined` for a remote that is a path on this machine.
 *
 * @example
 * ```ts
 * import { repositoryFromRemote } from "./_repository.ts";
 * import { assertEquals } from "@std/assert";
 *
 * assertEquals(repositoryFromRemote("git@github.com:o/r.git"), {
 *   type: "git",
 *   url: "git+ssh://git@github.com/o/r.git",
 * });
 * ```
 */
export function repositoryFromRemote(remote: string): { type: "git"; url: string } | undefined {
  // scp-like syntax: git@host:owner/name.git is ssh://git@host/owner/name.git.
  const text = remote.trim().replace(/^([\w.-]+@[\w.-]+):(?!\/)/, "ssh://$1/");
  if (!URL.canParse(text)) return undefined;
  const url = new URL(text);
  if (!["https:", "http:", "ssh:", "git:"].includes(url.protocol)) return undefined;
  url.password = "";
  if (url.protocol !== "ssh:") url.username = "";
  return { type: "git", url: url.protocol === "git:" ? url.href : `git+${url.href}` };
}
