/**
 * The `routecast` command, run as a subprocess: each item syntax, each flag
 * and each error (exit code and the one line on stderr). The curl and fetch
 * it prints are run for real against a loopback server.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { endpoint, VERSION } from "@routecast/endpoint";
import { assert, assertEquals, assertStringIncludes } from "@std/assert";

const ROOT = new URL("../", import.meta.url).pathname;
const CLI = new URL("../cli.ts", import.meta.url).pathname;
const UA = `routecast/${VERSION}`;
const ACCEPT = "application/vnd.github.v3+json";
const JSON_TYPE = "application/json; charset=utf-8";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(command: string, args: string[], env?: Record<string, string>): Promise<Run> {
  const output = await new Deno.Command(command, { args, cwd: ROOT, env }).output();
  const decoder = new TextDecoder();
  return {
    code: output.code,
    stdout: decoder.decode(output.stdout),
    stderr: decoder.decode(output.stderr),
  };
}

function routecast(...args: string[]): Promise<Run> {
  return run(Deno.execPath(), ["run", "--quiet", CLI, ...args], { NO_COLOR: "1" });
}

/** Runs the command and parses its JSON output. */
async function options(...args: string[]): Promise<unknown> {
  const result = await routecast(...args);
  assertEquals([result.code, result.stderr], [0, ""], args.join(" "));
  return JSON.parse(result.stdout);
}

Deno.test("routecast prints the request options of the README example as JSON", async () => {
  const args = [
    "POST /repos/{owner}/{repo}/issues",
    "owner=octocat",
    "repo=hello",
    "title=Found a bug",
    'labels:=["bug"]',
    "Authorization:token 0000",
  ];
  const result = await routecast(...args);
  assertEquals(result.code, 0);
  assertEquals(result.stderr, "");
  const expected = endpoint("POST /repos/{owner}/{repo}/issues", {
    owner: "octocat",
    repo: "hello",
    title: "Found a bug",
    labels: ["bug"],
    headers: { Authorization: "token 0000" },
  });
  assertEquals(result.stdout, JSON.stringify(expected, null, 2) + "\n");
  assertEquals(expected.body, { title: "Found a bug", labels: ["bug"] });
  assertEquals(expected.headers.authorization, "token 0000");
});

Deno.test("routecast reads name=value as a string, name:=json as JSON, Name:value as a header", async () => {
  assertEquals(
    await options("POST /x/{id}", "id=7", "n=1", "j:=1", "b:=true", "z:=null", 'o:={"a":[1]}'),
    {
      method: "post",
      url: "https://api.github.com/x/7",
      headers: { accept: ACCEPT, "user-agent": UA, "content-type": JSON_TYPE },
      body: { n: "1", j: 1, b: true, z: null, o: { a: [1] } },
    },
  );
  assertEquals(await options("GET /search", "q=a b", "per_page:=2", "X-Trace:abc", "Accept:"), {
    method: "get",
    url: "https://api.github.com/search?q=a%20b&per_page=2",
    headers: { "user-agent": UA, "x-trace": "abc" },
  });
});

Deno.test("routecast decides an item's kind by its earliest separator, then the longest", async () => {
  const result = await options(
    "POST /x",
    "a:=1", // ":=" and ":" start at the same place: the longer wins, JSON
    "A:b", // a header
    "c=d:e", // "=" comes first: a string whose value holds ":"
    "F:g=h", // ":" comes first: a header whose value holds "="
    "url\\:x=1", // an escaped ":" belongs to the name
    "k\\=v=w", // so does an escaped "="
    "T:\\=1", // a backslash in a value stays
  ) as { headers: Record<string, string>; body: Record<string, unknown> };
  assertEquals(result.body, { a: 1, c: "d:e", "url:x": "1", "k=v": "w" });
  assertEquals([result.headers.a, result.headers.f, result.headers.t], ["b", "g=h", "\\=1"]);
});

