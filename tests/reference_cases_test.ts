/**
 * The reference's own cases (tests/reference/, run there on `./octokit`)
 * that DECISIONS.md rules 3 and 18-22 decide differently for `.` and
 * `./lite`, under the reference's names: what `.` does instead, and why.
 */
import { endpoint, VERSION } from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import { assertEquals, assertThrows } from "@std/assert";

const userAgent = `routecast/${VERSION}`;

for (const [entry, builder] of [["main", endpoint], ["lite", lite]] as const) {
  // Rule 21: merge() with no arguments is merge({}), as in the reference (method as given).
  Deno.test(`endpoint.merge() no arguments (${entry})`, () => {
    const options = builder.merge();
    assertEquals(options, {
      baseUrl: "https://api.github.com",
      mediaType: { format: "" },
      method: "GET",
      headers: { accept: "application/vnd.github.v3+json", "user-agent": userAgent },
    });
    assertEquals(builder.parse(builder.merge({ url: "/" })).url, "https://api.github.com/");
  });

  // Rule 19: the reference builds ".../branches" without the branch; `.` names what is missing.
  // `{/branch}` stays optional, as the reference's second half of the case shows.
  Deno.test(`endpoint() Undefined placeholder value with no trailing slash in URL (${entry})`, () => {
    assertThrows(
      () =>
        builder("GET /repos/{owner}/{repo}/branches/{branch}" as string, {
          owner: "owner",
          repo: "repo",
        }),
      TypeError,
      'Missing parameter "branch" for "GET /repos/{owner}/{repo}/branches/{branch}": ' +
        "expected a value for every {name} in the path",
    );
    const options2 = builder("GET /repos/{owner}/{repo}/branches{/branch}", {
      owner: "owner",
      repo: "repo",
    });
    assertEquals(options2, {
      method: "get",
      url: "https://api.github.com/repos/owner/repo/branches",
      headers: { accept: "application/vnd.github.v3+json", "user-agent": userAgent },
    });
  });

  // A route without variables needs no options (rule 19 asks only for path variables).
  Deno.test(`endpoint() Pass route string as first argument without options (${entry})`, () => {
    assertEquals(builder("GET /"), {
      method: "get",
      url: "https://api.github.com/",
      headers: { accept: "application/vnd.github.v3+json", "user-agent": userAgent },
    });
  });

  // Rule 3: the reference sends options without a url to baseUrl + "/"; `.` refuses them.
  Deno.test(`endpoint.parse() defaults url to '' (${entry})`, () => {
    assertThrows(
      () =>
        builder.parse({
          method: "GET",
          baseUrl: "https://example.com",
          headers: { accept: "foo", "user-agent": "bar" },
          mediaType: { format: "" },
        }),
      TypeError,
      "Missing url: expected a route",
    );
  });
}
