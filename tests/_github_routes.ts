/**
 * GitHub's published REST routes, read from two pinned dev dependencies:
 *
 * - `@octokit/plugin-rest-endpoint-methods` 18.0.0 ships every route that
 *   Octokit's `octokit.rest.*` methods call, as `"METHOD /path"` strings
 *   (`dist-src/generated/endpoints.js`), some with a `{?…}` query template;
 * - `@octokit/openapi-types` 29.0.1 is GitHub's OpenAPI description of
 *   api.github.com as openapi-typescript wrote it (`types.d.ts`): its
 *   `paths` name every operation, its `operations` the query parameters and
 *   the JSON body members of each.
 *
 * Both are generated files with a fixed layout, read line by line here. The
 * operations are their union; each gets realistic values for its path
 * variables, query parameters and body members.
 *
 * @module
 */

const MODULES = new URL("../node_modules/@octokit/", import.meta.url);

/** A JSON-able sample value for a parameter. */
export type Sample = string | number | boolean | readonly (string | number)[];

/** One published operation. */
export interface Operation {
  /** `"METHOD /path"`, as published (the plugin's form when both list it). */
  readonly route: string;
  /** The variables of the route's path part, in order. */
  readonly pathNames: readonly string[];
  /** Values for the query parameters (GET, HEAD) or JSON body members (the other methods). */
  readonly extra: Readonly<Record<string, Sample>>;
  /** Which package lists it. */
  readonly sources: readonly ("plugin" | "openapi")[];
}

/** Names the builders read as options, never parameters. */
const OPTION_NAMES = new Set([
  "method",
  "url",
  "baseUrl",
  "headers",
  "mediaType",
  "data",
  "request",
]);

/** Realistic values for the names GitHub uses. */
const KNOWN: Readonly<Record<string, Sample>> = {
  owner: "octo-org",
  repo: "hello-world",
  org: "octo-org",
  username: "octocat",
  enterprise: "acme-corp",
  "enterprise-team": "platform-team",
  team_slug: "justice-league",
  secret_name: "NPM_TOKEN",
  name: "deploy key",
  branch: "feature/new-ui",
  ref: "heads/main",
  path: "docs/README.md",
  package_type: "container",
  package_name: "hello-world",
  environment_name: "production",
  basehead: "main...feature/new-ui",
  archive_format: "zipball",
  codespace_name: "octocat-hello-world-g4wpq6h95q",
  ghsa_id: "GHSA-abcd-1234-efgh",
  subject_digest: "sha256:6dcb09b5b57875f334f61aebed695e2e4193db5e",
  tag: "v1.0.0",
  language: "JavaScript",
  license: "mit",
  key: "Linux-node-5f6e4d",
  version: "1.2.3",
  assignee: "hubot",
  head: "octocat:new-ui",
  base: "main",
  dir: "docs",
  template_owner: "octo-org",
  template_repo: "template",
  target_user: "monalisa",
  repo_owner: "octo-org",
  repo_name: "hello-world",
  app_slug: "octoapp",
  custom_property_name: "environment",
  cluster: "github-cluster-1",
  code: "a1b2c3",
  client_id: "Iv1.8a61f9b3a7aba766",
  q: "repo:octo-org/hello-world is:open label:bug+author:octocat",
  since: "2024-01-02T03:04:05Z",
  before: "2024-02-01T00:00:00Z",
  after: "Y3Vyc29yOnYyOpHOAAm",
  direction: "desc",
  sort: "updated",
  state: "open",
  per_page: 30,
  page: 2,
  title: "Found a bug",
  body: "I'm having a problem with this: ünïcode & 100% sure.",
  labels: ["bug", "ui"],
  description: "The best repo",
};

/** A value for a name and an openapi-typescript type text, or `undefined` to leave it out. */
function sample(name: string, type: string): Sample | undefined {
  const literal = /^"([^"]*)"/.exec(type);
  if (literal !== null) return literal[1];
  if (Object.hasOwn(KNOWN, name)) return KNOWN[name];
  if (/(^|_)sha$/.test(name)) return "6dcb09b5b57875f334f61aebed695e2e4193db5e";
  const simple = type.replace(/ \| null$/, "");
  if (/(^|_)(id|number)$/.test(name) || simple === "number" || simple === "number | bigint") {
    return /year/.test(name) ? 2024 : /day|month/.test(name) ? 7 : 42;
  }
  if (simple === "boolean") return true;
  if (simple === "string[]") return [`${name}-1`, `${name}-2`];
  if (simple === "number[]") return [1, 2];
  const reference = /^components\["parameters"\]\["([^"]+)"\]$/.exec(simple);
  if (reference !== null) {
    const alias = reference[1].replaceAll("-", "_");
    if (Object.hasOwn(KNOWN, alias)) return KNOWN[alias];
    if (/per_page$/.test(alias)) return 30;
    if (/(^|_)(id|number|year|day|month)$/.test(alias)) return 7;
    return `${name}-value`;
  }
  if (simple === "string") return `${name.replaceAll("_", "-")}-value`;
  return undefined;
}