Deno.test("routecast makes a list of a repeated name and passes named options", async () => {
  assertEquals(
    await options("GET /issues", "labels=bug", "labels=docs", "labels=help wanted"),
    {
      method: "get",
      url: "https://api.github.com/issues?labels=bug,docs,help%20wanted",
      headers: { accept: ACCEPT, "user-agent": UA },
    },
  );
  assertEquals(
    await options("POST /markdown/raw", "data=# Hi", "Content-Type:text/plain"),
    {
      method: "post",
      url: "https://api.github.com/markdown/raw",
      headers: { accept: ACCEPT, "user-agent": UA, "content-type": "text/plain" },
      body: "# Hi",
    },
  );
  assertEquals(
    (await options("GET /r", 'mediaType:={"format":"raw"}') as { headers: { accept: string } })
      .headers.accept,
    "application/vnd.github.v3.raw",
  );
});

Deno.test("routecast --base-url sets the base URL, in both spellings; -- ends the options", async () => {
  const url = (result: unknown) => (result as { url: string }).url;
  assertEquals(
    url(await options("--base-url", "https://ghe.example/api/v3", "GET /x")),
    "https://ghe.example/api/v3/x",
  );
  assertEquals(
    url(await options("GET /x", "--base-url=http://127.0.0.1:1/")),
    "http://127.0.0.1:1/x",
  );
  assertEquals(url(await options("--", "GET /x", "-n=1")), "https://api.github.com/x?-n=1");
});

Deno.test("routecast --curl prints a curl command quoted for the shell", async () => {
  const result = await routecast(
    "--curl",
    "POST /repos/{owner}/{repo}/issues",
    "owner=o",
    "repo=r",
    "title=It's $HOME",
  );
  assertEquals(result.code, 0);
  assertEquals(
    result.stdout,
    `curl -X POST https://api.github.com/repos/o/r/issues -H 'accept: ${ACCEPT}'` +
      ` -H 'user-agent: ${UA}' -H 'content-type: ${JSON_TYPE}'` +
      ` --data-binary '{"title":"It'\\''s $HOME"}'\n`,
  );
});

Deno.test("routecast --fetch prints a fetch call", async () => {
  const result = await routecast("--fetch", "PATCH /x/{id}", "id=1", "name=n", "X-A:1");
  assertEquals(result.code, 0);
  assertEquals(
    result.stdout,
    [
      'const response = await fetch("https://api.github.com/x/1", {',
      '  method: "PATCH",',
      "  headers: {",
      `    "accept": "${ACCEPT}",`,
      `    "user-agent": "${UA}",`,
      '    "x-a": "1",',
      `    "content-type": "${JSON_TYPE}",`,
      "  },",
      "  body: JSON.stringify({",
      '    "name": "n"',
      "  }),",
      "});",
      "",
    ].join("\n"),
  );
  const empty = await routecast("--fetch", "PUT /x");
  assertStringIncludes(empty.stdout, '  body: new TextEncoder().encode(""),\n');
});

Deno.test("routecast --help and --version print and exit 0", async () => {
  for (const flag of ["--help", "-h"]) {
    const help = await routecast(flag);
    assertEquals([help.code, help.stderr], [0, ""]);
    assert(help.stdout.startsWith(`routecast ${VERSION}: turns a route`), help.stdout);
    for (const text of ["Usage:", "name:=json", "--curl", "--fetch", "--base-url URL"]) {
      assertStringIncludes(help.stdout, text);
    }
  }
  // --help wins over anything else on the line.
  assertEquals((await routecast("GET /x", "bad", "--help")).code, 0);
  assertEquals(await routecast("--version"), {
    code: 0,
    stdout: `routecast ${VERSION}\n`,
    stderr: "",
  });
});

