/**
 * `typed<paths>(endpoint)` against GitHub's real description
 * (`@octokit/openapi-types`): what each call may and must pass. Each rule is
 * pinned by calls that type-check (and run, so the types describe what the
 * runtime sends) and by `@ts-expect-error` lines that `deno check` (run by
 * `deno task check`) fails on when they stop being errors.
 */
import type { components, paths } from "@octokit/openapi-types";
import {
  endpoint,
  type MergedOptions,
  type OperationOf,
  type RequestOptions,
  type ResponseOf,
  toFetch,
  typed,
} from "@routecast/endpoint";
import { endpoint as lite, typed as liteTyped } from "@routecast/endpoint/lite";
import { assertEquals, assertStrictEquals, assertThrows } from "@std/assert";
import type { EndpointArguments, PathsOperation } from "../src/endpoint/_openapi_types.ts";
import { type Equal, pinType, typeOnly } from "./_type_checks.ts";

const API = "https://api.github.com";
const github = typed<paths>(endpoint);
const repo = { owner: "octocat", repo: "hello-world" } as const;
const UPLOAD_URL =
  "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets";
const UPLOAD = `${UPLOAD_URL}{?name,label}` as const;

type Schema<Name extends keyof components["schemas"]> = components["schemas"][Name];

Deno.test("typed() returns the builder it is given, with no runtime effect", () => {
  assertStrictEquals(github, endpoint);
  assertStrictEquals(liteTyped<paths>(lite), lite);
  const mine = endpoint.defaults({ owner: "octocat" });
  assertStrictEquals(typed<paths>(mine), mine);
  const options = github("GET /users/{username}", { username: "octocat" });
  assertEquals(options, endpoint("GET /users/{username}", { username: "octocat" }));
  assertEquals(Object.getOwnPropertySymbols(options), []);
});

Deno.test("typed() rejects what is not a builder with a TypeError", () => {
  for (
    const [value, found] of [
      [{ DEFAULTS: {} }, "an object"],
      [() => {}, "function"],
      ["GET /user", '"GET /user"'],
      [undefined, "undefined"],
    ] as const
  ) {
    assertThrows(
      () => typed<paths>(value as unknown as typeof endpoint),
      TypeError,
      `Invalid builder ${found}: expected endpoint or a builder made by endpoint.defaults()`,
    );
  }
});

Deno.test("typed GitHub GET routes: path and query parameters from the description", () => {
  assertEquals(
    github("GET /repos/{owner}/{repo}/issues", { ...repo, state: "closed", per_page: 2 }).url,
    `${API}/repos/octocat/hello-world/issues?state=closed&per_page=2`,
  );
  assertEquals(
    github("GET /users/{username}", { username: "octocat" }).url,
    `${API}/users/octocat`,
  );
  assertEquals(
    github("GET /search/issues", { q: "repo:octocat/hello-world is:open", sort: "created" }).url,
    `${API}/search/issues?q=repo%3Aoctocat%2Fhello-world%20is%3Aopen&sort=created`,
  );
  assertEquals(
    github("GET /repos/{owner}/{repo}/pulls/{pull_number}", { ...repo, pull_number: 7 }).url,
    `${API}/repos/octocat/hello-world/pulls/7`,
  );
  assertEquals(
    github("GET /orgs/{org}/repos", { org: "github", type: "sources", direction: "asc" }).url,
    `${API}/orgs/github/repos?type=sources&direction=asc`,
  );
  assertEquals(
    github("GET /repos/{owner}/{repo}/contents/{path}", { ...repo, path: "README.md", ref: "main" })
      .url,
    `${API}/repos/octocat/hello-world/contents/README.md?ref=main`,
  );
  assertEquals(
    github("GET /repos/{owner}/{repo}/commits/{ref}", { ...repo, ref: "main" }).url,
    `${API}/repos/octocat/hello-world/commits/main`,
  );
  assertEquals(github("GET /rate_limit").url, `${API}/rate_limit`);
  assertEquals(github("/user").url, `${API}/user`);
  typeOnly(() => {
    // @ts-expect-error: repo is a required path parameter
    github("GET /repos/{owner}/{repo}/issues", { owner: "octocat" });
    // @ts-expect-error: q is a required query parameter of the search
    github("GET /search/issues", { sort: "created" });
    // @ts-expect-error: the options (with username) are required
    github("GET /users/{username}");
    // @ts-expect-error: per_page is a number
    github("GET /repos/{owner}/{repo}/issues", { ...repo, per_page: "many" });
    // @ts-expect-error: state is "open", "closed" or "all"
    github("GET /repos/{owner}/{repo}/issues", { ...repo, state: "maybe" });
    // @ts-expect-error: type is one of GitHub's repository types
    github("GET /orgs/{org}/repos", { org: "github", type: "secret" });
    // @ts-expect-error: pull_number is a number
    github("GET /repos/{owner}/{repo}/pulls/{pull_number}", { ...repo, pull_number: "7" });
    // @ts-expect-error: a misspelled parameter is not a parameter of the route
    github("GET /repos/{owner}/{repo}/issues", { ...repo, per_pag: 2 });
    // @ts-expect-error: GET /rate_limit has no parameters
    github("GET /rate_limit", { page: 1 });
    // @ts-expect-error: a path parameter must be defined
    github("GET /users/{username}", { username: undefined });
  });
});

