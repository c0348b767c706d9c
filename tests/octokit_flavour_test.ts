/**
 * The `./octokit` flavour's three departures from DECISIONS.md (rule 23),
 * each side by side with @octokit/endpoint 11.0.5 and with the main entry,
 * in the Deno suite (tests/node covers them on the npm build, which
 * `deno task mutate` does not run).
 */
import { endpoint as main } from "@routecast/endpoint";
import { endpoint as octokit } from "@routecast/endpoint/octokit";
import { endpoint as reference } from "@octokit/endpoint";
import { assertEquals, assertThrows } from "@std/assert";

Deno.test("./octokit returns the method upper-case, as the reference does; the main entry lowercase", () => {
  for (const method of ["get", "Post", "PATCH", "delete"]) {
    const route = `${method} /repos/{owner}/{repo}`;
    const options = { owner: "o", repo: "r" };
    assertEquals(octokit(route, options).method, reference(route, options).method);
    assertEquals(octokit(route, options).method, method.toUpperCase());
    assertEquals(main(route, options).method, method.toLowerCase());
  }
});

Deno.test("./octokit amends accept with previews only for /graphql, as the reference does", () => {
  const mediaType = { previews: ["machine-man", "jean-grey-preview"] };
  for (const route of ["POST /graphql", "GET /repos/{owner}/{repo}", "POST /graphql/x"]) {
    const options = { owner: "o", repo: "r", mediaType };
    assertEquals(
      octokit(route, options).headers.accept,
      reference(route, options).headers.accept,
      route,
    );
  }
  assertEquals(
    octokit("POST /graphql", { mediaType }).headers.accept,
    "application/vnd.github.machine-man-preview+json,application/vnd.github.jean-grey-preview+json",
  );
  assertEquals(
    octokit("GET /repos/{owner}/{repo}", { owner: "o", repo: "r", mediaType }).headers.accept,
    "application/vnd.github.v3+json",
  );
  // The main entry amends every url (spec 2.1).
  assertEquals(
    main("GET /repos/{owner}/{repo}", { owner: "o", repo: "r", mediaType }).headers.accept,
    "application/vnd.github.machine-man-preview+json,application/vnd.github.jean-grey-preview+json",
  );
});

Deno.test("./octokit expands a missing path variable to nothing, as the reference does; the main entry refuses it", () => {
  // (Routes that do not end with the missing variable: the reference also drops a trailing "/".)
  // Typed routes ask for every path variable: routes as plain strings are not checked.
  const routes: string[] = [
    "GET /repos/{owner}/{repo}/issues",
    "GET /orgs/:org/members",
    "GET /files/{+path}/raw",
  ];
  for (const route of routes) {
    const options = { owner: "o" };
    assertEquals(octokit(route, options).url, reference(route, options).url, route);
    assertThrows(() => main(route, options), TypeError, "Missing parameter");
  }
  assertEquals(
    octokit(routes[0].replace("/issues", ""), { owner: "o" }).url,
    "https://api.github.com/repos/o/",
  );
});