Deno.test("routecast reports invalid input on one stderr line and exits 1", async () => {
  const cases: [string[], string][] = [
    [
      ["GET /x", "labels:=[bug"],
      `Invalid JSON in item "labels:=[bug": Unexpected token 'b', "[bug" is not valid JSON`,
    ],
    [["GET /x", "n:="], 'Invalid JSON in item "n:=": Unexpected end of JSON input'],
    [["GET /x y"], 'Invalid route "GET /x y": expected "<METHOD> <url>"'],
    [[""], 'Invalid route "": expected "<METHOD> <url>"'],
    [
      ["GET /x/{y"],
      'Invalid URI template "/x/{y": unterminated expression starting at index 3',
    ],
    [
      ["GET /repos/{owner}", "owner=.."],
      'Invalid value for parameter "owner": ".." would form a "." or ".." path segment, expected a value that stays in its segment',
    ],
    [
      ["GET /x", "data=text"],
      'Invalid option data for GET "/x": GET requests have no body, expected query parameters as options',
    ],
    [
      ["GET /x", "a b:c"],
      `Invalid header name "a b" in item "a b:c": expected an HTTP token (letters, digits and !#$%&'*+-.^_\`|~)`,
    ],
    [
      ["GET /x", "Bad:a\nb"],
      'Invalid value for header "bad": "a\\nb" contains CR, LF or NUL, expected a single-line value',
    ],
    [["GET /x", "flag"], 'Invalid item "flag": expected name=value, name:=json or Header:value'],
    [["GET /x", "=v"], 'Invalid item "=v": expected a name before "="'],
    [
      ["GET /x", "q==1"],
      'Invalid item "q==1": query items (name==value) are not supported, expected {?q} in the route, or name=value with GET or HEAD',
    ],
    [
      ["POST /x", "body@file.json"],
      'Invalid item "body@file.json": file items ("@") are not supported, expected name=value or name:=json with the content',
    ],
    [
      ["POST /x", "text=@file.md"],
      'Invalid item "text=@file.md": file items ("=@") are not supported, expected name=value or name:=json with the content',
    ],
    [
      ["--base-url", "api.example", "GET /x"],
      'Invalid baseUrl "api.example": expected an absolute URL such as "https://api.github.com"',
    ],
  ];
  for (const [args, message] of cases) {
    const result = await routecast(...args);
    assertEquals(
      result,
      { code: 1, stdout: "", stderr: `routecast: ${message}\n` },
      args.join(" "),
    );
  }
});

Deno.test("routecast reports invalid usage on one stderr line and exits 2", async () => {
  const cases: [string[], string][] = [
    [[], 'Missing route: expected routecast "<METHOD> <url>" [items...], see routecast --help'],
    [
      ["--nope", "GET /x"],
      'Unknown option "--nope": expected --curl, --fetch, --base-url, --help or --version (items come after the route)',
    ],
    [["GET /x", "--base-url"], "Missing value for --base-url: expected a URL after it"],
    [
      ["--curl", "--fetch", "GET /x"],
      "Options --curl and --fetch exclude each other: expected one of them",
    ],
  ];
  for (const [args, message] of cases) {
    const result = await routecast(...args);
    assertEquals(
      result,
      { code: 2, stdout: "", stderr: `routecast: ${message}\n` },
      args.join(" "),
    );
  }
});

Deno.test("deno task start runs the command on the README example", async () => {
  const result = await run(Deno.execPath(), ["task", "--quiet", "start"], { NO_COLOR: "1" });
  assertEquals(result.code, 0, result.stderr);
  const printed = JSON.parse(result.stdout);
  assertEquals(printed.url, "https://api.github.com/repos/octocat/hello-world/issues");
  assertEquals(printed.body, { title: "Found a bug", labels: ["bug"] });
});

// ---------------------------------------------------------------------------
// The printed curl command and fetch call, run for real.

