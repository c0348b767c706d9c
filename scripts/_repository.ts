/**
 * The repository's public URL, one setting: deno.json's `repository`. The
 * npm build copies it into both package.json files (`repository`, `bugs`,
 * `homepage`), `deno task sync-docs` writes the links the pages show, and
 * the release refuses to publish while it is unset or not an `https:` URL.
 *
 * @module
 */

/** The links a page shows for the repository at `url`. */
export interface RepositoryLinks {
  /** The repository's web page. */
  repository: string;
  /** Its issue tracker. */
  issues: string;
  /** Its private security advisory form ("Report a vulnerability"). */
  advisories: string;
}

/**
 * Why `url` cannot be the repository's public URL, or `undefined` when it
 * can: an absolute `https:` URL with a host and a path, and no credentials,
 * query or fragment (a reader follows it, and npm and the pages add
 * `/issues` and `#readme` to it).
 *
 * @example
 * ```ts
 * import { repositoryProblem } from "./_repository.ts";
 * import { assertEquals } from "@std/assert";
 *
 * assertEquals(repositoryProblem("https://github.com/o/r"), undefined);
 * assertEquals(repositoryProblem(undefined), "it is not set");
 * ```
 */
export function repositoryProblem(url: unknown): string | undefined {
  if (url === undefined) return "it is not set";
  if (typeof url !== "string") return `it is not a string (${typeof url})`;
  if (!URL.canParse(url)) return `"${url}" is not a URL`;
  const parsed = new URL(url);
  if (parsed.protocol !== "https:") return `"${url}" is not an https: URL`;
  // Never quoted: the credentials would be printed.
  if (parsed.username !== "" || parsed.password !== "") return "it has credentials in it";
  if (url.includes("?") || url.includes("#")) return `"${url}" has a query or a fragment`;
  if (parsed.pathname.replace(/\/+$/, "") === "") return `"${url}" names no repository`;
  if (url.endsWith("/") || url.endsWith(".git")) {
    return `"${url}" ends with "/" or ".git" (expected the repository's web page)`;
  }
  return undefined;
}

/**
 * Checks deno.json's `repository`, as the npm build and the release read it.
 *
 * @throws {Error} When {@linkcode repositoryProblem} finds a problem.
 * @example
 * ```ts
 * import { checkRepository } from "./_repository.ts";
 * import { assertThrows } from "@std/assert";
 *
 * assertThrows(() => checkRepository("http://github.com/o/r"), Error, "not an https: URL");
 * ```
 */
export function checkRepository(url: unknown): string {
  const problem = repositoryProblem(url);
  if (problem !== undefined) {
    throw new Error(
      `deno.json's "repository" must be the repository's public https: URL, but ${problem}`,
    );
  }
  return url as string;
}

/**
 * The links to the repository at `url`, its issues and its security
 * advisory form.
 *
 * @example
 * ```ts
 * import { repositoryLinks } from "./_repository.ts";
 * import { assertEquals } from "@std/assert";
 *
 * assertEquals(repositoryLinks("https://github.com/o/r").issues, "https://github.com/o/r/issues");
 * ```
 */
export function repositoryLinks(url: string): RepositoryLinks {
  return {
    repository: url,
    issues: `${url}/issues`,
    advisories: `${url}/security/advisories/new`,
  };
}

/**
 * The package.json fields for the repository at `url`, in the form
 * `npm pkg fix` leaves alone.
 *
 * @example
 * ```ts
 * import { packageFields } from "./_repository.ts";
 * import { assertEquals } from "@std/assert";
 *
 * assertEquals(packageFields("https://github.com/o/r"), {
 *   repository: { type: "git", url: "git+https://github.com/o/r.git" },
 *   bugs: { url: "https://github.com/o/r/issues" },
 *   homepage: "https://github.com/o/r#readme",
 * });
 * ```
 */
export function packageFields(url: string): {
  repository: { type: "git"; url: string };
  bugs: { url: string };
  homepage: string;
} {
  return {
    repository: { type: "git", url: `git+${url}.git` },
    bugs: { url: repositoryLinks(url).issues },
    homepage: `${url}#readme`,
  };
}

/**
 * The text each page shows between its `<!-- generated:<name> … -->` and
 * `<!-- /generated:<name> -->` markers, per page and block name.
 */
export const REPOSITORY_BLOCKS: Readonly<
  Record<string, Readonly<Record<string, (links: RepositoryLinks) => string>>>
> = {
  "README.md": {
    links: ({ repository, issues, advisories }) =>
      `- [The repository](${repository}), its [issues](${issues}), and the private form to ` +
      `[report a vulnerability](${advisories})`,
  },
  "SECURITY.md": {
    report: ({ advisories }) =>
      `Report a vulnerability privately to the maintainers, through the repository's ` +
      `[private security advisory form](${advisories}) ("Report a vulnerability" under its ` +
      `Security tab).`,
  },
};

/** The start marker of the block `name`, with the header that says where it comes from. */
export function blockStart(name: string): string {
  return `<!-- generated:${name} by deno task sync-version from deno.json's "repository"; do not edit -->`;
}

/** The end marker of the block `name`. */
export function blockEnd(name: string): string {
  return `<!-- /generated:${name} -->`;
}

/** `text` with each run of whitespace as one space, and none at either end. */
function words(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * `text` (the page `page`) with each repository block rewritten for the
 * repository at `url`.
 *
 * @throws {Error} When a block's markers are missing.
 * @example
 * ```ts
 * import { blockEnd, blockStart, withRepositoryBlocks } from "./_repository.ts";
 * import { assertStringIncludes } from "@std/assert";
 *
 * const page = `${blockStart("links")}\nold\n${blockEnd("links")}\n`;
 * assertStringIncludes(
 *   withRepositoryBlocks(page, "README.md", "https://github.com/o/r"),
 *   "(https://github.com/o/r/issues)",
 * );
 * ```
 */
export function withRepositoryBlocks(text: string, page: string, url: string): string {
  let result = text;
  for (const [name, render] of Object.entries(REPOSITORY_BLOCKS[page] ?? {})) {
    const start = result.indexOf(blockStart(name));
    const end = result.indexOf(blockEnd(name));
    if (start < 0 || end < start) throw new Error(`${page} lacks the generated block "${name}"`);
    const block = render(repositoryLinks(url));
    const current = result.slice(start + blockStart(name).length, end);
    // A fresh block is left as `deno fmt` wrapped it, so that syncing changes no fresh page.
    if (words(current) === words(block)) continue;
    result = result.slice(0, start) + `${blockStart(name)}\n\n${block}\n\n` + result.slice(end);
  }
  return result;
}

/**
 * A package README from its template: `{{VERSION}}`, and `{{REPOSITORY}}`,
 * `{{ISSUES}}`, `{{ADVISORIES}}` for the repository at `url`.
 *
 * @example
 * ```ts
 * import { packageReadme } from "./_repository.ts";
 * import { assertEquals } from "@std/assert";
 *
 * assertEquals(
 *   packageReadme("{{VERSION}}: {{ISSUES}}", "1.0.0", "https://github.com/o/r"),
 *   "1.0.0: https://github.com/o/r/issues",
 * );
 * ```
 */
export function packageReadme(template: string, version: string, url: string): string {
  const { repository, issues, advisories } = repositoryLinks(url);
  return template.replaceAll("{{VERSION}}", version).replaceAll("{{REPOSITORY}}", repository)
    .replaceAll("{{ISSUES}}", issues).replaceAll("{{ADVISORIES}}", advisories);
}
