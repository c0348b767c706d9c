/**
 * Every operation of GitHub's published REST description (tests/_github_routes.ts)
 * through `.`, `./lite` and `./octokit`, compared with @octokit/endpoint
 * 11.0.5: six generated calls per operation (a route with its parameters, an
 * options object, a builder with defaults, `merge()` then `parse()`,
 * unusual values, a path variable left out). Method (lowercase in `.` and
 * `./lite`, as the reference in `./octokit`), url, headers and body must be
 * the reference's, but for the user-agent and the documented fixes: a path
 * variable left out is a `TypeError` in `.` and `./lite` (DECISIONS.md rule
 * 19), and `./octokit` keeps the trailing `/` it leaves (rule 6).
 */
import { endpoint, type RequestOptions, VERSION } from "@routecast/endpoint";
import { endpoint as lite } from "@routecast/endpoint/lite";
import { endpoint as octokit } from "@routecast/endpoint/octokit";
import { endpoint as reference } from "@octokit/endpoint";
import { assert, assertEquals } from "@std/assert";
import { githubOperations, type Operation, pathValues, type Sample } from "./_github_routes.ts";

const operations = await githubOperations();

type Builder = typeof endpoint;
type Variant = "route" | "options" | "defaults" | "merge" | "unusual" | "missing";
const VARIANTS: readonly Variant[] = [
  "route",
  "options",
  "defaults",
  "merge",
  "unusual",
  "missing",
];

const DEFAULTS = {
  baseUrl: "https://github.acme-inc.com/api/v3",
  headers: {
    authorization: "token ghp_16C7e42F292c6912E7710c838347Ae178B4a",
    "X-GitHub-Api-Version": "2022-11-28",
  },
  mediaType: { format: "raw" },
};

/** Values a path carries unusually: spaces, non-ASCII text, `/`, `%`, a bigint. */
function unusual(values: Record<string, Sample>): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    changed[name] = typeof value === "number" ? BigInt(value) * 1000003n : `${value} ü/½ 100%`;
  }
  return changed;
}

/** Calls one builder as the variant says. */
function call(builder: Builder, operation: Operation, variant: Variant): RequestOptions {
  const { route, extra } = operation;
  const path = pathValues(operation);
  const method = route.slice(0, route.indexOf(" "));
  const url = route.slice(route.indexOf(" ") + 1);
  const build = builder as (...args: unknown[]) => RequestOptions;
  switch (variant) {
    case "route":
      return build(route, { ...path, ...extra });
    case "options":
      return build({ method, url, ...path, ...extra });
    case "defaults": {
      const [first, ...rest] = operation.pathNames;
      const given = first === undefined ? {} : { [first]: path[first] };
      const configured = builder.defaults({ ...DEFAULTS, ...given }) as unknown as (
        ...args: unknown[]
      ) => RequestOptions;
      return configured(route, {
        ...Object.fromEntries(rest.map((name) => [name, path[name]])),
        ...extra,
      });
    }
    case "merge": {
      const merge = builder.merge as (...args: unknown[]) => Parameters<Builder["parse"]>[0];
      return builder.parse(merge(route, { ...path, ...extra }));
    }
    case "unusual":
      return build(route, { ...unusual(path), ...extra });
    case "missing": {
      const [first] = operation.pathNames;
      const { [first]: _left, ...rest } = path;
      return build(route, { ...rest, ...extra });
    }
  }
}

/** The result as compared: headers sorted, user-agent left out, body as JSON text. */
function comparable(options: RequestOptions) {
  const { "user-agent": _agent, ...headers } = options.headers;
  return {
    keys: Object.keys(options).sort(),
    url: options.url,
    headers: Object.entries(headers).sort(([a], [b]) => (a < b ? -1 : 1)),
    body: "body" in options ? JSON.stringify(options.body) : "(none)",
  };
}

/** Runs `fn`, giving its result or the error it threw. */
function attempt<T>(fn: () => T): { value: T } | { error: Error } {
  try {
    return { value: fn() };
  } catch (error) {
    return { error: error as Error };
  }
}

/**
 * What `flavour` got wrong on `operation`'s `variant`, or `undefined`.
 * `upper`: the flavour returns the method as the reference does.
 */
