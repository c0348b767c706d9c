/**
 * endpoint() against @octokit/endpoint and a hand-written function that
 * builds the same result with plain string concatenation (the practical
 * limit), for the main entry (WebAssembly engine where it runs) and ./lite.
 * One group per case; routecast is the baseline.
 */
import { bench, read } from "./_bench.ts";
import { endpoint } from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import { endpoint as octokit } from "@octokit/endpoint";

const ACCEPT = "application/vnd.github.v3+json";
const UA = String(endpoint.DEFAULTS.headers["user-agent"]);
const JSON_TYPE = "application/json; charset=utf-8";
const e = encodeURIComponent;

type Call = (route: string, parameters: Record<string, unknown>) => { url: string };

/** Every HTTP client reads the url, so each case reads it, for every peer alike. */
function use(options: { url: string; [key: string]: unknown }): void {
  read(options.url);
}
const PEERS: [string, Call][] = [
  ["routecast", endpoint as Call],
  ["routecast/lite", lite as Call],
  ["@octokit/endpoint", octokit as Call],
];

function group(name: string, run: (call: Call) => void, handWritten: () => void) {
  for (const [peer, call] of PEERS) {
    bench(peer, { group: name, baseline: peer === "routecast" }, () => run(call));
  }
  bench("hand-written concatenation", { group: name }, handWritten);
}

// 1. GET with two path and two query parameters.
const GET = { owner: "octocat", repo: "Hello-World", state: "open", per_page: 100 };
group("GET path+query", (call) => use(call("GET /repos/{owner}/{repo}/issues", GET)), () =>
  use({
    method: "get",
    url: "https://api.github.com/repos/" + e(GET.owner) + "/" + e(GET.repo) + "/issues?state=" +
      e(GET.state) + "&per_page=" + GET.per_page,
    headers: { accept: ACCEPT, "user-agent": UA },
  }));

// 2. POST with a JSON body.
const POST = {
  owner: "octocat",
  repo: "Hello-World",
  title: "Found a bug",
  body: "I'm having a problem with this.",
  labels: ["bug"],
  headers: { authorization: "token 0000" },
};
group("POST JSON body", (call) => use(call("POST /repos/{owner}/{repo}/issues", POST)), () =>
  use({
    method: "post",
    url: "https://api.github.com/repos/" + e(POST.owner) + "/" + e(POST.repo) + "/issues",
    headers: {
      accept: ACCEPT,
      "user-agent": UA,
      authorization: POST.headers.authorization,
      "content-type": JSON_TYPE,
    },
    body: { title: POST.title, body: POST.body, labels: POST.labels },
  }));

// 3. A call through a two-level .defaults() builder.
const LEVEL_1 = { baseUrl: "https://ghe.example/api/v3", headers: { authorization: "token 1" } };
const LEVEL_2 = { org: "my-org", per_page: 100 };
const builders: [string, Call][] = [
  ["routecast", endpoint.defaults(LEVEL_1).defaults(LEVEL_2) as Call],
  ["routecast/lite", lite.defaults(LEVEL_1).defaults(LEVEL_2) as Call],
  ["@octokit/endpoint", octokit.defaults(LEVEL_1).defaults(LEVEL_2) as Call],
];
const TYPE = { type: "private" };
for (const [peer, call] of builders) {
  bench(peer, { group: "two-level defaults", baseline: peer === "routecast" }, () => {
    use(call("GET /orgs/{org}/repos", TYPE));
  });
}
bench("hand-written concatenation", { group: "two-level defaults" }, () => {
  use({
    method: "get",
    url: LEVEL_1.baseUrl + "/orgs/" + e(LEVEL_2.org) + "/repos?per_page=" + LEVEL_2.per_page +
      "&type=" + e(TYPE.type),
    headers: { accept: ACCEPT, "user-agent": UA, authorization: LEVEL_1.headers.authorization },
  });
});

// 4. A mix of real GitHub REST routes with typical parameters.
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

/** The least a hand-written builder does for a simple route: the practical limit. */
function handWrittenRoute(route: string, parameters: Record<string, unknown>) {
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
  const headers: Record<string, string> = { accept: ACCEPT, "user-agent": UA };
  if (hasBody) headers["content-type"] = JSON_TYPE;
  return {
    method: method.toLowerCase(),
    url: url + query,
    headers,
    body: hasBody ? body : undefined,
  };
}

group(`mix of ${MIX.length} GitHub routes`, (call) => {
  for (const [route, parameters] of MIX) use(call(route, parameters));
}, () => {
  for (const [route, parameters] of MIX) use(handWrittenRoute(route, parameters));
});

// 5. The cost of making a builder.
bench("routecast", { group: "endpoint.defaults() creation", baseline: true }, () => {
  endpoint.defaults(LEVEL_1);
});
bench("@octokit/endpoint", { group: "endpoint.defaults() creation" }, () => {
  octokit.defaults(LEVEL_1);
});
