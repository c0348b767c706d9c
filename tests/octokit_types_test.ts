/**
 * `./octokit` as a drop-in at the type level: its `endpoint` is an
 * @octokit/types 18 `EndpointInterface`, so that TypeScript written against
 * `@octokit/endpoint` compiles with `@routecast/octokit-endpoint` in its
 * place, and the GitHub flavours' `DEFAULTS` are typed as strings. Type
 * checks that `deno check` runs on the sources.
 */
import type { paths } from "@octokit/openapi-types";
import type {
  EndpointDefaults as OctokitTypesDefaults,
  EndpointInterface,
  RequestMethod as OctokitTypesMethod,
  RequestOptions as OctokitTypesOptions,
} from "@octokit/types";
import { createEndpoint, endpoint as main } from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import {
  endpoint,
  type OctokitEndpoint,
  type OperationOf,
  type ResponseOf,
  typed,
} from "@routecast/endpoint/octokit";
import { fromOpenAPI } from "@routecast/endpoint/openapi";
import { assertEquals } from "@std/assert";
import { type Equal, pinType, typeOnly } from "./_type_checks.ts";

const API = "https://api.github.com";

Deno.test("./octokit's endpoint and its builders are @octokit/types EndpointInterfaces", () => {
  const mine = endpoint.defaults({ owner: "octocat", headers: { authorization: "token t" } });
  const asInterface: EndpointInterface = endpoint;
  const withDefaults: EndpointInterface<{ owner: string }> = mine;
  const github: EndpointInterface = typed<paths>(endpoint);
  // What @octokit/request does with it (src/with-defaults.ts).
  const request = asInterface.defaults({ headers: { "user-agent": "r" } });
  const route: string = "GET /repos/{owner}/{repo}";
  const parsed: object = request.parse(request.merge(route, { owner: "o", repo: "r" }));
  assertEquals(parsed, {
    method: "GET",
    url: `${API}/repos/o/r`,
    headers: { accept: "application/vnd.github.v3+json", "user-agent": "r" },
  });
  assertEquals(withDefaults.DEFAULTS.owner, "octocat");
  assertEquals(github("GET /user").url, `${API}/user`);
  pinType<
    Equal<
      typeof mine,
      OctokitEndpoint<object & { owner: string; headers: { authorization: string } }>
    >
  >();
  typeOnly(() => {
    // @ts-expect-error: the main entry's results have a lowercase method, typed as a string
    const _main: EndpointInterface = main;
    // @ts-expect-error: a createEndpoint() builder has no baseUrl unless given one
    const _neutral: EndpointInterface = createEndpoint();
  });
});

Deno.test("./octokit's results are typed as @octokit/types types them", () => {
  const options: OctokitTypesOptions = endpoint("PATCH /repos/{owner}/{repo}", {
    owner: "o",
    repo: "r",
    name: "n",
    request: { timeout: 5000 },
  });
  const method: OctokitTypesMethod = options.method;
  const timeout: number = options.request?.timeout;
  assertEquals([method, timeout, options.body], ["PATCH", 5000, { name: "n" }]);
  const merged = endpoint.merge("GET /orgs/{org}/repos", { org: "o" });
  const asDefaults: OctokitTypesDefaults = merged;
  const org: string = merged.org;
  const url: string = merged.url;
  assertEquals([org, url], ["o", "/orgs/{org}/repos"]);
  const parsed: OctokitTypesOptions = endpoint.parse(asDefaults);
  assertEquals(parsed.url, `${API}/orgs/o/repos`);
  const defaults: OctokitTypesDefaults = endpoint.merge();
  assertEquals(defaults.baseUrl, API);
  typeOnly(() => {
    // @ts-expect-error: a result's method is one of @octokit/types' six
    const _method: "get" = endpoint("GET /user").method;
  });
});

Deno.test("./octokit keeps typed routes, and typed() keeps the operation in results", () => {
  const github = typed<paths>(endpoint);
  const issue = github("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t" });
  assertEquals([issue.method, issue.body], ["POST", { title: "t" }]);
  type Operation = paths["/repos/{owner}/{repo}/issues"]["post"];
  pinType<Equal<OperationOf<typeof issue>, Operation>>();
  const merged = github.merge("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" });
  const parsed = github.parse(merged);
  pinType<Equal<OperationOf<typeof merged>, paths["/repos/{owner}/{repo}/issues"]["get"]>>();
  pinType<Equal<OperationOf<typeof parsed>, paths["/repos/{owner}/{repo}/issues"]["get"]>>();
  const created: ResponseOf<typeof issue>["number"] = 1;
  assertEquals(created, 1);
  const mine = endpoint.defaults({ owner: "octocat" });
  assertEquals(mine("GET /repos/{owner}/{repo}", { repo: "r" }).url, `${API}/repos/octocat/r`);
  typeOnly(() => {
    // @ts-expect-error: repo is missing
    endpoint("GET /repos/{owner}/{repo}", { owner: "o" });
    // @ts-expect-error: repo is still required
    mine("GET /repos/{owner}/{repo}", {});
    // @ts-expect-error: title is required by the description
    github("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" });
  });
});

Deno.test("DEFAULTS of the GitHub flavours are strings; only neutral builders may lack a baseUrl", () => {
  for (const builder of [main, lite, endpoint, main.defaults({}), endpoint.defaults({})]) {
    const { baseUrl, method, headers, mediaType } = builder.DEFAULTS;
    const strings: string[] = [
      baseUrl,
      method,
      headers.accept,
      headers["user-agent"],
      mediaType.format,
    ];
    assertEquals(strings.map((value) => typeof value), Array(5).fill("string"));
  }
  pinType<Equal<typeof main.DEFAULTS.baseUrl, string>>();
  pinType<Equal<typeof lite.DEFAULTS.method, string>>();
  pinType<Equal<typeof main.DEFAULTS.headers.accept, string>>();
  pinType<Equal<typeof lite.DEFAULTS.headers["user-agent"], string>>();
  pinType<Equal<typeof main.DEFAULTS.mediaType.format, string>>();
  pinType<Equal<typeof endpoint.DEFAULTS.baseUrl, string>>();
  pinType<Equal<typeof endpoint.DEFAULTS.headers.accept, string>>();
  const neutral = createEndpoint();
  const openapi = fromOpenAPI({ openapi: "3.1.0", info: { title: "t", version: "1" }, paths: {} });
  assertEquals([neutral.DEFAULTS.baseUrl, openapi.DEFAULTS.baseUrl], [undefined, undefined]);
  pinType<Equal<typeof neutral.DEFAULTS.baseUrl, string | undefined>>();
  pinType<Equal<typeof openapi.DEFAULTS.baseUrl, string | undefined>>();
  pinType<Equal<typeof neutral.DEFAULTS.headers.accept, string | number>>();
});