Deno.test("typed GitHub POST routes: the JSON body's properties, required ones required", () => {
  const issue = github("POST /repos/{owner}/{repo}/issues", {
    ...repo,
    title: "Found a bug",
    labels: ["bug", { name: "triage" }],
    headers: { authorization: "token 0000" },
  });
  assertEquals(issue.body, { title: "Found a bug", labels: ["bug", { name: "triage" }] });
  assertEquals(github("POST /user/repos", { name: "new", private: true }).body, {
    name: "new",
    private: true,
  });
  assertEquals(
    github("POST /repos/{owner}/{repo}/pulls", { ...repo, head: "fix", base: "main", draft: true })
      .body,
    { head: "fix", base: "main", draft: true },
  );
  assertEquals(
    github("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
      ...repo,
      issue_number: 1,
      body: "Thanks",
    }).body,
    { body: "Thanks" },
  );
  assertEquals(github("POST /markdown", { text: "# Hi", mode: "gfm" }).body, {
    text: "# Hi",
    mode: "gfm",
  });
  assertEquals(github("POST /orgs/{org}/repos", { org: "github", name: "x" }).body, { name: "x" });
  assertEquals(
    github("POST /repos/{owner}/{repo}/git/refs", { ...repo, ref: "refs/heads/x", sha: "abc" })
      .body,
    { ref: "refs/heads/x", sha: "abc" },
  );
  typeOnly(() => {
    // @ts-expect-error: title is required by GitHub
    github("POST /repos/{owner}/{repo}/issues", repo);
    // @ts-expect-error: name is required
    github("POST /user/repos", { private: true });
    // @ts-expect-error: base is required
    github("POST /repos/{owner}/{repo}/pulls", { ...repo, head: "fix" });
    // @ts-expect-error: the comment body is required
    github("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
      ...repo,
      issue_number: 1,
    });
    // @ts-expect-error: mode is "markdown" or "gfm"
    github("POST /markdown", { text: "# Hi", mode: "html" });
    // @ts-expect-error: sha is required
    github("POST /repos/{owner}/{repo}/git/refs", { ...repo, ref: "refs/heads/x" });
    // @ts-expect-error: private is a boolean
    github("POST /user/repos", { name: "new", private: "yes" });
  });
});

