/**
 * A call through `fromOpenAPI` against a plain call of the same route: the
 * neutral builder on the same (TypeScript) engine, and `endpoint` of
 * `./lite`. The declared operation writes its query parameters in their
 * styles, on every method; the plain builders guess from the method (issue
 * 22 holds `fromOpenAPI` within 1.2x of them). One group per case, every
 * url read; `fromOpenAPI` is the baseline.
 */
import { bench, read } from "./_bench.ts";
import { fromOpenAPI } from "@routecast/endpoint/openapi";
import { createEndpoint, endpoint } from "@routecast/endpoint/lite";

const BASE = "https://api.example.com";
type Call = (route: string, parameters: Record<string, unknown>) => { url: string };

const described = fromOpenAPI({
  openapi: "3.0.3",
  info: { title: "Bench", version: "1" },
  servers: [{ url: BASE }],
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
}) as unknown as Call;

const PEERS: [string, Call][] = [
  ["fromOpenAPI", described],
  ["createEndpoint (lite)", createEndpoint({ baseUrl: BASE }) as unknown as Call],
  ["endpoint (lite)", endpoint.defaults({ baseUrl: BASE }) as unknown as Call],
];

function group(name: string, run: (call: Call) => { url: string }) {
  for (const [peer, call] of PEERS) {
    bench(peer, { group: name, baseline: peer === "fromOpenAPI" }, () => read(run(call).url));
  }
}

const GET = { owner: "octocat", repo: "Hello-World", state: "open", per_page: 100 };
group("openapi: GET path+query", (call) => call("GET /repos/{owner}/{repo}/issues", GET));

const POST = {
  owner: "octocat",
  repo: "Hello-World",
  title: "Found a bug",
  body: "I'm having a problem with this.",
  labels: ["bug"],
  headers: { authorization: "token 0000" },
};
group("openapi: POST JSON body", (call) => call("POST /repos/{owner}/{repo}/issues", POST));
