/** The npm package's `repository` comes from the git remote, without credentials. */
import { assertEquals } from "@std/assert";
import { homepageFromRepository, repositoryFromRemote } from "../scripts/_repository.ts";

Deno.test("repositoryFromRemote() gives npm's form of a git remote, or nothing for a path", () => {
  const cases: [string, string | undefined][] = [
    ["https://github.com/o/r.git\n", "git+https://github.com/o/r.git"],
    ["https://user:token@github.com/o/r.git", "git+https://github.com/o/r.git"],
    ["git@github.com:o/r.git", "git+ssh://git@github.com/o/r.git"],
    ["ssh://git:secret@example.com:2222/o/r.git", "git+ssh://git@example.com:2222/o/r.git"],
    ["git://example.com/o/r.git", "git://example.com/o/r.git"],
    ["/srv/git/routecast.git", undefined],
    ["../routecast", undefined],
    ["file:///srv/git/routecast.git", undefined],
  ];
  for (const [remote, url] of cases) {
    assertEquals(
      repositoryFromRemote(remote),
      url === undefined ? undefined : { type: "git", url },
      remote,
    );
  }
});

Deno.test("homepageFromRepository() gives the repository's web page, else the fallback", () => {
  const fallback = "https://jsr.io/@routecast/endpoint";
  const cases: [unknown, string][] = [
    [{ type: "git", url: "git+https://github.com/o/r.git" }, "https://github.com/o/r#readme"],
    [
      { type: "git", url: "git+ssh://git@example.com:2222/o/r.git" },
      "https://example.com/o/r#readme",
    ],
    ["https://gitlab.com/o/r", "https://gitlab.com/o/r#readme"],
    [{ type: "git", url: "git://example.com/o/r.git" }, fallback],
    [undefined, fallback],
  ];
  for (const [repository, homepage] of cases) {
    assertEquals(homepageFromRepository(repository, fallback), homepage, String(repository));
  }
});