Deno.test("typed GitHub PATCH, PUT and DELETE routes", () => {
  const one = { ...repo, issue_number: 1 } as const;
  assertEquals(
    github("PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
      ...repo,
      issue_number: 1,
      state: "closed",
      state_reason: "completed",
    }).body,
    { state: "closed", state_reason: "completed" },
  );
  assertEquals(github("PATCH /repos/{owner}/{repo}", { ...repo, has_wiki: false }).body, {
    has_wiki: false,
  });
  assertEquals(
    github("PATCH /repos/{owner}/{repo}/pulls/{pull_number}", { ...repo, pull_number: 2 }).body,
    "",
  );
  assertEquals(
    github("PUT /repos/{owner}/{repo}/contents/{path}", {
      ...repo,
      path: "a.txt",
      message: "Add a.txt",
      content: "aGk=",
    }).body,
    { message: "Add a.txt", content: "aGk=" },
  );
  assertEquals(github("PUT /user/starred/{owner}/{repo}", repo).body, "");
  assertEquals(
    github("PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge", {
      ...repo,
      pull_number: 2,
      merge_method: "squash",
    }).body,
    { merge_method: "squash" },
  );
  assertEquals(
    github("PUT /orgs/{org}/memberships/{username}", { org: "o", username: "u", role: "admin" })
      .body,
    { role: "admin" },
  );
  assertEquals(github("DELETE /repos/{owner}/{repo}", repo).method, "delete");
  assertEquals(
    github("DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}", { ...repo, comment_id: 3 })
      .url,
    `${API}/repos/octocat/hello-world/issues/comments/3`,
  );
  assertEquals(
    github("DELETE /repos/{owner}/{repo}/labels/{name}", { ...repo, name: "good first issue" }).url,
    `${API}/repos/octocat/hello-world/labels/good%20first%20issue`,
  );
  typeOnly(() => {
    // @ts-expect-error: state is "open" or "closed"
    github("PATCH /repos/{owner}/{repo}/issues/{issue_number}", { ...one, state: "maybe" });
    // @ts-expect-error: issue_number is a required path parameter
    github("PATCH /repos/{owner}/{repo}/issues/{issue_number}", { ...repo, state: "open" });
    // @ts-expect-error: message and content are required
    github("PUT /repos/{owner}/{repo}/contents/{path}", { ...repo, path: "a.txt" });
    // @ts-expect-error: role is "admin" or "member"
    github("PUT /orgs/{org}/memberships/{username}", { org: "o", username: "u", role: "owner" });
    // @ts-expect-error: PUT /user/starred/{owner}/{repo} takes no body
    github("PUT /user/starred/{owner}/{repo}", { ...repo, note: "x" });
    // @ts-expect-error: comment_id is required
    github("DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}", repo);
    // @ts-expect-error: the label name is required
    github("DELETE /repos/{owner}/{repo}/labels/{name}", repo);
  });
});

Deno.test("typed routes: optional parameters may be left out, or undefined", () => {
  assertEquals(
    github("GET /repos/{owner}/{repo}/issues", repo).url,
    `${API}/repos/octocat/hello-world/issues`,
  );
  assertEquals(
    github("GET /repos/{owner}/{repo}/issues", { ...repo, state: undefined, labels: "bug" }).url,
    `${API}/repos/octocat/hello-world/issues?labels=bug`,
  );
  // A body that is optional as a whole makes all its properties optional.
  assertEquals(
    github("PATCH /repos/{owner}/{repo}/issues/{issue_number}", { ...repo, issue_number: 1 }).body,
    "",
  );
});

Deno.test("typed routes: any method case, :name placeholders, a query expression, a full URL", () => {
  const closed = { ...repo, state: "closed" } as const;
  const expected = `${API}/repos/octocat/hello-world/issues?state=closed`;
  assertEquals(github("get /repos/{owner}/{repo}/issues", closed).url, expected);
  assertEquals(github("Get /repos/:owner/:repo/issues", closed).url, expected);
  assertEquals(
    github("PUT /user/starred/:owner/:repo", repo).url,
    `${API}/user/starred/octocat/hello-world`,
  );
  const upload = github(UPLOAD, {
    ...repo,
    release_id: 1,
    name: "a.zip",
    data: "zip bytes",
    headers: { "content-type": "application/zip" },
  });
  assertEquals(
    upload.url,
    "https://uploads.github.com/repos/octocat/hello-world/releases/1/assets?name=a.zip",
  );
  assertEquals(upload.body, "zip bytes");
  typeOnly(() => {
    // @ts-expect-error: state is still checked with :name placeholders
    github("get /repos/:owner/:repo/issues", { ...repo, state: "maybe" });
    // @ts-expect-error: repo is missing
    github("PUT /user/starred/:owner/:repo", { owner: "octocat" });
    // @ts-expect-error: the asset name is a required query parameter
    github(UPLOAD, { ...repo, release_id: 1, data: "" });
    // @ts-expect-error: a POST sends parameters the route does not name in the body
    github(UPLOAD_URL, { ...repo, release_id: 1, name: "a", data: "" });
  });
});

Deno.test("typed routes: routes the description does not have fall back to the route text", () => {
  // Not a GitHub route: typed from the text, any extra key allowed.
  const internal = github("GET /internal/{team}/things", { team: "a", anything: true });
  assertEquals(internal.url, `${API}/internal/a/things?anything=true`);
  pinType<Equal<typeof internal, RequestOptions>>();
  // A described path with a method it does not have.
  assertEquals(github("DELETE /rate_limit", { reason: "x" }).body, { reason: "x" });
  // A route that is a plain string.
  const route: string = "GET /repos/{owner}/{repo}/issues";
  assertEquals(github(route, { owner: "o", repo: "r" }).url, `${API}/repos/o/r/issues`);
  // Untyped, a missing path variable is still refused at run time (DECISIONS.md rule 19).
  assertThrows(() => github(route, { owner: "o" }), TypeError, 'Missing parameter "repo"');
  typeOnly(() => {
    // @ts-expect-error: team is required by the route text
    github("GET /internal/{team}/things", { anything: true });
  });
});