function mismatch(
  builder: Builder,
  strictPath: boolean,
  upper: boolean,
  operation: Operation,
  variant: Variant,
): string | undefined {
  if (variant === "missing" && operation.pathNames.length === 0) return undefined;
  const ours = attempt(() => call(builder, operation, variant));
  if (variant === "missing" && strictPath) {
    const name = operation.pathNames[0];
    const expected = `Missing parameter "${name}" for "${operation.route}"`;
    if (
      "error" in ours && ours.error instanceof TypeError && ours.error.message.startsWith(expected)
    ) {
      return undefined;
    }
    return `expected TypeError ${expected}, got ${"error" in ours ? ours.error : ours.value.url}`;
  }
  const theirs = attempt(() => call(reference as unknown as Builder, operation, variant));
  if ("error" in theirs) return `the reference threw ${theirs.error}`;
  if ("error" in ours) return `threw ${ours.error}`;
  const expectedMethod = upper ? theirs.value.method : theirs.value.method.toLowerCase();
  if (ours.value.method !== expectedMethod) {
    return `method ${ours.value.method}, expected ${expectedMethod}`;
  }
  if (ours.value.headers["user-agent"] !== `routecast/${VERSION}`) {
    return `user-agent ${ours.value.headers["user-agent"]}`;
  }
  const expected = comparable(theirs.value as RequestOptions);
  // The reference writes a list query parameter as `String(list)`, encoded (`bug%2Cui`);
  // routecast expands it as `{?labels}` does (`bug,ui`, rule 7).
  if (variant !== "merge" || operation.route.startsWith("GET ")) {
    for (const [name, value] of Object.entries(operation.extra)) {
      if (!Array.isArray(value)) continue;
      expected.url = expected.url.replace(
        `${name}=${encodeURIComponent(String(value))}`,
        `${name}=${value.map((item) => encodeURIComponent(item)).join(",")}`,
      );
    }
  }
  // The reference strips the trailing "/" a missing last variable leaves; RFC 6570 keeps it.
  if (variant === "missing") {
    const query = expected.url.indexOf("?");
    const path = query < 0 ? expected.url : expected.url.slice(0, query);
    if (ours.value.url.startsWith(`${path}/`)) {
      expected.url = `${path}/${expected.url.slice(path.length)}`;
    }
  }
  const actual = comparable(ours.value);
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  return a === e ? undefined : `got ${a}\n    expected ${e}`;
}

const FLAVOURS: [string, Builder, boolean, boolean][] = [
  ["main", endpoint, true, false],
  ["lite", lite as Builder, true, false],
  ["octokit", octokit as unknown as Builder, false, true],
];

Deno.test("GitHub's published routes: both lists read, every operation and {enterprise-team} route in", () => {
  // @octokit/openapi-types 29.0.1 describes 1223 operations; the plugin adds deprecated ones.
  assert(operations.length >= 1223, `only ${operations.length} operations`);
  assert(operations.filter((operation) => operation.sources.length === 2).length > 900);
  assert(operations.some((operation) => operation.sources.join() === "plugin"));
  const dashed = operations.filter((operation) => operation.route.includes("{enterprise-team}"));
  assertEquals(dashed.length, 12);
  // The generated calls carry parameters: query and body members on most routes with any.
  assert(operations.filter((operation) => Object.keys(operation.extra).length > 0).length > 500);
});

for (const [entry, builder, strictPath, upper] of FLAVOURS) {
  Deno.test(`GitHub's published routes: every operation through ${entry} as @octokit/endpoint 11.0.5 builds it`, () => {
    const failures: string[] = [];
    let calls = 0;
    for (const operation of operations) {
      for (const variant of VARIANTS) {
        calls++;
        const wrong = mismatch(builder, strictPath, upper, operation, variant);
        if (wrong !== undefined) failures.push(`${operation.route} (${variant}): ${wrong}`);
      }
    }
    assert(calls >= 6 * 1223);
    assertEquals(
      failures.slice(0, 20),
      [],
      `${failures.length} of ${calls} calls differ from the reference; the first 20 above`,
    );
  });

  Deno.test(`GitHub's published routes: every {enterprise-team} route builds through ${entry}`, () => {
    for (const operation of operations.filter((op) => op.route.includes("{enterprise-team}"))) {
      const options = call(builder, operation, "route");
      assert(options.url.includes("/teams/platform-team"), options.url);
    }
  });
}
