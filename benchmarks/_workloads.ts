/**
 * The calls the endpoint benchmarks time (issue 23 names them W1-W4), and
 * the hand-written functions that build the same results with string
 * literals and `encodeURIComponent` (the practical limit). Shared by
 * benchmarks/endpoint_bench.ts and scripts/bench_pinned.ts, so both time
 * exactly the same calls.
 *
 * @module
 */

/** A builder as the benchmarks call it. */
export type Call = (route: string, parameters: Record<string, unknown>) => { url: string };

/** A builder with `defaults()`, for W3. */
export interface Builder extends Call {
  defaults(options: Record<string, unknown>): Builder;
}

export const ACCEPT = "application/vnd.github.v3+json";
export const JSON_TYPE = "application/json; charset=utf-8";
const e = encodeURIComponent;

/** W1: GET with two path and two query parameters. */
export const GET_ROUTE = "GET /repos/{owner}/{repo}/issues";
export const GET = { owner: "octocat", repo: "Hello-World", state: "open", per_page: 100 };

/** W2: POST with a JSON body of four (three members and a header). */
export const POST_ROUTE = "POST /repos/{owner}/{repo}/issues";
export const POST = {
  owner: "octocat",
  repo: "Hello-World",
  title: "Found a bug",
  body: "I'm having a problem with this.",
  labels: ["bug"],
  headers: { authorization: "token 0000" },
};

/** W3: a call through a two-level `.defaults()` builder. */
export const LEVEL_1 = {
  baseUrl: "https://ghe.example/api/v3",
  headers: { authorization: "token 1" },
};
export const LEVEL_2 = { org: "my-org", per_page: 100 };
export const DEFAULTS_ROUTE = "GET /orgs/{org}/repos";
export const TYPE = { type: "private" };

/** W4: a mix of real GitHub REST routes with typical parameters. */
export const MIX: [string, Record<string, unknown>][] = [
  ["GET /repos/{owner}/{repo}", { owner: "octocat", repo: "hello" }],
  ["GET /repos/{owner}/{repo}/issues", {
    owner: "octocat",
    repo: "hello",
    state: "open",
    per_page: 50,
  }],
  ["POST /repos/{owner}/{repo}/issues", {
    owner: "octocat",
    repo: "hello",
    title: "Bug",
    labels: ["bug"],
  }],
  ["GET /repos/{owner}/{repo}/issues/{issue_number}", { owner: "o", repo: "r", issue_number: 42 }],
  ["PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
    owner: "o",
    repo: "r",
    issue_number: 42,
    state: "closed",
  }],
  ["GET /repos/{owner}/{repo}/issues/{issue_number}/comments", {
    owner: "o",
    repo: "r",
    issue_number: 42,
    page: 2,
  }],
  ["POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
    owner: "o",
    repo: "r",
    issue_number: 42,
    body: "Thanks!",
  }],
  ["GET /repos/{owner}/{repo}/pulls", {
    owner: "o",
    repo: "r",
    state: "all",
    sort: "updated",
    direction: "desc",
  }],
  ["GET /repos/{owner}/{repo}/pulls/{pull_number}/files", {
    owner: "o",
    repo: "r",
    pull_number: 7,
    per_page: 100,
  }],
  ["PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge", {
    owner: "o",
    repo: "r",
    pull_number: 7,
    merge_method: "squash",
  }],
  ["GET /repos/{owner}/{repo}/contents/{path}", {
    owner: "o",
    repo: "r",
    path: "README.md",
    ref: "main",
  }],
  ["PUT /repos/{owner}/{repo}/contents/{path}", {
    owner: "o",
    repo: "r",
    path: "a.txt",
    message: "add",
    content: "aGk=",
  }],
  ["GET /repos/{owner}/{repo}/commits", {
    owner: "o",
    repo: "r",
    since: "2024-01-01T00:00:00Z",
    author: "octocat",
  }],
  ["GET /repos/{owner}/{repo}/branches/{branch}/protection", {
    owner: "o",
    repo: "r",
    branch: "main",
  }],
  ["GET /repos/{owner}/{repo}/releases/latest", { owner: "o", repo: "r" }],
  ["GET /repos/{owner}/{repo}/actions/runs", {
    owner: "o",
    repo: "r",
    status: "completed",
    per_page: 30,
  }],
  ["POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches", {
    owner: "o",
    repo: "r",
    workflow_id: "ci.yml",
    ref: "main",
  }],
  ["GET /orgs/{org}/repos", { org: "github", type: "public", per_page: 100 }],
  ["GET /orgs/{org}/members", { org: "github", role: "admin" }],
  ["GET /user", {}],
  ["GET /user/repos", { visibility: "private", affiliation: "owner" }],
  ["PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" }],
  ["DELETE /repos/{owner}/{repo}/labels/{name}", {
    owner: "o",
    repo: "r",
    name: "good first issue",
  }],
  ["GET /search/issues", { q: "repo:octocat/hello is:open label:bug", sort: "created" }],
  ["GET /users/{username}/repos", { username: "octocat", sort: "pushed" }],
  ["POST /markdown", { text: "# Hello", mode: "gfm" }],
];

