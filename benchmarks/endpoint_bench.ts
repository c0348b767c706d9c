/**
 * endpoint() against @octokit/endpoint and a hand-written string-concatenation
 * function (the practical limit), in one run.
 */
import { endpoint } from "@routecast/endpoint";
import { endpoint as octokit } from "@octokit/endpoint";

const GET_ROUTE = "GET /repos/{owner}/{repo}/issues";
const GET_PARAMS = { owner: "octocat", repo: "Hello-World", state: "open", per_page: 100 };

/** What a careful hand-written function does for the GET case. */
function handWritten(params: typeof GET_PARAMS) {
  return {
    method: "get",
    url: "https://api.github.com/repos/" + encodeURIComponent(params.owner) + "/" +
      encodeURIComponent(params.repo) + "/issues?state=" + encodeURIComponent(params.state) +
      "&per_page=" + params.per_page,
    headers: { accept: "application/vnd.github.v3+json", "user-agent": "routecast/0.0.0" },
  };
}

Deno.bench("hand-written concatenation", { group: "GET path+query" }, () => {
  handWritten(GET_PARAMS);
});
Deno.bench("routecast", { group: "GET path+query", baseline: true }, () => {
  endpoint(GET_ROUTE, GET_PARAMS);
});
Deno.bench("@octokit/endpoint", { group: "GET path+query" }, () => {
  octokit(GET_ROUTE, GET_PARAMS);
});

const POST_ROUTE = "POST /repos/{owner}/{repo}/issues";
const POST_PARAMS = {
  owner: "octocat",
  repo: "Hello-World",
  title: "Found a bug",
  body: "I'm having a problem with this.",
  labels: ["bug"],
  headers: { authorization: "token 0000" },
};
Deno.bench("routecast", { group: "POST JSON body", baseline: true }, () => {
  endpoint(POST_ROUTE, POST_PARAMS);
});
Deno.bench("@octokit/endpoint", { group: "POST JSON body" }, () => {
  octokit(POST_ROUTE, POST_PARAMS);
});

const DEFAULTS_1 = { baseUrl: "https://ghe.example/api/v3", headers: { authorization: "token 1" } };
const DEFAULTS_2 = { org: "my-org", per_page: 100 };
const ours = endpoint.defaults(DEFAULTS_1).defaults(DEFAULTS_2);
const theirs = octokit.defaults(DEFAULTS_1).defaults(DEFAULTS_2);
Deno.bench("routecast", { group: "two-level defaults", baseline: true }, () => {
  ours("GET /orgs/{org}/repos", { type: "private" });
});
Deno.bench("@octokit/endpoint", { group: "two-level defaults" }, () => {
  theirs("GET /orgs/{org}/repos", { type: "private" });
});

/** Real GitHub REST routes with typical parameters. */
const MIX: [string, Record<string, unknown>][] = [
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
Deno.bench("routecast", { group: "mix of 26 GitHub routes", baseline: true }, () => {
  for (const [route, parameters] of MIX) endpoint(route, parameters);
});
Deno.bench("@octokit/endpoint", { group: "mix of 26 GitHub routes" }, () => {
  for (const [route, parameters] of MIX) octokit(route, parameters);
});
