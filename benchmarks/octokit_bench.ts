/**
 * `octokit.request()` of @octokit/core with a stub `fetch` that answers at
 * once (one shared 204 response, whose body is never read), on the real
 * @octokit/endpoint and on routecast's `./octokit` in its place (as the
 * `overrides` entry of @routecast/octokit-endpoint installs it): what
 * routecast saves per request under Octokit, everything else being Octokit's
 * own work (hooks, header strings, the response object).
 */
import { bench } from "./_bench.ts";
import { loadOctokit, OCTOKIT_ENDPOINTS } from "./_octokit.ts";

const answer = new Response(null, { status: 204 });
const fetch = () => Promise.resolve(answer);

for (const [peer, endpointModule] of OCTOKIT_ENDPOINTS) {
  const Octokit = await loadOctokit(endpointModule);
  const octokit = new Octokit({ auth: "ghp_0000", request: { fetch } });
  const baseline = peer === OCTOKIT_ENDPOINTS[0][0];
  bench(peer, { group: "octokit.request() GET, stub fetch", baseline }, async () => {
    await octokit.request("GET /repos/{owner}/{repo}/issues", {
      owner: "octocat",
      repo: "Hello-World",
      state: "open",
      per_page: 100,
    });
  });
  bench(peer, { group: "octokit.request() PATCH JSON, stub fetch", baseline }, async () => {
    await octokit.request("PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
      owner: "octocat",
      repo: "Hello-World",
      issue_number: 1347,
      title: "Found a bug",
      labels: ["bug"],
    });
  });
}
