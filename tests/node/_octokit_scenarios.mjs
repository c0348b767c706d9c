/**
 * Real Octokit requests against a loopback server, recorded. tests/node/octokit.test.mjs
 * copies this file into two scratch projects that have the same @octokit packages, one with
 * `@octokit/endpoint` overridden to @routecast/octokit-endpoint, and compares the records.
 *
 * It starts an HTTP server on 127.0.0.1 (port chosen by the system), runs each scenario
 * through @octokit/request, @octokit/core, @octokit/plugin-paginate-rest and @octokit/auth-app
 * as resolved from the project it runs in, and prints one JSON document: for each scenario,
 * the requests the server received (method, path, query, headers, body) and what the caller
 * saw (the response, or the error). The server's origin is written as "ORIGIN", and a JWT
 * (new each run) as "bearer <JWT iss=…>" once its signature has been checked.
 */
import { createServer } from "node:http";
import { createPublicKey, generateKeyPairSync, verify } from "node:crypto";
import { request } from "@octokit/request";
import { Octokit } from "@octokit/core";
import { paginateRest } from "@octokit/plugin-paginate-rest";
import { createAppAuth } from "@octokit/auth-app";

const { privateKey, publicKey } = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs1", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});

/** Requests the server received since the last scenario. */
let received = [];
let origin = "";

/** `bearer <JWT iss=…>` for a JWT signed with this run's key, else the value as it is. */
function jwtShape(value) {
  const match = /^bearer ([\w-]+)\.([\w-]+)\.([\w-]+)$/.exec(value ?? "");
  if (match === null) return value;
  const signed = Buffer.from(`${match[1]}.${match[2]}`);
  const valid = verify(
    "RSA-SHA256",
    signed,
    createPublicKey(publicKey),
    Buffer.from(match[3], "base64url"),
  );
  const claims = JSON.parse(Buffer.from(match[2], "base64url").toString());
  return valid ? `bearer <JWT iss=${claims.iss}>` : `bearer <JWT with a bad signature>`;
}

function json(response, status, data, headers = {}) {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  response.end(JSON.stringify(data));
}

/** Answers each request by method and path; no answer depends on the client beyond those. */
function respond(request, response, body) {
  const url = new URL(request.url, origin);
  const path = url.pathname;
  const key = `${request.method} ${path}`;
  const page = Number(url.searchParams.get("page") ?? "1");
  if (path === "/repos/octocat/paged/issues") {
    const next = `${origin}/repos/octocat/paged/issues?per_page=2&page=`;
    const links = [];
    if (page < 3) links.push(`<${next}${page + 1}>; rel="next"`, `<${next}3>; rel="last"`);
    if (page > 1) links.push(`<${next}1>; rel="first"`, `<${next}${page - 1}>; rel="prev"`);
    const items = page < 3 ? [{ id: page * 2 - 1 }, { id: page * 2 }] : [{ id: 5 }];
    return json(response, 200, items, links.length > 0 ? { link: links.join(", ") } : {});
  }
  switch (key) {
    case "HEAD /repos/octocat/missing":
    case "GET /repos/octocat/missing":
      return json(response, 404, {
        message: "Not Found",
        documentation_url: "https://docs.github.com/rest",
      });
    case "PUT /user/starred/octocat/hello-world":
    case "DELETE /repos/octocat/hello-world/issues/comments/42":
      response.writeHead(204);
      return response.end();
    case "GET /repos/octocat/hello-world/readme":
      response.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
      return response.end("# Hello World\n");
    case "POST /markdown/raw":
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return response.end(`<h1>${body.toString().slice(2)}</h1>`);
    case "POST /graphql":
      return json(response, 200, { data: { viewer: { login: "octocat" } } });
    case "POST /app/installations/123/access_tokens":
      return json(response, 201, {
        token: "ghs_installation",
        expires_at: "2099-01-01T00:00:00Z",
        permissions: { issues: "write" },
        repository_selection: "selected",
      });
    case "POST /uploads/repos/octocat/hello-world/releases/1/assets":
      return json(response, 201, { id: 7, name: url.searchParams.get("name"), size: body.length });
    case "GET /deprecated":
      return json(response, 200, { ok: true }, {
        deprecation: "true",
        sunset: "Tue, 01 Jan 2030 00:00:00 GMT",
        link: `<https://docs.github.com/deprecations>; rel="deprecation"`,
      });
  }
  return json(response, request.method === "POST" ? 201 : 200, { ok: true });
}

