/**
 * Typed routes and templates. Each rule is pinned twice: by calls that must
 * type-check and by `@ts-expect-error` lines that must not (`deno check`, run
 * by `deno task check`, fails on an unused directive). The calls that
 * type-check also run, so the types describe what the runtime does.
 */
import {
  type Endpoint,
  endpoint,
  type EndpointOptions,
  type GitHubEndpoint,
  type RouteOptions,
  type RouteRequiredNames,
  type RouteValue,
} from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import {
  expand,
  parseTemplate,
  type Template,
  type TemplateVariableNames,
  type TemplateVariablesOf,
} from "@routecast/endpoint/uri-template";
import { assertEquals, assertThrows } from "@std/assert";
import { type Equal, pinType, typeOnly } from "./_type_checks.ts";

const API = "https://api.github.com";

Deno.test("endpoint() requires {name}, {+name} and :name parameters of a route literal", () => {
  assertEquals(
    endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }).url,
    `${API}/repos/o/r`,
  );
  assertEquals(endpoint("GET /files/{+path}", { path: "a/b" }).url, `${API}/files/a/b`);
  assertEquals(
    endpoint("PUT /user/starred/:owner/:repo", { owner: "o", repo: "r" }).url,
    `${API}/user/starred/o/r`,
  );
  pinType<Equal<RouteRequiredNames<"GET /repos/{owner}/{repo}">, "owner" | "repo">>();
  pinType<Equal<RouteRequiredNames<"GET /files/{+path}/{x,y}">, "path" | "x" | "y">>();
  pinType<Equal<RouteRequiredNames<"/users/{username}">, "username">>();
  pinType<Equal<RouteRequiredNames<"  POST   /orgs/{org}/repos  ">, "org">>();
  typeOnly(() => {
    // @ts-expect-error: repo is missing
    endpoint("GET /repos/{owner}/{repo}", { owner: "a" });
    // @ts-expect-error: path is missing
    endpoint("GET /files/{+path}", {});
    // @ts-expect-error: the options (with owner and repo) are missing
    endpoint("PUT /user/starred/:owner/:repo");
    // @ts-expect-error: repo is missing
    endpoint("PUT /user/starred/:owner/:repo", { owner: "o" });
    // @ts-expect-error: y of {x,y} is missing
    endpoint("GET /{x,y}", { x: 1 });
    // @ts-expect-error: a lone url is a route too
    endpoint("/users/{username}", {});
  });
});

Deno.test("endpoint() reads :name only right after / in the path, as the runtime does", () => {
  assertEquals(endpoint("GET /a/:b_c1-d/x:y/:1z", { b_c1: "B" }).url, `${API}/a/B-d/x:y/:1z`);
  assertEquals(
    endpoint("GET /search/issues?q=repo:octocat/:hello").url,
    `${API}/search/issues?q=repo:octocat/:hello`,
  );
  assertEquals(
    endpoint("GET http://localhost:8080/x/:id", { id: 7 }).url,
    "http://localhost:8080/x/7",
  );
  pinType<Equal<RouteRequiredNames<"GET /a/:b_c1-d/x:y/:1z">, "b_c1">>();
  pinType<Equal<RouteRequiredNames<"GET /search?q=repo:owner/:name">, never>>();
  pinType<Equal<RouteRequiredNames<"GET /x{?q}/:name">, never>>();
  pinType<Equal<RouteRequiredNames<"GET /x#/:name">, never>>();
  pinType<Equal<RouteRequiredNames<"GET http://localhost:8080/x/:id">, "id">>();
  pinType<Equal<RouteRequiredNames<"GET https://{host}/:id{?x}">, "host" | "id">>();
  typeOnly(() => {
    // @ts-expect-error: b_c1 is missing (the name stops at "-")
    endpoint("GET /a/:b_c1-d", { b_c1_d: "x" });
    // @ts-expect-error: id is missing on a full URL
    endpoint("GET http://localhost:8080/x/:id", { port: 8080 });
  });
});

