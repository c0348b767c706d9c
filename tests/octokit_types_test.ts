/**
 * `./octokit` as a drop-in at the type level: its `endpoint` is an
 * @octokit/types 18 `EndpointInterface`, so that TypeScript written against
 * `@octokit/endpoint` compiles with `@routecast/octokit-endpoint` in its
 * place, and the GitHub flavours' `DEFAULTS` are typed as strings.
 *
 * The first tests are type checks that `deno check` runs on the sources. The
 * last one does what a user of the `overrides` entry does: it packs both
 * npm packages (built by `deno task build:npm`), installs them offline into
 * a scratch project with `@routecast/octokit-endpoint` as `@octokit/endpoint`,
 * and compiles @octokit/request 10.0.16's own TypeScript sources
 * (tests/testdata/octokit-request/) and a file of typical uses of
 * `@octokit/endpoint`'s README API (tests/fixtures/octokit_endpoint_uses.ts,
 * which `deno check` holds against the real `@octokit/endpoint`) with
 * TypeScript 5.9 and TypeScript 7: no errors.
 */
import * as esbuild from "esbuild";
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
  type Endpoint,
  endpoint,
  type OctokitEndpoint,
  type OperationOf,
  type ResponseOf,
  typed,
} from "@routecast/endpoint/octokit";
import { fromOpenAPI } from "@routecast/endpoint/openapi";
import { assert, assertEquals } from "@std/assert";
import { packDevDependencies } from "./_dev_tarballs.mjs";
import { ROOT, run } from "./_package.ts";
import { type Equal, pinType, typeOnly } from "./_type_checks.ts";

const API = "https://api.github.com";

Deno.test("./octokit's endpoint and its builders are @octokit/types EndpointInterfaces", () => {
  const mine = endpoint.defaults({ owner: "octocat", headers: { authorization: "token t" } });
  const asInterface: EndpointInterface = endpoint;
  const withDefaults: EndpointInterface<{ owner: string }> = mine;
  const github: EndpointInterface = typed<paths>(endpoint);
  // Still an Endpoint, as ./octokit's endpoint was typed before.
  const builders: Endpoint<"owner">[] = [mine, typed<paths>(endpoint).defaults({ owner: "o" })];
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
  assertEquals(builders[1]("GET /repos/{owner}/{repo}", { repo: "r" }).url, `${API}/repos/o/r`);
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
  pinType<Equal<typeof endpoint.DEFAULTS.headers["user-agent"], string>>();
  pinType<Equal<typeof endpoint.DEFAULTS.mediaType.format, string>>();
  pinType<Equal<typeof lite.DEFAULTS.baseUrl, string>>();
  pinType<Equal<typeof main.DEFAULTS.method, string>>();
  // ./octokit's method is @octokit/types' RequestMethod: EndpointInterface needs it (docs/octokit.md).
  pinType<Equal<typeof endpoint.DEFAULTS.method, OctokitTypesMethod>>();
  pinType<Equal<ReturnType<typeof endpoint>["method"], OctokitTypesMethod>>();
  const neutral = createEndpoint();
  const openapi = fromOpenAPI({ openapi: "3.1.0", info: { title: "t", version: "1" }, paths: {} });
  assertEquals([neutral.DEFAULTS.baseUrl, openapi.DEFAULTS.baseUrl], [undefined, undefined]);
  pinType<Equal<typeof neutral.DEFAULTS.baseUrl, string | undefined>>();
  pinType<Equal<typeof openapi.DEFAULTS.baseUrl, string | undefined>>();
  pinType<Equal<typeof neutral.DEFAULTS.headers.accept, string | number>>();
});

/** The TypeScript compilers: 5.9 (`tsc`) and 7 (native). */
const COMPILERS = {
  "TypeScript 5.9": `${ROOT}node_modules/typescript-5/bin/tsc`,
  "TypeScript 7": `${ROOT}node_modules/typescript/bin/tsc`,
};

/** What @octokit/request's sources import, besides `@octokit/endpoint`. */
const REQUEST_IMPORTS = [
  "@octokit/types",
  "@octokit/request-error",
  "content-type",
  "json-with-bigint",
  "universal-user-agent",
];

const VENDORED = `${ROOT}tests/testdata/octokit-request/src`;