const server = createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const body = Buffer.concat(chunks);
    const url = new URL(request.url, "http://x");
    const headers = { ...request.headers };
    delete headers.host; // the port differs between runs
    if (headers.authorization !== undefined) {
      headers.authorization = jwtShape(headers.authorization);
    }
    received.push({
      method: request.method,
      path: url.pathname,
      query: url.search,
      headers,
      body: body.toString("utf8"),
    });
    respond(request, response, body);
  });
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
origin = `http://127.0.0.1:${server.address().port}`;

/** Replaces the origin in every string of `value`. */
function withoutOrigin(value) {
  if (typeof value === "string") return value.replaceAll(origin, "ORIGIN");
  if (Array.isArray(value)) return value.map(withoutOrigin);
  if (value instanceof ArrayBuffer) return { arrayBuffer: Buffer.from(value).toString("utf8") };
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutOrigin(v)]));
  }
  return value;
}

/** What a caller sees of a response (headers that vary by time or connection left out). */
function seen(response) {
  const { status, url, data, headers } = response;
  return {
    status,
    url,
    data,
    headers: { "content-type": headers["content-type"], link: headers.link },
  };
}

/** What a caller sees of an error, including the request options it carries. */
function seenError(error) {
  const request = error.request ?? {};
  return {
    name: error.name,
    status: error.status,
    message: error.message,
    request: {
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: request.body,
    },
    data: error.response?.data,
  };
}

const warnings = [];
const log = { debug() {}, info() {}, warn: (message) => warnings.push(message), error() {} };
const api = request.defaults({ baseUrl: origin, request: { log } });
const appAuth = { appId: 1, privateKey, installationId: 123 };
const PagedOctokit = Octokit.plugin(paginateRest);