Deno.test("typed routes: the named options are accepted as today", () => {
  const request = { timeout: 5000 };
  const options = github("GET /repos/{owner}/{repo}/pulls/{pull_number}", {
    ...repo,
    pull_number: 1,
    baseUrl: "https://github.example.com/api/v3",
    headers: { authorization: "token 0000" },
    mediaType: { format: "diff" },
    request,
  });
  assertEquals(options.url, "https://github.example.com/api/v3/repos/octocat/hello-world/pulls/1");
  assertEquals(options.headers.accept, "application/vnd.github.v3.diff");
  assertStrictEquals(options.request, request);
  assertEquals(
    github("POST /markdown/raw", { data: "# Hi", headers: { "content-type": "text/plain" } }).body,
    "# Hi",
  );
  // A body property named like an option is the option (send such a body with `data`).
  assertEquals(
    github("PATCH /app/hook/config", { data: { url: "https://example.com/hook" } }).body,
    { url: "https://example.com/hook" },
  );
  typeOnly(() => {
    // @ts-expect-error: headers are still checked
    github("GET /users/{username}", { username: "u", headers: { accept: 1n } });
    // @ts-expect-error: url is the url option, a string, not the hook config's url
    github("PATCH /app/hook/config", { url: 1 });
  });
});

Deno.test("typed builders keep the typing through defaults(); defaulted parameters become optional", () => {
  const mine = github.defaults({ owner: "octocat", headers: { authorization: "token 0000" } });
  assertEquals(
    mine("POST /repos/{owner}/{repo}/issues", { repo: "hello-world", title: "Bug" }).url,
    `${API}/repos/octocat/hello-world/issues`,
  );
  const both = mine.defaults({ repo: "hello-world" });
  assertEquals(
    both("GET /repos/{owner}/{repo}/issues").url,
    `${API}/repos/octocat/hello-world/issues`,
  );
  assertEquals(both("POST /repos/{owner}/{repo}/issues", { title: "Bug" }).body, { title: "Bug" });
  assertEquals(
    both("GET /repos/{owner}/{repo}/issues", { owner: "other" }).url,
    `${API}/repos/other/hello-world/issues`,
  );
  // Required query and body parameters given as defaults are optional too.
  const search = github.defaults({ q: "is:open" });
  assertEquals(search("GET /search/issues").url, `${API}/search/issues?q=is%3Aopen`);
  const bug = github.defaults({ title: "Bug" });
  assertEquals(bug("POST /repos/{owner}/{repo}/issues", repo).body, { title: "Bug" });
  typeOnly(() => {
    // @ts-expect-error: repo is not a default of mine
    mine("POST /repos/{owner}/{repo}/issues", { title: "Bug" });
    // @ts-expect-error: title is still required
    both("POST /repos/{owner}/{repo}/issues", {});
    // @ts-expect-error: state is still checked
    both("GET /repos/{owner}/{repo}/issues", { state: "maybe" });
    // @ts-expect-error: an override of a default keeps its type
    mine("GET /repos/{owner}/{repo}/issues", { owner: 1, repo: "r" });
    // @ts-expect-error: unknown keys are still errors
    both("GET /repos/{owner}/{repo}/issues", { per_pag: 2 });
  });
});

Deno.test("typed builders type endpoint(options), merge() and parse() too", () => {
  assertEquals(
    github({ method: "POST", url: "/repos/{owner}/{repo}/issues", ...repo, title: "Bug" }).body,
    { title: "Bug" },
  );
  assertEquals(github({ url: "/users/{username}", username: "u" }).url, `${API}/users/u`);
  const merged = github.merge("GET /repos/{owner}/{repo}/issues", { ...repo, state: "open" });
  const parsed = github.parse(merged);
  assertEquals(parsed.url, `${API}/repos/octocat/hello-world/issues?state=open`);
  pinType<Equal<OperationOf<typeof merged>, paths["/repos/{owner}/{repo}/issues"]["get"]>>();
  pinType<Equal<OperationOf<typeof parsed>, paths["/repos/{owner}/{repo}/issues"]["get"]>>();
  const mergedObject = github.merge({ method: "DELETE", url: "/repos/{owner}/{repo}", ...repo });
  pinType<Equal<OperationOf<typeof mergedObject>, paths["/repos/{owner}/{repo}"]["delete"]>>();
  const loose: MergedOptions = merged;
  assertEquals(loose.method, "GET");
  typeOnly(() => {
    // @ts-expect-error: title is required
    github({ method: "POST", url: "/repos/{owner}/{repo}/issues", ...repo });
    // @ts-expect-error: per_page is a number
    github({ url: "/repos/{owner}/{repo}/issues", ...repo, per_page: "many" });
    // @ts-expect-error: username is required (GET when no method is given)
    github({ url: "/users/{username}" });
  });
});