Deno.test("endpoint() treats /, ., ;, ?, & and # expressions as optional", () => {
  assertEquals(
    endpoint("GET /repos/{owner}/{repo}/issues{/number}{?since,page}{&x}", {
      owner: "o",
      repo: "r",
    }).url,
    `${API}/repos/o/r/issues`,
  );
  assertEquals(
    endpoint("GET /x{.fmt}{;m}{#frag}", { fmt: "json", frag: "top" }).url,
    `${API}/x.json#top`,
  );
  pinType<Equal<RouteRequiredNames<"GET /x{/a}{.b}{;c}{?d}{&e}{#f}">, never>>();
  pinType<Equal<RouteRequiredNames<"GET /x{/path*}{?q:3}">, never>>();
  typeOnly(() => {
    // No options at all is fine when nothing is required.
    endpoint("GET /x{/a}{.b}{;c}{?d}{&e}{#f}");
    // @ts-expect-error: since is known to the route, so its value must be expandable
    endpoint("GET /x{?since}", { since: Symbol("s") });
    // @ts-expect-error: a function cannot be expanded in {/number}
    endpoint("GET /issues{/number}", { number: () => 1 });
  });
});

Deno.test("endpoint() understands modifiers: {name*} and {name:3} are still required", () => {
  assertEquals(
    endpoint("GET /x/{list*}/{sha:3}", { list: ["a", "b"], sha: "abcdef" }).url,
    `${API}/x/a,b/abc`,
  );
  pinType<Equal<RouteRequiredNames<"GET /x/{list*}/{sha:3}">, "list" | "sha">>();
  typeOnly(() => {
    // @ts-expect-error: sha is missing
    endpoint("GET /x/{list*}/{sha:3}", { list: ["a"] });
  });
});

Deno.test("endpoint() accepts extra keys as query or body parameters", () => {
  const options = endpoint("POST /repos/{owner}/{repo}/issues", {
    owner: "o",
    repo: "r",
    title: "t",
    labels: ["bug"],
    headers: { authorization: "token x" },
  });
  assertEquals(options.body, { title: "t", labels: ["bug"] });
  assertEquals(
    endpoint("GET /repos/{owner}", { owner: "o", per_page: 2 }).url,
    `${API}/repos/o?per_page=2`,
  );
  const typed: RouteOptions<"GET /repos/{owner}"> = { owner: "o", per_page: 2 };
  assertEquals(typed.per_page, 2);
});

Deno.test("endpoint() requires defined values for required parameters", () => {
  const value: RouteValue = new Map([["a", 1]]);
  assertEquals(endpoint("GET /m/{value*}", { value }).url, `${API}/m/a=1`);
  typeOnly(() => {
    // @ts-expect-error: null leaves a hole in the URL
    endpoint("GET /repos/{owner}", { owner: null });
    // @ts-expect-error: so does undefined
    endpoint("GET /repos/{owner}", { owner: undefined });
    const maybe = undefined as string | undefined;
    // @ts-expect-error: and a value that may be undefined
    endpoint("GET /repos/{owner}", { owner: maybe });
  });
});

Deno.test("endpoint() does not ask for variables named like options", () => {
  pinType<Equal<RouteRequiredNames<"GET /{url}/{headers}/{data}/{x}">, "x">>();
  // No value can fill them (an option never fills the url): rule 19 refuses the call at run time.
  assertThrows(
    () => endpoint("GET /r/{data}/{x}", { x: 1 }),
    TypeError,
    'Missing parameter "data"',
  );
});

Deno.test("endpoint() falls back to loose options for a route that is a plain string", () => {
  const route: string = "GET /repos/{owner}/{repo}";
  // Loose types, and the runtime still requires path variables (DECISIONS.md rule 19).
  assertThrows(() => endpoint(route), TypeError, 'Missing parameter "owner"');
  assertThrows(
    () => endpoint(route, { owner: "o", repo: undefined }),
    TypeError,
    'Missing parameter "repo"',
  );
  const options: EndpointOptions = { owner: "o" };
  assertThrows(() => lite(route, options), TypeError, 'Missing parameter "repo"');
  assertEquals(lite(route, { ...options, repo: "" }).url, `${API}/repos/o/`);
  pinType<Equal<RouteRequiredNames<string>, never>>();
  pinType<Equal<RouteOptions<string>, EndpointOptions>>();
  typeOnly(() => {
    // A literal route with options typed as the loose EndpointOptions does not type-check.
    // @ts-expect-error: EndpointOptions does not promise owner
    endpoint("GET /repos/{owner}", options);
  });
});

