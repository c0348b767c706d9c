/** The README's main example: request options for creating an issue. */
import { endpoint } from "@routecast/endpoint";

const options = endpoint("POST /repos/{owner}/{repo}/issues", {
  owner: "octocat",
  repo: "Hello-World",
  title: "Found a bug",
  labels: ["bug"],
  headers: { authorization: "token ghp_0000000000000000000000000000000000" },
});
console.log(JSON.stringify(options, null, 2));
