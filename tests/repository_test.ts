/** The npm package's `repository` comes from the git remote, without credentials. */
import { assertEquals } from "@std/assert";
import { repositoryFromRemote } from "../scripts/_repository.ts";

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