Deno.test("endpoint.defaults() builders no longer require parameters given as defaults", () => {
  const mine = endpoint.defaults({ owner: "x" });
  assertEquals(mine("GET /repos/{owner}/{repo}", { repo: "r" }).url, `${API}/repos/x/r`);
  assertEquals(
    mine("GET /repos/{owner}/{repo}", { owner: "y", repo: "r" }).url,
    `${API}/repos/y/r`,
  );
  const both = mine.defaults({ repo: "r", headers: { authorization: "token t" } });
  assertEquals(both("GET /repos/{owner}/{repo}").url, `${API}/repos/x/r`);
  const typed: Endpoint<"owner"> = mine;
  assertEquals(typed.DEFAULTS.owner, "x");
  // Any builder is an Endpoint.
  const builders: Endpoint[] = [endpoint, mine, both];
  assertEquals(builders.length, 3);
  pinType<Equal<typeof both, GitHubEndpoint<"owner" | "repo">>>();
  typeOnly(() => {
    // @ts-expect-error: repo is still required
    mine("GET /repos/{owner}/{repo}", {});
    // @ts-expect-error: a default that may be undefined does not count
    endpoint.defaults({ owner: undefined as string | undefined })("GET /repos/{owner}");
    // @ts-expect-error: a default owner is typed, so an override must be expandable
    mine("GET /repos/{owner}/{repo}", { owner: () => "y", repo: "r" });
  });
});

Deno.test("endpoint(options) types a literal url as a route", () => {
  assertEquals(endpoint({ url: "/users/{username}", username: "u" }).url, `${API}/users/u`);
  const upload = endpoint({
    method: "POST",
    url: "https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name}",
    owner: "o",
    repo: "r",
    release_id: 1,
    name: "a.zip",
    data: "zip",
    headers: { "content-type": "application/zip" },
  });
  assertEquals(upload.url, "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip");
  assertEquals(
    endpoint.defaults({ owner: "o" })({ url: "/repos/{owner}/{repo}", repo: "r" }).url,
    `${API}/repos/o/r`,
  );
  const url: string = "/users/{username}";
  assertThrows(() => endpoint({ url }), TypeError, 'Missing parameter "username"');
  typeOnly(() => {
    // @ts-expect-error: username is missing
    endpoint({ url: "/users/{username}" });
    // @ts-expect-error: release_id is missing
    endpoint({ method: "POST", url: "https://uploads.github.com/r/{release_id}/assets", data: "" });
  });
});

Deno.test("parseTemplate() gives a Template that knows its variable names", () => {
  const user = parseTemplate("/users/{username}{?tab}");
  assertEquals(user.expand({ username: "u" }), "/users/u");
  assertEquals(user.expand({}), "/users/");
  assertEquals(user.expand({ username: "u", tab: new Map([["a", 1]]) }), "/users/u?tab=a,1");
  const names: readonly ("username" | "tab")[] = user.variableNames;
  assertEquals(names, ["username", "tab"]);
  const text: "/users/{username}{?tab}" = user.template;
  assertEquals(text, "/users/{username}{?tab}");
  pinType<Equal<typeof user, Template<"/users/{username}{?tab}">>>();
  // A typed template is a Template (covariant in its text), not the other way round.
  const templates: Template[] = [user, parseTemplate("/plain")];
  assertEquals(templates[0].expand({ username: "u", extra: 1 }), "/users/u");
  pinType<
    Equal<TemplateVariableNames<"{a}{?b,a}{/c*}{#d:3}{+e,f}">, "a" | "b" | "c" | "d" | "e" | "f">
  >();
  pinType<Equal<TemplateVariableNames<string>, string>>();
  typeOnly(() => {
    // @ts-expect-error: a name the template does not have is a typo
    user.expand({ usernam: "u" });
    // @ts-expect-error: variables are an object
    user.expand(42);
    // @ts-expect-error: a function cannot be expanded
    user.expand({ tab: () => 1 });
    // @ts-expect-error: any Template is not one of this text
    const _typed: Template<"/users/{username}{?tab}"> = parseTemplate(
      "/users/{username}" as string,
    );
  });
});

Deno.test("expand() checks variable names of a literal template; a string template takes any", () => {
  assertEquals(expand("/x{?y}", { y: 1 }), "/x?y=1");
  const template: string = "/x{?y}";
  assertEquals(expand(template, { y: 1, z: 2 }), "/x?y=1");
  assertEquals(parseTemplate(template).expand({ z: 2 }), "/x");
  const wider = { y: 1, z: 2 };
  assertEquals(expand("/x{?y}", wider), "/x?y=1");
  const variables: TemplateVariablesOf<"/x{?y}"> = { y: [1, 2] };
  assertEquals(expand("/x{?y}", variables), "/x?y=1,2");
  typeOnly(() => {
    // @ts-expect-error: z is not a variable of the template
    expand("/x{?y}", { z: 1 });
    // @ts-expect-error: a template without variables still takes an object
    expand("/plain", "a");
  });
});