interface Received {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

async function withServer(test: (base: string, last: () => Received) => Promise<void>) {
  const received: Received[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Uint8Array[] = [];
    request.on("data", (chunk: Uint8Array) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        body: new TextDecoder().decode(
          chunks.length === 0 ? new Uint8Array() : new Uint8Array(
            chunks.flatMap((chunk) => [...chunk]),
          ),
        ),
      });
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await test(base, () => {
      assert(received.length > 0, "no request arrived");
      return received[received.length - 1];
    });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

const ISSUE = [
  "POST /repos/{owner}/{repo}/issues",
  "owner=octo cat",
  "repo=hello",
  "title=It's $HOME `id` — ü",
  'labels:=["bug"]',
  "Authorization:token 0000",
];
const ISSUE_BODY = '{"title":"It\'s $HOME `id` — ü","labels":["bug"]}';

function assertIssueArrived(got: Received) {
  assertEquals([got.method, got.path, got.body], [
    "POST",
    "/repos/octo%20cat/hello/issues",
    ISSUE_BODY,
  ]);
  assertEquals(got.headers.authorization, "token 0000");
  assertEquals(got.headers["content-type"], JSON_TYPE);
  assertEquals(got.headers.accept, ACCEPT);
  assertEquals(got.headers["user-agent"], UA);
}

Deno.test("routecast --curl output sends the request when run by sh", async (t) => {
  const curl = await run("sh", ["-c", "command -v curl"]).catch(() => undefined);
  if (curl?.code !== 0) {
    console.log("curl was not found: skipping the run of routecast --curl output");
    await t.step({ name: "curl", ignore: true, fn: () => {} });
    return;
  }
  await withServer(async (base, last) => {
    const printed = await routecast("--curl", "--base-url", base, ...ISSUE);
    assertEquals(printed.code, 0, printed.stderr);
    const sent = await run("sh", ["-c", `${printed.stdout.trim()} --silent --show-error`]);
    assertEquals([sent.code, sent.stdout, sent.stderr], [0, "ok", ""]);
    assertIssueArrived(last());
  });
});

Deno.test("routecast --fetch output sends the request when run by deno", async () => {
  await withServer(async (base, last) => {
    const printed = await routecast("--fetch", "--base-url", base, ...ISSUE);
    assertEquals(printed.code, 0, printed.stderr);
    const dir = await Deno.makeTempDir({ prefix: "routecast_fetch_" });
    try {
      const file = `${dir}/request.js`;
      await Deno.writeTextFile(file, `${printed.stdout}console.log(await response.text());\n`);
      const sent = await run(Deno.execPath(), ["run", "--quiet", "--allow-net=127.0.0.1", file]);
      assertEquals([sent.code, sent.stdout, sent.stderr], [0, "ok\n", ""]);
      assertIssueArrived(last());
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
});

Deno.test("routecast runs under Node.js through a symlinked bin, as npm installs it", async (t) => {
  const esbuild = `${ROOT}node_modules/.bin/esbuild`;
  const node = await run("sh", ["-c", "command -v node"]).catch(() => undefined);
  const hasEsbuild = await Deno.stat(esbuild).then(() => true, () => false);
  if (node?.code !== 0 || !hasEsbuild) {
    console.log("node or esbuild was not found: skipping the Node.js run of routecast");
    await t.step({ name: "node", ignore: true, fn: () => {} });
    return;
  }
  const dir = await Deno.makeTempDir({ prefix: "routecast_node_" });
  try {
    const bundled = `${dir}/cli.mjs`;
    const build = await run(esbuild, [
      CLI,
      "--bundle",
      "--format=esm",
      "--platform=node",
      "--log-level=error",
      `--outfile=${bundled}`,
    ]);
    assertEquals(build.code, 0, build.stderr);
    await Deno.symlink(bundled, `${dir}/routecast`);
    const node = (...args: string[]) => run("node", [`${dir}/routecast`, ...args]);
    const ok = await node("GET /users/{username}", "username=octocat");
    assertEquals(ok.code, 0, ok.stderr);
    assertEquals(JSON.parse(ok.stdout).url, "https://api.github.com/users/octocat");
    assertEquals(
      await node("GET /x", "n:=nope"),
      {
        code: 1,
        stdout: "",
        stderr:
          `routecast: Invalid JSON in item "n:=nope": Unexpected token 'o', "nope" is not valid JSON\n`,
      },
    );
    assertEquals((await node("--nope")).code, 2);
    // Imported rather than run, it does nothing.
    const imported = await run("node", [
      "--input-type=module",
      "-e",
      `import ${JSON.stringify(bundled)};`,
    ]);
    assertEquals(imported, { code: 0, stdout: "", stderr: "" });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