/** The vendored sources, types stripped, against the installed package's JavaScript. */
async function assertVendoredIsInstalled(): Promise<string[]> {
  const installed = `${ROOT}node_modules/@octokit/request`;
  const { version } = JSON.parse(await Deno.readTextFile(`${installed}/package.json`));
  assertEquals(version, "10.0.16");
  const names: string[] = [];
  for await (const entry of Deno.readDir(VENDORED)) names.push(entry.name);
  names.sort();
  // One file name for both, which esbuild names a default export after.
  const strip = async (code: string, loader: "ts" | "js", sourcefile: string) =>
    (await esbuild.transform(code, { loader, format: "esm", sourcefile })).code;
  try {
    for (const name of names) {
      const vendored = await Deno.readTextFile(`${VENDORED}/${name}`);
      const javascript = await Deno.readTextFile(
        `${installed}/dist-src/${name.replace(/\.ts$/, ".js")}`,
      );
      assertEquals(await strip(vendored, "ts", name), await strip(javascript, "js", name), name);
    }
  } finally {
    await esbuild.stop();
  }
  return names;
}

Deno.test("@octokit/request's sources and typical @octokit/endpoint code compile with @routecast/octokit-endpoint as @octokit/endpoint, under TypeScript 5.9 and 7", async () => {
  for (const dir of ["npm", "npm-octokit-endpoint"]) {
    await Deno.stat(`${ROOT}${dir}/package.json`).catch(() => {
      throw new Error(`${dir}/ is missing: run \`deno task build:npm\` first`);
    });
  }
  const start = performance.now();
  const sources = await assertVendoredIsInstalled();
  assertEquals(sources, [
    "defaults.ts",
    "fetch-wrapper.ts",
    "index.ts",
    "is-plain-object.ts",
    "version.ts",
    "with-defaults.ts",
  ]);
  const scratch = await Deno.makeTempDir({ prefix: "routecastoctokit_types_" });
  try {
    const [packed, dev] = await Promise.all([
      run("npm", ["pack", `${ROOT}npm`, `${ROOT}npm-octokit-endpoint`, "--json"], scratch),
      packDevDependencies(REQUEST_IMPORTS, scratch),
    ]);
    const [routecast, dropIn] = JSON.parse(packed).map(({ filename }: { filename: string }) =>
      `${scratch}/${filename}`
    );
    const project = `${scratch}/project`;
    await Deno.mkdir(`${project}/src`, { recursive: true });
    const dependencies = {
      "@octokit/endpoint": `file:${dropIn}`,
      "@routecast/endpoint": `file:${routecast}`,
      ...Object.fromEntries(Object.entries(dev).map(([name, path]) => [name, `file:${path}`])),
    };
    await Deno.writeTextFile(
      `${project}/package.json`,
      JSON.stringify({ name: "scratch", private: true, type: "module", dependencies }),
    );
    await run(
      "npm",
      ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts"],
      project,
    );
    const installed = JSON.parse(
      await Deno.readTextFile(`${project}/node_modules/@octokit/endpoint/package.json`),
    );
    assertEquals(installed.name, "@routecast/octokit-endpoint");

    for (const name of sources) {
      await Deno.copyFile(`${VENDORED}/${name}`, `${project}/src/${name}`);
    }
    await Deno.copyFile(`${ROOT}tests/fixtures/octokit_endpoint_uses.ts`, `${project}/uses.ts`);
    // @octokit/request's own settings (its tsconfig.json and @octokit/tsconfig), without emit.
    await Deno.writeTextFile(
      `${project}/tsconfig.json`,
      JSON.stringify({
        compilerOptions: {
          module: "node16",
          moduleResolution: "node16",
          target: "es2022",
          lib: ["dom", "dom.iterable", "es2023"],
          strict: true,
          esModuleInterop: true,
          skipLibCheck: true,
          noEmit: true,
          types: [],
        },
        include: ["src/*.ts", "uses.ts"],
      }),
    );
    const installedAt = performance.now();
    const results = await Promise.all(
      Object.entries(COMPILERS).map(async ([name, tsc]) => {
        const { stdout } = await new Deno.Command("node", {
          args: [tsc, "-p", "tsconfig.json", "--listFiles", "--pretty", "false"],
          cwd: project,
          env: { NO_COLOR: "1" },
        }).output();
        return [name, new TextDecoder().decode(stdout)] as const;
      }),
    );
    console.log(
      `packed and installed in ${Math.round(installedAt - start)} ms, ` +
        `compiled in ${Math.round(performance.now() - installedAt)} ms (both compilers at once)`,
    );
    for (const [name, output] of results) {
      const errors = output.split("\n").filter((line) => / error TS\d+:/.test(line));
      assertEquals(errors.length, 0, `${name}:\n${output}`);
      // The compiled program read the drop-in's declarations, not the reference's.
      assert(
        output.includes("/node_modules/@routecast/endpoint/esm/octokit.d.ts"),
        `${name} did not read @routecast/endpoint/octokit:\n${output}`,
      );
      for (const file of ["src/index.ts", "src/with-defaults.ts", "uses.ts"]) {
        assert(output.includes(`${project}/${file}`), `${name} did not compile ${file}`);
      }
    }
  } finally {
    await Deno.remove(scratch, { recursive: true });
  }
});