/** W1 by hand. */
export function handWrittenGet(userAgent: string): { url: string } {
  return {
    method: "get",
    url: "https://api.github.com/repos/" + e(GET.owner) + "/" + e(GET.repo) + "/issues?state=" +
      e(GET.state) + "&per_page=" + GET.per_page,
    headers: { accept: ACCEPT, "user-agent": userAgent },
  } as { url: string };
}

/** W2 by hand. */
export function handWrittenPost(userAgent: string): { url: string } {
  return {
    method: "post",
    url: "https://api.github.com/repos/" + e(POST.owner) + "/" + e(POST.repo) + "/issues",
    headers: {
      accept: ACCEPT,
      "user-agent": userAgent,
      authorization: POST.headers.authorization,
      "content-type": JSON_TYPE,
    },
    body: { title: POST.title, body: POST.body, labels: POST.labels },
  } as { url: string };
}

/** W3 by hand. */
export function handWrittenDefaults(userAgent: string): { url: string } {
  return {
    method: "get",
    url: LEVEL_1.baseUrl + "/orgs/" + e(LEVEL_2.org) + "/repos?per_page=" + LEVEL_2.per_page +
      "&type=" + e(TYPE.type),
    headers: {
      accept: ACCEPT,
      "user-agent": userAgent,
      authorization: LEVEL_1.headers.authorization,
    },
  } as { url: string };
}

/** The least a hand-written builder does for a simple route (W4 by hand). */
export function handWrittenRoute(
  route: string,
  parameters: Record<string, unknown>,
  userAgent: string,
): { url: string } {
  const space = route.indexOf(" ");
  const method = route.slice(0, space);
  let url = "https://api.github.com";
  let query = "";
  const body: Record<string, unknown> = {};
  const template = route.slice(space + 1);
  let last = 0;
  const used = new Set<string>();
  for (let open = template.indexOf("{"); open >= 0; open = template.indexOf("{", last)) {
    const close = template.indexOf("}", open);
    const name = template.slice(open + 1, close);
    used.add(name);
    url += template.slice(last, open) + e(String(parameters[name]));
    last = close + 1;
  }
  url += template.slice(last);
  const isQuery = method === "GET" || method === "HEAD";
  let hasBody = false;
  for (const name in parameters) {
    if (used.has(name)) continue;
    if (isQuery) query += (query ? "&" : "?") + name + "=" + e(String(parameters[name]));
    else {
      body[name] = parameters[name];
      hasBody = true;
    }
  }
  const headers: Record<string, string> = { accept: ACCEPT, "user-agent": userAgent };
  if (hasBody) headers["content-type"] = JSON_TYPE;
  return {
    method: method.toLowerCase(),
    url: url + query,
    headers,
    body: hasBody ? body : undefined,
  } as { url: string };
}

/** The template case: a realistic template, pre-parsed, and its values. */
export const REALISTIC =
  "/repos/{owner}/{repo}/issues/{issue_number}/comments{?since,per_page,page}";
export const VARIABLES = {
  owner: "octocat",
  repo: "Hello-World",
  issue_number: 1347,
  since: "2024-01-01T00:00:00Z",
  per_page: 100,
};
/** The same values as strings, for peers that take strings only. */
export const STRING_VARIABLES = { ...VARIABLES, issue_number: "1347", per_page: "100" };

/** The fromOpenAPI case: W1's and W2's route as a described operation. */
export const OPENAPI_BASE = "https://api.example.com";
export const DESCRIPTION = {
  openapi: "3.0.3",
  info: { title: "Bench", version: "1" },
  servers: [{ url: OPENAPI_BASE }],
  paths: {
    "/repos/{owner}/{repo}/issues": {
      parameters: [
        { name: "owner", in: "path", required: true },
        { name: "repo", in: "path", required: true },
      ],
      get: {
        parameters: [
          { name: "state", in: "query" },
          { name: "per_page", in: "query" },
        ],
        responses: {},
      },
      post: {
        requestBody: { content: { "application/json": {} } },
        responses: {},
      },
    },
  },
};
