/** The README's first example: expand a GitHub route template. */
import { expand } from "@routecast/endpoint/uri-template";

console.log(
  expand("https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,per_page}", {
    owner: "octocat",
    repo: "Hello-World",
    labels: ["bug", "help wanted"],
    per_page: 100,
  }),
);