const scenarios = {
  "GET with path and query parameters": () =>
    api("GET /repos/{owner}/{repo}/issues", {
      owner: "octocat",
      repo: "hello-world",
      state: "open",
      labels: "bug,ui",
      per_page: 2,
      sort: undefined,
    }),
  "search q keeps its + separators": () =>
    api("GET /search/issues", { q: "repo:octocat/hello-world is:open+label:bug", per_page: 1 }),
  "POST with a JSON body": () =>
    api("POST /repos/{owner}/{repo}/issues", {
      owner: "octocat",
      repo: "hello-world",
      title: "Found a bug",
      body: "é ü & <b>",
      labels: ["bug"],
      milestone: null,
    }),
  "PATCH": () =>
    api("PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
      owner: "octocat",
      repo: "hello-world",
      issue_number: 7,
      state: "closed",
    }),
  "PUT with no body": () =>
    api("PUT /user/starred/{owner}/{repo}", { owner: "octocat", repo: "hello-world" }),
  "DELETE": () =>
    api("DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}", {
      owner: "octocat",
      repo: "hello-world",
      comment_id: 42,
    }),
  "HEAD 200": () => api("HEAD /repos/{owner}/{repo}", { owner: "octocat", repo: "hello-world" }),
  "HEAD 404": () => api("HEAD /repos/{owner}/{repo}", { owner: "octocat", repo: "missing" }),
  "GET 404": () => api("GET /repos/{owner}/{repo}", { owner: "octocat", repo: "missing" }),
  "{/path*} route": () =>
    api("GET /repos/{owner}/{repo}/contents{/path*}", {
      owner: "octocat",
      repo: "hello-world",
      path: ["docs", "a b", "ü.md"],
      ref: "main",
    }),
  ":name placeholders": () =>
    api("GET /repos/:owner/:repo/branches/:branch", {
      owner: "octocat",
      repo: "hello-world",
      branch: "main",
    }),
  "custom headers": () =>
    api("GET /user", {
      headers: {
        "X-GitHub-Api-Version": "2022-11-28",
        Authorization: "token ghp_x",
        "If-None-Match": '"abc"',
      },
    }),
  "mediaType.format": () =>
    api("GET /repos/{owner}/{repo}/readme", {
      owner: "octocat",
      repo: "hello-world",
      mediaType: { format: "raw" },
    }),
  "previews on a REST url": () =>
    api("GET /repos/{owner}/{repo}", {
      owner: "octocat",
      repo: "hello-world",
      mediaType: { previews: ["mercy"] },
    }),
  "GraphQL with previews": () =>
    api("POST /graphql", {
      query: "query { viewer { login } }",
      variables: { n: 1 },
      mediaType: { previews: ["jean-grey", "squirrel-girl-preview"] },
    }),
  "string data": () =>
    api("POST /markdown/raw", {
      data: "# Hello",
      headers: { "content-type": "text/plain; charset=utf-8" },
    }),
  "uploads full URL with a Buffer body": () =>
    // As Octokit calls it with a release's upload_url: a full URL, another host than baseUrl.
    api(`POST ${origin}/uploads/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}`, {
      owner: "octocat",
      repo: "hello-world",
      release_id: 1,
      name: "notes v1.txt",
      data: Buffer.from("release notes\n"),
      headers: { "content-type": "text/plain", "content-length": 14 },
    }),
  "deprecation warning": async () => {
    warnings.length = 0;
    const response = await api("GET /deprecated");
    return { ...response, data: { ...response.data, warnings: [...warnings] } };
  },
  "auth-app installation token": async () => {
    const auth = createAppAuth({ ...appAuth, request: api });
    const { createdAt: _createdAt, ...authentication } = await auth({
      type: "installation",
      repositoryNames: ["hello-world"],
      permissions: { issues: "write" },
    });
    return { status: 201, url: "", headers: {}, data: authentication };
  },
  "@octokit/core octokit.request with a token": () =>
    new Octokit({ baseUrl: origin, auth: "ghp_token" }).request(
      "GET /repos/{owner}/{repo}/issues",
      {
        owner: "octocat",
        repo: "hello-world",
        per_page: 1,
      },
    ),
  "@octokit/core with a list in the query": () =>
    new Octokit({ baseUrl: origin }).request("GET /repos/{owner}/{repo}/issues", {
      owner: "octocat",
      repo: "hello-world",
      labels: ["bug", "ui"],
    }),
  "@octokit/core octokit.graphql": async () => {
    const data = await new Octokit({ baseUrl: origin, auth: "ghp_token" }).graphql(
      "query ($login: String!) { user(login: $login) { login } }",
      { login: "octocat" },
    );
    return { status: 200, url: "", headers: {}, data };
  },
  "@octokit/core with @octokit/auth-app": () =>
    new Octokit({ baseUrl: origin, authStrategy: createAppAuth, auth: appAuth }).request(
      "PATCH /repos/{owner}/{repo}/issues/{issue_number}",
      { owner: "octocat", repo: "hello-world", issue_number: 1, title: "Renamed" },
    ),
  "@octokit/plugin-paginate-rest over Link headers": async () => {
    const items = await new PagedOctokit({ baseUrl: origin }).paginate(
      "GET /repos/{owner}/{repo}/issues",
      { owner: "octocat", repo: "paged", per_page: 2 },
    );
    return { status: 200, url: "", headers: {}, data: items };
  },
};

const records = {};
for (const [name, scenario] of Object.entries(scenarios)) {
  received = [];
  let outcome;
  try {
    outcome = { result: seen(await scenario()) };
  } catch (error) {
    outcome = { error: seenError(error) };
  }
  records[name] = withoutOrigin({ wire: received, ...outcome });
}
server.close();
process.stdout.write(JSON.stringify(records, null, 2) + "\n");
