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

/**
 * The npm `homepage` for a package: the web page of its repository (as npm
 * shows it, `…#readme`) when that is an `https` or `ssh` git URL, else
 * `fallback`.
 *
 * @example
 * ```ts
 * import { homepageFromRepository } from "./_repository.ts";
 * import { assertEquals } from "@std/assert";
 *
 * assertEquals(
 *   homepageFromRepository({ type: "git", url: "git+ssh://git@github.com/o/r.git" }, "x"),
 *   "https://github.com/o/r#readme",
 * );
 * assertEquals(homepageFromRepository(undefined, "https://jsr.io/@o/r"), "https://jsr.io/@o/r");
 * ```
 */
export function homepageFromRepository(repository: unknown, fallback: string): string {
  const url = typeof repository === "string"
    ? repository
    : (repository as { url?: unknown } | undefined)?.url;
  if (typeof url !== "string") return fallback;
  const text = url.replace(/^git\+/, "");
  if (!URL.canParse(text)) return fallback;
  const parsed = new URL(text);
  if (parsed.protocol !== "https:" && parsed.protocol !== "ssh:") return fallback;
  return `https://${parsed.hostname}${parsed.pathname.replace(/\.git$/, "")}#readme`;
}