/** `"METHOD /path"` → the variables of its path part. */
export function pathNamesOf(route: string): string[] {
  const url = route.slice(route.indexOf(" ") + 1);
  const pathPart = url.split(/\{[?&#]|[?#]/)[0];
  return [...pathPart.matchAll(/\{\+?([^}]+)\}/g)].map((match) => match[1]);
}

/** The names in the route's own `{?…}` expression (the plugin writes some). */
export function queryTemplateNames(route: string): string[] {
  const query = /\{\?([^}]+)\}/.exec(route);
  return query === null ? [] : query[1].split(",");
}

/** The plugin's routes. */
async function pluginRoutes(): Promise<Set<string>> {
  const text = await Deno.readTextFile(
    new URL("plugin-rest-endpoint-methods/dist-src/generated/endpoints.js", MODULES),
  );
  const routes = new Set<string>();
  for (const [, route] of text.matchAll(/"((?:GET|HEAD|POST|PUT|PATCH|DELETE) \/[^"]*)"/g)) {
    routes.add(route);
  }
  return routes;
}

interface Described {
  /** `"METHOD /path"` → operation id. */
  readonly routes: Map<string, string>;
  /** Operation id → query parameter name → type text. */
  readonly query: Map<string, Map<string, string>>;
  /** Operation id → JSON body member name → type text. */
  readonly body: Map<string, Map<string, string>>;
}

/** The operations of `@octokit/openapi-types`' `types.d.ts`. */
async function described(): Promise<Described> {
  const text = await Deno.readTextFile(new URL("openapi-types/types.d.ts", MODULES));
  const routes = new Map<string, string>();
  const query = new Map<string, Map<string, string>>();
  const body = new Map<string, Map<string, string>>();
  let section = "";
  let path = "";
  let operation = "";
  let part = "";
  let json = false;
  const member = (line: string, indent: number) => {
    const match = new RegExp(`^ {${indent}}"?([A-Za-z0-9_-]+)"?\\??: (.+);$`).exec(line);
    return match === null ? undefined : [match[1], match[2]] as const;
  };
  for (const line of text.split("\n")) {
    if (line.startsWith("export ")) {
      section = /^export (?:interface|type) (\w+)/.exec(line)?.[1] ?? "";
      continue;
    }
    if (section === "paths") {
      const key = /^ {2}"(\/[^"]*)": \{$/.exec(line);
      if (key !== null) path = key[1];
      const method = /^ {4}(get|put|post|delete|patch|head): operations\["([^"]+)"\];$/.exec(line);
      if (method !== null) routes.set(`${method[1].toUpperCase()} ${path}`, method[2]);
    } else if (section === "operations") {
      const key = /^ {2}"([^"]+)": \{$/.exec(line);
      if (key !== null) {
        operation = key[1];
        part = "";
        continue;
      }
      const top = /^ {4}(\w+)\??: /.exec(line);
      if (top !== null) part = top[1];
      if (part === "parameters") {
        const sub = /^ {6}(\w+)\??: /.exec(line);
        if (sub !== null) json = sub[1] === "query";
        const found = json ? member(line, 8) : undefined;
        if (found !== undefined) {
          if (!query.has(operation)) query.set(operation, new Map());
          query.get(operation)!.set(found[0], found[1]);
        }
      } else if (part === "requestBody") {
        const media = /^ {8}"([^"]+)": /.exec(line);
        if (media !== null) json = media[1] === "application/json";
        const found = json ? member(line, 10) : undefined;
        if (found !== undefined) {
          if (!body.has(operation)) body.set(operation, new Map());
          body.get(operation)!.set(found[0], found[1]);
        }
      }
    }
  }
  return { routes, query, body };
}

/** The route without its `{?…}` expression, to match the two lists. */
function bare(route: string): string {
  return route.replace(/\{\?[^}]*\}$/, "");
}

/** Every published operation, with sample values. */
export async function githubOperations(): Promise<Operation[]> {
  const [plugin, openapi] = await Promise.all([pluginRoutes(), described()]);
  const byBare = new Map<string, { route: string; sources: ("plugin" | "openapi")[] }>();
  for (const route of plugin) byBare.set(bare(route), { route, sources: ["plugin"] });
  for (const route of openapi.routes.keys()) {
    const known = byBare.get(route);
    if (known === undefined) byBare.set(route, { route, sources: ["openapi"] });
    else known.sources.push("openapi");
  }
  const operations: Operation[] = [];
  for (const [key, { route, sources }] of byBare) {
    const method = route.slice(0, route.indexOf(" "));
    const pathNames = pathNamesOf(route);
    const id = openapi.routes.get(key);
    const inQuery = method === "GET" || method === "HEAD";
    const types = new Map(queryTemplateNames(route).map((name) => [name, "string"]));
    const described = id === undefined
      ? undefined
      : inQuery
      ? openapi.query.get(id)
      : openapi.body.get(id);
    for (const [name, type] of described ?? []) if (!types.has(name)) types.set(name, type);
    const extra: Record<string, Sample> = {};
    for (const [name, type] of types) {
      if (OPTION_NAMES.has(name) || pathNames.includes(name)) continue;
      const value = sample(name, type);
      if (value !== undefined) extra[name] = value;
      if (Object.keys(extra).length === 6) break;
    }
    operations.push({ route, pathNames, extra, sources });
  }
  return operations;
}

/** The path variables of an operation with realistic values. */
export function pathValues(operation: Operation): Record<string, Sample> {
  const values: Record<string, Sample> = {};
  for (const name of operation.pathNames) values[name] = sample(name, "string")!;
  return values;
}