Deno.test("ResponseOf names the 2xx response body of a typed call", async () => {
  const issue = github("POST /repos/{owner}/{repo}/issues", { ...repo, title: "Bug" });
  pinType<Equal<ResponseOf<typeof issue>, Schema<"issue">>>();
  const list = github("GET /repos/{owner}/{repo}/issues", repo);
  pinType<Equal<ResponseOf<typeof list>, Schema<"issue">[]>>();
  const file = github("PUT /repos/{owner}/{repo}/contents/{path}", {
    ...repo,
    path: "a",
    message: "m",
    content: "",
  });
  pinType<Equal<ResponseOf<typeof file>, Schema<"file-commit">>>();
  const star = github("PUT /user/starred/{owner}/{repo}", repo);
  pinType<Equal<ResponseOf<typeof star>, undefined>>();
  const html = github("POST /markdown", { text: "# Hi" });
  pinType<Equal<ResponseOf<typeof html>, string>>();
  const untyped = endpoint("GET /repos/{owner}/{repo}/issues", repo);
  pinType<Equal<ResponseOf<typeof untyped>, unknown>>();
  const internal = github("GET /internal");
  pinType<Equal<ResponseOf<typeof internal>, unknown>>();
  // The phantom type does not get in the way of the adapters.
  const [url] = toFetch(issue);
  assertEquals(url, `${API}/repos/octocat/hello-world/issues`);
  const plain: RequestOptions = issue;
  assertEquals(plain.method, "post");
  // What an adapter does with it: a typed response.
  async function send<Options extends RequestOptions<unknown>>(
    options: Options,
    respond: (url: string) => Promise<Response>,
  ): Promise<ResponseOf<Options>> {
    return await (await respond(options.url)).json();
  }
  const created = await send(issue, () => Promise.resolve(Response.json({ number: 5 })));
  assertEquals(created.number, 5);
  typeOnly(() => {
    // @ts-expect-error: an issue has no such field
    created.no_such_field;
  });
});

/** The methods of an OpenAPI path item. */
type Method = "get" | "put" | "post" | "delete" | "patch" | "head" | "options" | "trace";

/** The keys of `Keys` that `Options` (or a member of it) does not require. */
type NotRequired<Options, Keys> = Options extends unknown
  ? Keys extends keyof Options ? Record<never, never> extends Pick<Options, Keys> ? Keys : never
  : Keys
  : never;

/** The path parameter names of an operation. */
type PathKeys<Operation> = Operation extends { parameters: { path: infer Path } } ? keyof Path
  : never;

/**
 * `never` when `Route` finds `paths[Path][Verb]` and its options require every
 * path parameter; else what went wrong, and the route.
 */
type RouteProblem<Path extends keyof paths, Verb extends keyof paths[Path], Route extends string> =
  Equal<PathsOperation<paths, Route>, NonNullable<paths[Path][Verb]>> extends true
    ? EndpointArguments<paths, Route, never> extends [options?: infer Options]
      ? [NotRequired<Options, PathKeys<paths[Path][Verb]>>] extends [never] ? never
      : ["a path parameter is optional", Route]
    : ["not a 1-tuple of options", Route]
    : ["not found", Route];

/** The problems of every route of GitHub's description, with every method it has. */
type GitHubRouteProblems = {
  [Path in keyof paths & string]: {
    [Verb in keyof paths[Path] & Method]: RouteProblem<Path, Verb, `${Uppercase<Verb>} ${Path}`>;
  }[keyof paths[Path] & Method];
}[keyof paths & string];

Deno.test("every route of GitHub's description is typed from its operation, without TS2589", () => {
  // One generic check over all 811 paths and their 1223 operations: each
  // is found, and its options require its path parameters. An "excessively
  // deep" instantiation anywhere would fail `deno check`.
  pinType<Equal<GitHubRouteProblems, never>>();
  assertEquals(github("GET /").url, `${API}/`);
});
