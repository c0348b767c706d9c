/**
 * endpoint() against @octokit/endpoint, the build before the hardening
 * (`ad6d2bb`, pinned in benchmarks/_pinned/ by scripts/pin_build.ts) and a
 * hand-written function that builds the same result with plain string
 * concatenation (the practical limit), for the main entry (WebAssembly
 * engine where it runs) and ./lite. One group per case (issue 23's W1-W4,
 * benchmarks/_workloads.ts, and W5: W1 through parse(merge()) as
 * @octokit/request builds it); routecast is the baseline.
 */
import { bench, read } from "./_bench.ts";
import { endpoint } from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import { endpoint as octokit } from "@octokit/endpoint";
import { endpoint as pinned } from "./_pinned/ad6d2bb.js";
import {
  type Builder,
  type Call,
  DEFAULTS_ROUTE,
  GET,
  GET_ROUTE,
  handWrittenDefaults,
  handWrittenGet,
  handWrittenPost,
  handWrittenRoute,
  LEVEL_1,
  LEVEL_2,
  MIX,
  POST,
  POST_ROUTE,
  TYPE,
} from "./_workloads.ts";

const UA = String(endpoint.DEFAULTS.headers["user-agent"]);

/** Every HTTP client reads the url, so each case reads it, for every peer alike. */
function use(options: { url: string }): void {
  read(options.url);
}
const PEERS: [string, Builder][] = [
  ["routecast", endpoint as unknown as Builder],
  ["routecast/lite", lite as unknown as Builder],
  ["routecast@ad6d2bb", pinned as Builder],
  ["@octokit/endpoint", octokit as unknown as Builder],
];

function group(name: string, run: (call: Call) => void, handWritten: () => void) {
  for (const [peer, call] of PEERS) {
    bench(peer, { group: name, baseline: peer === "routecast" }, () => run(call));
  }
  bench("hand-written concatenation", { group: name }, handWritten);
}

// W1. GET with two path and two query parameters.
group("GET path+query", (call) => use(call(GET_ROUTE, GET)), () => use(handWrittenGet(UA)));

// W2. POST with a JSON body.
group("POST JSON body", (call) => use(call(POST_ROUTE, POST)), () => use(handWrittenPost(UA)));

// W3. A call through a two-level .defaults() builder.
for (const [peer, builder] of PEERS) {
  const call = builder.defaults(LEVEL_1).defaults(LEVEL_2);
  bench(peer, { group: "two-level defaults", baseline: peer === "routecast" }, () => {
    use(call(DEFAULTS_ROUTE, TYPE));
  });
}
bench("hand-written concatenation", { group: "two-level defaults" }, () => {
  use(handWrittenDefaults(UA));
});

// W4. A mix of real GitHub REST routes with typical parameters.
group(`mix of ${MIX.length} GitHub routes`, (call) => {
  for (const [route, parameters] of MIX) use(call(route, parameters));
}, () => {
  for (const [route, parameters] of MIX) use(handWrittenRoute(route, parameters, UA));
});

// W5. W1 with a header, built as @octokit/request builds every request: parse(merge()).
const AUTHORIZED = { ...GET, headers: { authorization: "token 0000" } };
for (const [peer, builder] of PEERS) {
  const twoSteps = builder as unknown as {
    merge(route: string, options: object): object;
    parse(options: object): { url: string };
  };
  bench(peer, { group: "parse(merge()), Octokit's path", baseline: peer === "routecast" }, () => {
    use(twoSteps.parse(twoSteps.merge(GET_ROUTE, AUTHORIZED)));
  });
}

// 5. The cost of making a builder.
bench("routecast", { group: "endpoint.defaults() creation", baseline: true }, () => {
  endpoint.defaults(LEVEL_1);
});
bench("@octokit/endpoint", { group: "endpoint.defaults() creation" }, () => {
  octokit.defaults(LEVEL_1);
});
