/**
 * The `routecast` command, run as a subprocess: each item syntax, each flag
 * and each error (exit code and the one line on stderr). The curl and fetch
 * it prints are run for real against a loopback server.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { endpoint, toFetch, VERSION } from "@routecast/endpoint";
import { type CliInput, runCli } from "@routecast/endpoint/cli";
import { compileOpenAPI } from "@routecast/endpoint/openapi";
import { assert, assertEquals, assertStringIncludes } from "@std/assert";

const ROOT = new URL("../", import.meta.url).pathname;
const CLI = new URL("../cli.ts", import.meta.url).pathname;
const UA = `routecast/${VERSION}`;
const ACCEPT = "application/vnd.github.v3+json";
const JSON_TYPE = "application/json; charset=utf-8";
const API = "https://api.github.com";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `command`, with `stdin` as its standard input (none when it is undefined). */
async function run(
  command: string,
  args: string[],
  env?: Record<string, string>,
  stdin?: string,
): Promise<Run> {
  const child = new Deno.Command(command, {
    args,
    cwd: ROOT,
    env,
    stdin: stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  if (stdin !== undefined) {
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(stdin));
    await writer.close();
  }
  const output = await child.output();
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

/** Runs the command with read permission and `stdin` as its standard input. */
function routecastReading(args: string[], stdin?: string): Promise<Run> {
  return run(
    Deno.execPath(),
    ["run", "--quiet", "--allow-read", CLI, ...args],
    { NO_COLOR: "1" },
    stdin,
  );
}

/**
 * Runs the command in this process, as `main()` runs it (no standard input;
 * stdout and stderr each printed with a line end when not empty). Items,
 * outputs and messages are runCli()'s; the tests that run `routecast` as a
 * process check that it prints and exits with what runCli() returns, so
 * cases that check only the words need no process each (and keep the test
 * run short: one process costs about 0.3 s of CPU).
 */
function routecastHere(...args: string[]): Run {
  const { code, stdout, stderr } = runCli(args);
  return {
    code,
    stdout: stdout === "" ? "" : `${stdout}\n`,
    stderr: stderr === "" ? "" : `${stderr}\n`,
  };
}

/** Runs the command (in this process, see routecastHere()) and parses its JSON output. */
function options(...args: string[]): Promise<unknown> {
  const result = routecastHere(...args);
  assertEquals([result.code, result.stderr], [0, ""], args.join(" "));
  return Promise.resolve(JSON.parse(result.stdout));
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

Deno.test("routecast takes the method and the url as two arguments, or the url alone", async () => {
  const build = (...args: string[]) => options(...args) as Promise<{ method: string; url: string }>;
  const get = { method: "get", url: "https://api.github.com/users/octocat" };
  const picked = (result: { method: string; url: string }) => ({
    method: result.method,
    url: result.url,
  });
  assertEquals(picked(await build("GET", "/users/octocat")), get);
  assertEquals(picked(await build("get", "/users/{username}", "username=octocat")), get);
  assertEquals(picked(await build("GET /users/{username}", "username=octocat")), get);
  // A lone url is GET, unless the request then has a body to send (HTTPie's rule).
  assertEquals(picked(await build("/users/octocat")), get);
  assertEquals(picked(await build("/users/{username}", "username=octocat", "X-A:1")), get);
  assertEquals(picked(await build("/users/octocat", "q==x")), {
    method: "get",
    url: "https://api.github.com/users/octocat?q=x",
  });
  assertEquals(
    await options("/repos/{owner}/{repo}/issues", "owner=o", "repo=r", "title=t"),
    {
      method: "post",
      url: "https://api.github.com/repos/o/r/issues",
      headers: { accept: ACCEPT, "user-agent": UA, "content-type": JSON_TYPE },
      body: { title: "t" },
    },
  );
  assertEquals(picked(await build("/markdown/raw", "data=# Hi")).method, "post");
  assertEquals(picked(await build("https://example.com/a", "n:=1")).method, "post");
  const curl = routecastHere("--curl", "DELETE", "/repos/{owner}/{repo}", "owner=o", "repo=r");
  assert(curl.stdout.startsWith("curl -X DELETE https://api.github.com/repos/o/r "), curl.stdout);
});

Deno.test("routecast name==value adds a query parameter for any method", async () => {
  const url = async (...args: string[]) => ((await options(...args)) as { url: string }).url;
  assertEquals(
    await url("POST /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "title=t", "dry_run==1"),
    "https://api.github.com/repos/o/r/issues?dry_run=1",
  );
  // A repeated query item repeats the name, as in HTTPie.
  assertEquals(
    await url("GET", "/search", "q==a b", "sort==stars", "q==c"),
    "https://api.github.com/search?q=a%20b&q=c&sort=stars",
  );
  // Into the template's {?...} expression, which may expand to nothing...
  assertEquals(
    await url(
      "GET /repos/{owner}/{repo}/contents/{path}{?ref}",
      "owner=o",
      "repo=r",
      "path=p",
      "q==1",
    ),
    "https://api.github.com/repos/o/r/contents/p?q=1",
  );
  assertEquals(
    await url("GET /x{?ref}", "ref=main", "q==1"),
    "https://api.github.com/x?ref=main&q=1",
  );
  // ...after a literal "?" with "&", and before a fragment.
  assertEquals(await url("GET /x?a=1", "q==1"), "https://api.github.com/x?a=1&q=1");
  assertEquals(await url("GET /x#top", "q==1"), "https://api.github.com/x?q=1#top");
  assertEquals(await url("GET /x{#f}", "f=s", "q==1"), "https://api.github.com/x?q=1#s");
  // A name that is not a template variable name is percent-encoded.
  assertEquals(
    await url("GET /x", "page[size]==2", "per-page==3"),
    "https://api.github.com/x?page%5Bsize%5D=2&per%2Dpage=3",
  );
});

Deno.test("routecast name==value fills the url's own {?name}, and adds the rest as endpoint() adds parameters", async () => {
  const url = async (...args: string[]) => ((await options(...args)) as { url: string }).url;
  const uploads =
    "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}";
  const contents = "GET /repos/{owner}/{repo}/contents/{+path}";
  const cases: [string[], string][] = [
    [["GET /x{?page}", "page==2"], `${API}/x?page=2`],
    [["GET /x{?page}", "page==2", "per_page==5"], `${API}/x?page=2&per_page=5`],
    // As the template writes it: {?page} joins a list with commas, {?page*} repeats the name.
    [["GET /x{?page}", "page==2", "page==3"], `${API}/x?page=2,3`],
    [["GET /x{?page*}", "page==2", "page==3"], `${API}/x?page=2&page=3`],
    [["GET /x?a=1{&page}", "page==2"], `${API}/x?a=1&page=2`],
    [["GET /x{?per-page}", "per-page==3"], `${API}/x?per-page=3`],
    [
      [uploads, "owner=o", "repo=r", "release_id=1", "name==a.zip"],
      "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip",
    ],
    // Before the fragment, which a {+path} value may begin, as endpoint() puts parameters.
    [
      [contents, "owner=o", "repo=r", "path=a.md#intro", "ref==main"],
      `${API}/repos/o/r/contents/a.md?ref=main#intro`,
    ],
    [
      [contents, "owner=o", "repo=r", "path=a?b=1#intro", "ref==main"],
      `${API}/repos/o/r/contents/a?b=1&ref=main#intro`,
    ],
    // After the parameters endpoint() adds to a GET.
    [["GET /search", "q=a", "sort==stars"], `${API}/search?q=a&sort=stars`],
  ];
  for (const [args, expected] of cases) assertEquals(await url(...args), expected, args.join(" "));
  assertEquals(
    await url(contents, "owner=o", "repo=r", "path=a.md#intro", "ref==main"),
    endpoint(contents, { owner: "o", repo: "r", path: "a.md#intro", ref: "main" }).url,
  );
  assertEquals(
    await url(uploads, "owner=o", "repo=r", "release_id=1", "name==a.zip"),
    endpoint(uploads, { owner: "o", repo: "r", release_id: 1, name: "a.zip" }).url,
  );
});

Deno.test("routecast reads name=@file as a string and name:=@file as JSON", async () => {
  const dir = await Deno.makeTempDir({ prefix: "routecast_files_" });
  try {
    await Deno.writeTextFile(`${dir}/title.txt`, "It's a bug — ü\n");
    await Deno.writeTextFile(`${dir}/labels.json`, '\ufeff["bug", {"__proto__": 1}]');
    await Deno.writeTextFile(`${dir}/bad.json`, "[bug");
    await Deno.writeFile(`${dir}/latin1.txt`, new Uint8Array([0xe9]));
    const body = async (...args: string[]) => {
      const result = await routecastReading(["POST /x", ...args]);
      assertEquals([result.code, result.stderr], [0, ""]);
      return JSON.parse(result.stdout).body;
    };
    const read = await body(`title=@${dir}/title.txt`, `labels:=@${dir}/labels.json`);
    assertEquals(read.title, "It's a bug — ü\n");
    assertEquals(read.labels[0], "bug");
    assert(Object.hasOwn(read.labels[1], "__proto__"));
    const failures: [string, string][] = [
      [
        `labels:=@${dir}/bad.json`,
        `Invalid JSON in file "${dir}/bad.json" of item "labels:=@${dir}/bad.json": Unexpected token 'b', "[bug" is not valid JSON`,
      ],
      [
        `t=@${dir}/latin1.txt`,
        `Invalid file "${dir}/latin1.txt" of item "t=@${dir}/latin1.txt": expected UTF-8 text`,
      ],
      [
        `t=@${dir}/missing.txt`,
        `Cannot read file "${dir}/missing.txt" of item "t=@${dir}/missing.txt": No such file or directory`,
      ],
    ];
    for (const [item, message] of failures) {
      // The process's own reader (main() passes it; runCli() defaults to it).
      const result = routecastHere("POST /x", item);
      assertEquals([result.code, result.stdout], [1, ""], item);
      assert(result.stderr.startsWith(`routecast: ${message}`), result.stderr);
      assertEquals(result.stderr.split("\n").length, 2, result.stderr);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("routecast --raw sends standard input as the body, and reads it only then", async () => {
  const text = "# Hi — it's $HOME\n\n";
  const piped = await routecastReading([
    "--raw",
    "POST",
    "/markdown/raw",
    "Content-Type:text/plain",
  ], text);
  assertEquals([piped.code, piped.stderr], [0, ""]);
  assertEquals(JSON.parse(piped.stdout).body, text);
  // Without a method, a body makes it a POST.
  assertEquals(JSON.parse((await routecastReading(["--raw", "/x"], "{}")).stdout).method, "post");
  const dir = await Deno.makeTempDir({ prefix: "routecast_stdin_" });
  try {
    await Deno.writeTextFile(`${dir}/body.json`, '{"a":1}');
    const redirected = await run("sh", [
      "-c",
      `"$0" run --quiet ${CLI} --raw PUT /x < ${dir}/body.json`,
      Deno.execPath(),
    ]);
    assertEquals([redirected.code, redirected.stderr], [0, ""]);
    assertEquals(JSON.parse(redirected.stdout).body, '{"a":1}');
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  assertEquals(await routecastReading(["--raw", "PUT", "/x", "data=x"], "y"), {
    code: 1,
    stdout: "",
    stderr: "routecast: Option --raw and a data item both give the body: expected one of them\n",
  });
  // Without --raw, a pipe that is never closed is not read: the command ends.
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", CLI, "PUT", "/x"],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  try {
    const output = await child.output();
    assertEquals(output.code, 0);
    assertEquals(JSON.parse(new TextDecoder().decode(output.stdout)).body, "");
  } finally {
    await child.stdin.close();
  }
});

/** The most routecast reads of files and standard input, in all (README, CLI section). */
const MAX_INPUT = 64 * 1024 * 1024;
const TOO_LARGE =
  "too large, expected at most 64 MiB (67108864 bytes) of files and standard input in all";

Deno.test("routecast reads at most 64 MiB of files and standard input in all, and no further", async () => {
  // Readers are told what is left; one byte more than that is refused, whoever read it.
  const asked: number[] = [];
  const readFile = (path: string, maxBytes: number) => {
    asked.push(maxBytes);
    return new Uint8Array(path === "big" ? maxBytes + 1 : 10).fill(0x61);
  };
  const fine = runCli(["POST /x", "a=@small", "b=@small"], {
    readFile,
    readStdin: (maxBytes) => (asked.push(maxBytes), new Uint8Array(5).fill(0x61)),
  });
  assertEquals([fine.code, fine.stderr], [0, ""]);
  assertEquals(asked, [MAX_INPUT, MAX_INPUT - 10]);
  const withStdin = runCli(["--raw", "POST /x", "a=@small"], {
    readFile,
    readStdin: (maxBytes) => (asked.push(maxBytes), new Uint8Array(5).fill(0x61)),
  });
  assertEquals([withStdin.code, withStdin.stderr], [0, ""]);
  assertEquals(asked.slice(2), [MAX_INPUT, MAX_INPUT - 5]);
  const cases: [string[], CliInput, string][] = [
    [["POST /x", "a=@big"], { readFile }, `Cannot read file "big" of item "a=@big": ${TOO_LARGE}`],
    [
      ["POST /x", "a=@small", "b:=@big"],
      { readFile },
      `Cannot read file "big" of item "b:=@big": ${TOO_LARGE}`,
    ],
    [
      ["--raw", "POST /x"],
      { readStdin: (maxBytes) => new Uint8Array(maxBytes + 1) },
      `Cannot read standard input for --raw: ${TOO_LARGE}`,
    ],
    [
      ["--raw", "POST /x", "a=@small"],
      { readFile, readStdin: (maxBytes) => new Uint8Array(maxBytes - 9) },
      `Cannot read file "small" of item "a=@small": ${TOO_LARGE}`,
    ],
  ];
  for (const [args, input, message] of cases) {
    assertEquals(runCli(args, input), { code: 1, stdout: "", stderr: `routecast: ${message}` });
  }
  // The runtime's readers stop one byte past the limit: /dev/zero never ends.
  const zero = [
    await routecastReading(["POST /x", "a=@/dev/zero"]),
    await routecastReading(["POST /x", "a:=@/dev/zero"]),
    await run("sh", ["-c", `"$0" run --quiet ${CLI} --raw PUT /x < /dev/zero`, Deno.execPath()]),
  ];
  assertEquals(zero.map(({ code, stdout }) => [code, stdout]), [[1, ""], [1, ""], [1, ""]]);
  assertEquals(zero.map(({ stderr }) => stderr), [
    `routecast: Cannot read file "/dev/zero" of item "a=@/dev/zero": ${TOO_LARGE}\n`,
    `routecast: Cannot read file "/dev/zero" of item "a:=@/dev/zero": ${TOO_LARGE}\n`,
    `routecast: Cannot read standard input for --raw: ${TOO_LARGE}\n`,
  ]);
  // Exactly the limit is read and sent.
  const dir = await Deno.makeTempDir({ prefix: "routecast_limit_" });
  try {
    await Deno.writeFile(`${dir}/limit.txt`, new Uint8Array(MAX_INPUT).fill(0x61));
    const result = runCli(["--curl", "POST /x", `data=@${dir}/limit.txt`]);
    assertEquals([result.code, result.stderr], [0, ""]);
    assert(result.stdout.endsWith(` --data-binary ${"a".repeat(MAX_INPUT)}`));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("routecast calls input past the runtime's string length too large, not a UTF-8 error", async () => {
  // One byte past V8's longest string (2^29 - 24 characters), all valid UTF-8 (NUL bytes), in a
  // sparse file: the limit stops the read long before.
  const dir = await Deno.makeTempDir({ prefix: "routecast_huge_" });
  try {
    const file = `${dir}/huge.txt`;
    await Deno.writeFile(file, new Uint8Array());
    await Deno.truncate(file, 2 ** 29 - 24 + 1);
    const item = `a=@${file}`;
    assertEquals(await routecastReading(["POST /x", item]), {
      code: 1,
      stdout: "",
      stderr: `routecast: Cannot read file "${file}" of item "${item}": ${TOO_LARGE}\n`,
    });
    const raw = await run("sh", [
      "-c",
      `"$0" run --quiet ${CLI} --raw PUT /x < ${file}`,
      Deno.execPath(),
    ]);
    assertEquals(raw, {
      code: 1,
      stdout: "",
      stderr: `routecast: Cannot read standard input for --raw: ${TOO_LARGE}\n`,
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("routecast --raw on a terminal is a usage error, not a wait", async (t) => {
  assertEquals(runCli(["--raw", "PUT", "/x"]), {
    code: 2,
    stdout: "",
    stderr:
      "routecast: Option --raw found no standard input to read: expected the body piped or redirected (< file), not a terminal",
  });
  const script = await run("sh", ["-c", "command -v script"]).catch(() => undefined);
  if (script?.code !== 0) {
    console.log("script (util-linux) was not found: skipping the run on a terminal");
    await t.step({ name: "terminal", ignore: true, fn: () => {} });
    return;
  }
  // script(1) gives the command a terminal as its standard input.
  const result = await run("script", [
    "-qec",
    `${Deno.execPath()} run --quiet ${CLI} --raw PUT /x`,
    "/dev/null",
  ], { NO_COLOR: "1" });
  assertEquals(result.code, 2);
  assertStringIncludes(result.stdout, "Option --raw found no standard input to read");
});

Deno.test("routecast grows a list of a repeated name in place: 100000 items", () => {
  const count = 100_000;
  const items = Array.from({ length: count }, (_, i) => `n=${i}`);
  const result = runCli(["POST /x", ...items, "m=a", "m=b"]);
  assertEquals([result.code, result.stderr], [0, ""]);
  const body = JSON.parse(result.stdout).body;
  assertEquals(body.n.length, count);
  assert(body.n.every((value: string, i: number) => value === String(i)));
  assertEquals(body.m, ["a", "b"]);
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
      `  body: '{"name":"n"}',`,
      "});",
      "",
    ].join("\n"),
  );
  const empty = routecastHere("--fetch", "PUT /x");
  assertStringIncludes(empty.stdout, '  body: new TextEncoder().encode(""),\n');
});

Deno.test("routecast --help and --version print and exit 0", async () => {
  for (const flag of ["--help", "-h"]) {
    const help = flag === "--help" ? await routecast(flag) : routecastHere(flag);
    assertEquals([help.code, help.stderr], [0, ""]);
    assert(help.stdout.startsWith(`routecast ${VERSION}: turns a route`), help.stdout);
    for (
      const text of [
        "Usage:",
        "[METHOD] <url>",
        "name:=json",
        "name==value",
        "name=@file",
        "name:=@file",
        "--curl",
        "--fetch",
        "--base-url URL",
        "--raw",
        "-V, --version",
        "64 MiB",
        "--neutral",
        "--openapi FILE",
        "--server VALUE",
        "--server-variable NAME=VALUE",
        "--credential NAME=@FILE | NAME=@- | NAME=env:VARIABLE | NAME=VALUE",
        "sends GitHub's accept and user-agent headers to any host",
        "the argument list, which\n                   other users of the machine can see",
        "convert YAML to JSON first",
      ]
    ) {
      assertStringIncludes(help.stdout, text);
    }
  }
  // --help wins over anything else on the line.
  assertEquals(routecastHere("GET /x", "bad", "--help").code, 0);
  for (const flag of ["--version", "-V"]) {
    const version = flag === "--version" ? await routecast(flag) : routecastHere(flag);
    assertEquals(version, { code: 0, stdout: `routecast ${VERSION}\n`, stderr: "" });
  }
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
    [["GET", ""], 'Invalid url "": expected a path such as "/users/{username}" or a full URL'],
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
      'Invalid value for header "bad": it contains CR, LF or NUL (LF at index 1), expected a single-line value',
    ],
    [["GET /x", "flag"], 'Invalid item "flag": expected name=value, name:=json or Header:value'],
    [["GET /x", "=v"], 'Invalid item "=v": expected a name before "="'],
    [
      ["POST /x", "body@file.json"],
      'Invalid item "body@file.json": file uploads ("@") are not supported, expected name=@file for a string or name:=@file for JSON',
    ],
    [
      ["GET /x", "q==1", "q=2"],
      'Invalid item "q=2": "q" is already a query item (name==value), expected each name to be one kind of item',
    ],
    [
      ["GET /x", "q:=2", "q==1"],
      'Invalid item "q==1": "q" is already a parameter, expected each name to be one kind of item',
    ],
    [
      ["GET /x", "headers==1"],
      'Invalid item "headers==1": "headers" is an endpoint() option, expected a query parameter name',
    ],
    [
      ["--base-url", "api.example", "GET /x"],
      'Invalid baseUrl "api.example": expected an absolute URL such as "https://api.github.com"',
    ],
  ];
  for (const [args, message] of cases) {
    assertEquals(
      routecastHere(...args),
      { code: 1, stdout: "", stderr: `routecast: ${message}\n` },
      args.join(" "),
    );
  }
  // The process exits with that code and prints that line.
  const [args, message] = cases[0];
  assertEquals(await routecast(...args), {
    code: 1,
    stdout: "",
    stderr: `routecast: ${message}\n`,
  });
});

Deno.test("routecast quotes items in messages within 1 KB, and prints values whole", async () => {
  const big = "k".repeat(100_000);
  const dir = await Deno.makeTempDir({ prefix: "routecast_messages_" });
  try {
    await Deno.writeTextFile(`${dir}/bad.json`, `[${big}`);
    await Deno.writeFile(`${dir}/latin1.txt`, new Uint8Array([0xe9]));
    const cases: [string[], 1 | 2][] = [
      [["GET /x", big], 1],
      [["GET /x", `=${big}`], 1],
      [["GET /x", `${big}:=[bug`], 1],
      [["GET /x", `a:=[${big}`], 1],
      [["GET /x", `a:=${"[".repeat(50_000)}`], 1],
      [["GET /x", `a b${big}:c`], 1],
      [["POST /x", `body@${big}`], 1],
      [["GET /x", `${big}==1`, `${big}=2`], 1],
      [["GET /x", `headers==${big}`], 1],
      [["POST /x", `a=@${dir}/${big}`], 1],
      // A runtime's error text may quote a path of up to 4 KB (PATH_MAX) whole.
      [["POST /x", `a=@${dir}/${`${"k".repeat(200)}/`.repeat(19)}x`], 1],
      [["POST /x", `a:=@${dir}/bad.json`, `b=${big}`], 1],
      [["POST /x", `a:=@${dir}/bad.json${"/".repeat(100_000)}`], 1],
      [["POST /x", `${big}=@${dir}/latin1.txt`], 1],
      [["GET /x", `X-A:${big}\n`], 1],
      [[`GET /x/${big}{`], 1],
      [[`--${big}`, "GET /x"], 2],
    ];
    for (const [args, code] of cases) {
      const result = runCli(args);
      const label = `${result.stderr.slice(0, 80)}…`;
      assertEquals([result.code, result.stdout], [code, ""], label);
      assert(result.stderr.startsWith("routecast: "), label);
      assert(!result.stderr.includes("\n"), label);
      assert(result.stderr.length <= 1024, `${result.stderr.length} characters: ${label}`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  // Values are printed whole: only messages are cut.
  const fetch = runCli(["--fetch", "POST /x", `X-A:${big}`, `t=${big}`]);
  assertEquals(fetch.code, 0);
  assertStringIncludes(fetch.stdout, `"x-a": "${big}",`);
  assertStringIncludes(fetch.stdout, `body: '{"t":"${big}"}',`);
});

Deno.test("routecast refuses JSON nested more than 64 levels deep, in its own words", async () => {
  const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
  const deep = nested(10_000);
  const dir = await Deno.makeTempDir({ prefix: "routecast_deep_" });
  try {
    await Deno.writeTextFile(`${dir}/deep.json`, deep);
    const item = `a:=@${dir}/deep.json`;
    const cases: [string[], string][] = [
      [["POST /x", `a:=${nested(65)}`], `Invalid JSON in item "a:=${"[".repeat(65)}`],
      [["POST /x", `a:=${deep}`], `Invalid JSON in item "a:=${"[".repeat(100)}`],
      [["POST /x", item], `Invalid JSON in file "${dir}/deep.json" of item "${item}"`],
      [["POST /x", `a:={"b":${nested(64)}}`], 'Invalid JSON in item "a:={\\"b\\":[[['],
    ];
    for (const flags of [[], ["--curl"], ["--fetch"]]) {
      for (const [args, start] of cases) {
        const result = runCli([...flags, ...args]);
        assertEquals([result.code, result.stdout], [1, ""], start);
        assert(result.stderr.startsWith(`routecast: ${start}`), result.stderr);
        assert(
          result.stderr.endsWith(": nested more than 64 levels deep, expected at most 64"),
          result.stderr,
        );
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  // 64 levels are fine in every output; brackets inside strings do not count.
  for (const flags of [[], ["--curl"], ["--fetch"]]) {
    const result = runCli([
      ...flags,
      "POST /x",
      `a:=${nested(64)}`,
      `b:=["\\"${"[".repeat(100)}"]`,
    ]);
    assertEquals([result.code, result.stderr], [0, ""], flags.join());
  }
  assertEquals(
    JSON.parse(runCli(["POST /x", `a:=${nested(64)}`, `b:="\\"[["`]).stdout).body,
    { a: JSON.parse(nested(64)), b: '"[[' },
  );
  const subprocess = await routecast("POST /x", `a:=${deep}`);
  assertEquals(subprocess.code, 1);
  assertStringIncludes(subprocess.stderr, "nested more than 64 levels deep");
});

Deno.test("routecast reports invalid usage on one stderr line and exits 2", async () => {
  const cases: [string[], string][] = [
    [
      [],
      'Missing url: expected routecast [METHOD] <url> [items...] or routecast "<METHOD> <url>" [items...], see routecast --help',
    ],
    [
      ["--nope", "GET /x"],
      'Unknown option "--nope": expected --curl, --fetch, --base-url, --raw, --neutral, --openapi, --server, --server-variable, --credential, --no-strict, --help or --version (items come after the url)',
    ],
    // A flag given a value is named, and what follows "=" is never quoted.
    [["--curl=sk_SECRET", "GET /x"], 'Invalid option "--curl" with a value: expected --curl alone'],
    [["-V=1", "GET /x"], 'Invalid option "-V" with a value: expected -V alone'],
    [["GET /x", "--base-url"], "Missing value for --base-url: expected a URL after it"],
    [
      ["--curl", "--fetch", "GET /x"],
      "Options --curl and --fetch exclude each other: expected one of them",
    ],
    // A known option given a value is named as known, never as unknown.
    [
      ["--raw=TEXT", "POST /x"],
      'Invalid option "--raw" with a value: expected --raw alone (give a body as data=TEXT)',
    ],
    ...["--curl", "--fetch", "--neutral", "--no-strict", "--help", "-h", "--version", "-V"].map((
      name,
    ): [string[], string] => [
      [`${name}=secret`, "GET /x"],
      `Invalid option "${name}" with a value: expected ${name} alone`,
    ]),
  ];
  for (const [args, message] of cases) {
    assertEquals(
      routecastHere(...args),
      { code: 2, stdout: "", stderr: `routecast: ${message}\n` },
      args.join(" "),
    );
  }
  // The process exits with that code and prints that line.
  const [args, message] = cases[1];
  assertEquals(await routecast(...args), {
    code: 2,
    stdout: "",
    stderr: `routecast: ${message}\n`,
  });
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

Deno.test("routecast --fetch output sends a __proto__ key of the body and the headers", async (t) => {
  const node = await run("sh", ["-c", "command -v node"]).catch(() => undefined);
  if (node?.code !== 0) {
    console.log("node was not found: skipping the run of routecast --fetch output");
    await t.step({ name: "node", ignore: true, fn: () => {} });
    return;
  }
  const printed = await routecast(
    "--fetch",
    "POST /x",
    '__proto__:={"polluted":true}',
    'n:={"__proto__":1}',
    "q=it's \\ \u2028",
    "__proto__:yes",
  );
  assertEquals(printed.code, 0, printed.stderr);
  const dir = await Deno.makeTempDir({ prefix: "routecast_fetch_" });
  try {
    const file = `${dir}/request.mjs`;
    // A fetch that prints what it was given, as JSON with the own keys of the headers.
    const stub = "globalThis.fetch = async (url, init) => {\n" +
      "  console.log(JSON.stringify({ url, init, headerKeys: Object.keys(init.headers) }));\n" +
      "};\n";
    await Deno.writeTextFile(file, stub + printed.stdout);
    const sent = await run("node", [file]);
    assertEquals([sent.code, sent.stderr], [0, ""]);
    const { url, init, headerKeys } = JSON.parse(sent.stdout);
    assertEquals(url, "https://api.github.com/x");
    assertEquals(headerKeys, ["accept", "user-agent", "__proto__", "content-type"]);
    assertEquals(init.headers["__proto__"], "yes");
    const body = JSON.parse(init.body);
    assert(Object.hasOwn(body, "__proto__") && Object.hasOwn(body.n, "__proto__"), init.body);
    assertEquals(body.__proto__, { polluted: true });
    assertEquals(body.q, "it's \\ \u2028");
    // The body toFetch sends for the same parameters, own __proto__ keys included.
    const parameters = JSON.parse(
      `{"__proto__":{"polluted":true},"n":{"__proto__":1},"q":"it's \\\\ \u2028"}`,
    );
    assertEquals(init.body, toFetch(endpoint("POST /x", parameters))[1].body);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
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
    // Standard input for --raw and files for =@ items, through node:fs.
    const raw = await run("node", [`${dir}/routecast`, "--raw", "PUT", "/x"], undefined, "é\n");
    assertEquals([raw.code, raw.stderr, JSON.parse(raw.stdout).body], [0, "", "é\n"]);
    // Both read no further than the limit.
    assertEquals(await node("POST /x", "a=@/dev/zero"), {
      code: 1,
      stdout: "",
      stderr: `routecast: Cannot read file "/dev/zero" of item "a=@/dev/zero": ${TOO_LARGE}\n`,
    });
    assertEquals(
      await run("sh", ["-c", `node "$0" --raw PUT /x < /dev/zero`, `${dir}/routecast`]),
      {
        code: 1,
        stdout: "",
        stderr: `routecast: Cannot read standard input for --raw: ${TOO_LARGE}\n`,
      },
    );
    await Deno.writeTextFile(`${dir}/title.txt`, "from a file");
    const file = await node("/x", `title=@${dir}/title.txt`, "dry==1");
    const same = await node("POST /x{?dry}", "dry=1", "title=from a file");
    assertEquals(JSON.parse(file.stdout), JSON.parse(same.stdout));
    assertEquals(JSON.parse(file.stdout).url, "https://api.github.com/x?dry=1");
    // Environment variables for --credential, through process.env: own ones only.
    await Deno.writeTextFile(
      `${dir}/d.json`,
      '{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{}}',
    );
    const credential = (source: string) =>
      run(
        "node",
        [`${dir}/routecast`, "--openapi", `${dir}/d.json`, "--credential", `k=${source}`, "GET /x"],
        { SHOP_KEY: "a\nb" },
      );
    assertEquals(await credential("env:SHOP_KEY"), {
      code: 1,
      stdout: "",
      stderr:
        `routecast: Invalid credential "k" from environment variable "SHOP_KEY": it contains CR, LF or NUL, expected one line\n`,
    });
    for (const name of ["__proto__", "toString", "constructor"]) {
      assertEquals(await credential(`env:${name}`), {
        code: 1,
        stdout: "",
        stderr:
          `routecast: Missing environment variable "${name}" for credential "k": expected the variable set to the credential\n`,
      });
    }
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

Deno.test("routecast openapi prints the operation table of a description, as compileOpenAPI() writes it", async () => {
  const path = `${ROOT}tests/testdata/openapi/kubernetes/openapi.json`;
  const text = await Deno.readTextFile(path);
  const table = compileOpenAPI(JSON.parse(text));
  const fromFile = await routecastReading(["openapi", path]);
  assertEquals([fromFile.code, fromFile.stderr], [0, ""]);
  assertEquals(JSON.parse(fromFile.stdout), table);
  const fromStdin = await routecastReading(["openapi", "-"], text);
  assertEquals(JSON.parse(fromStdin.stdout), table);
  // A url named openapi is written as a path.
  assertEquals(JSON.parse(runCli(["/openapi"]).stdout).url, `${API}/openapi`);
  // A Swagger 2.0 document too (docs/cli.md), as compileOpenAPI() reads it.
  const swagger = `${ROOT}tests/testdata/swagger2/docker-engine/swagger.json`;
  const fromSwagger = await routecastReading(["openapi", swagger]);
  assertEquals([fromSwagger.code, fromSwagger.stderr], [0, ""]);
  assertEquals(
    JSON.parse(fromSwagger.stdout),
    compileOpenAPI(JSON.parse(await Deno.readTextFile(swagger))),
  );
});

Deno.test("routecast openapi accepts a description nested as deep as compileOpenAPI() reads, and prints the same table", async () => {
  // 10,000 levels of allOf under a body, and 100,000 of an extension nothing reads: no
  // 64-level bound (which items keep, since printing them recurses) and no stack overflow.
  let schema: unknown = { properties: { url: {} } };
  for (let i = 0; i < 10_000; i++) schema = { allOf: [schema] };
  const description = {
    openapi: "3.0.3",
    servers: [{ url: "https://api.example.com" }],
    info: {
      title: "Deep",
      version: "1",
      "x-deep": JSON.parse("[".repeat(100_000) + "]".repeat(100_000)),
    },
    paths: { "/a": { post: { requestBody: { content: { "application/json": { schema } } } } } },
  };
  const text = JSON.stringify(description);
  const table = compileOpenAPI(description);
  assertEquals(table.operations["POST /a"], {
    body: { type: "application/json", fields: ["url"] },
  });
  const result = runCli(["openapi", "-"], { readStdin: () => new TextEncoder().encode(text) });
  assertEquals([result.code, result.stderr], [0, ""]);
  assertEquals(JSON.parse(result.stdout), table);
  const process = await routecastReading(["openapi", "-"], text);
  assertEquals([process.code, process.stderr], [0, ""]);
  assertEquals(JSON.parse(process.stdout), table);
  // JSON items keep their bound.
  const item = runCli(["POST", "/x", `a:=${"[".repeat(65)}${"]".repeat(65)}`]);
  assertEquals(item.code, 1);
  assertStringIncludes(item.stderr, "nested more than 64 levels deep");
});

Deno.test("routecast openapi refuses what is not a JSON OpenAPI 3 description, and other usage", () => {
  const bytes = (text: string): CliInput => ({
    readFile: () => new TextEncoder().encode(text),
    readStdin: () => new TextEncoder().encode(text),
  });
  const cases: [string[], CliInput, 1 | 2, string][] = [
    [
      ["openapi"],
      {},
      2,
      "Invalid use of routecast openapi: expected routecast openapi <description.json | ->, with no options",
    ],
    [["openapi", "a.json", "b.json"], {}, 2, "Invalid use of routecast openapi"],
    [["--curl", "openapi", "a.json"], {}, 2, "Invalid use of routecast openapi"],
    [
      ["openapi", "a.json"],
      bytes("openapi: 3.0.0\n"),
      1,
      'Invalid description in file "a.json": YAML is not read, expected JSON (routecast has no runtime dependencies: convert it to JSON first)',
    ],
    [
      ["openapi", "a.json"],
      bytes("{openapi: 3.0.0}\n"),
      1,
      'Invalid JSON in file "a.json" (an OpenAPI description as JSON): ',
    ],
    [["--neutral", "openapi", "a.json"], {}, 2, "Invalid use of routecast openapi"],
    [["--openapi", "b.json", "openapi", "a.json"], {}, 2, "Invalid use of routecast openapi"],
    [["--server", "0", "openapi", "a.json"], {}, 2, "Invalid use of routecast openapi"],
    [["--server-variable", "a=b", "openapi", "a.json"], {}, 2, "Invalid use of routecast openapi"],
    [["--credential", "a=b", "openapi", "a.json"], {}, 2, "Invalid use of routecast openapi"],
    [
      ["openapi", "a.json"],
      bytes('{"swagger":"1.2"}'),
      1,
      'Invalid OpenAPI description: swagger is "1.2", expected an OpenAPI 3.0 or 3.1 document',
    ],
    [
      ["openapi", "-"],
      { readStdin: () => undefined },
      1,
      "Cannot read standard input: expected the description piped or redirected (< file), not a terminal",
    ],
    [
      ["openapi", "a.json"],
      {
        readFile: () => {
          throw new Error("No such file");
        },
      },
      1,
      'Cannot read file "a.json": No such file',
    ],
    [
      ["openapi", "a.json"],
      bytes("[".repeat(100_000) + "]".repeat(100_000)),
      1,
      "Invalid OpenAPI description an array: expected a parsed OpenAPI 3.0 or 3.1 document",
    ],
  ];
  for (const [args, input, code, message] of cases) {
    const result = runCli(args, input);
    assertEquals([result.code, result.stdout], [code, ""], args.join(" "));
    assertStringIncludes(result.stderr, `routecast: ${message}`);
  }
});

Deno.test("routecast name==value keeps a name that is an RFC 6570 variable name, dots and %XX included", () => {
  const url = (...items: string[]) => JSON.parse(runCli(["GET /x", ...items]).stdout).url;
  // The template layer's variable-name check decides: kept as it is...
  assertEquals(url("a.b==1", "%41==2", "a_1.b2.c==3"), `${API}/x?a.b=1&%41=2&a_1.b2.c=3`);
  // ...else every byte but letters, digits and "_" is percent-encoded (dots out of place, "-", "~").
  assertEquals(
    url("a..b==1", ".a==2", "a.==3", "%4==4", "a~b==5"),
    `${API}/x?a%2E%2Eb=1&%2Ea=2&a%2E=3&%254=4&a%7Eb=5`,
  );
});

Deno.test("routecast name==value refuses each endpoint() option, and only those", () => {
  // The named options are endpoint()'s own list, not a copy.
  for (const option of ["method", "url", "baseUrl", "headers", "mediaType", "data", "request"]) {
    assertEquals(runCli(["GET /x", `${option}==1`]), {
      code: 1,
      stdout: "",
      stderr:
        `routecast: Invalid item "${option}==1": "${option}" is an endpoint() option, expected a query parameter name`,
    });
  }
  const proto = Object.prototype as Record<string, unknown>;
  try {
    proto.polluted = "yes";
    for (const name of ["Headers", "__proto__", "toString", "constructor", "polluted"]) {
      const result = runCli(["GET /x", `${name}==1`]);
      assertEquals([result.code, JSON.parse(result.stdout).url], [0, `${API}/x?${name}=1`], name);
    }
  } finally {
    delete proto.polluted;
  }
});

Deno.test("routecast (the CLI) refuses a mediaType that would inject a header", () => {
  for (const flags of [["--curl"], ["--fetch"], []]) {
    const result = runCli([
      ...flags,
      "GET",
      "/x",
      'mediaType:={"format":"raw\\r\\nX-Injected: yes"}',
    ]);
    assertEquals(result.code, 1, flags.join());
    assertEquals(result.stdout, "");
    assert(result.stderr.startsWith('routecast: Invalid mediaType.format "raw\\r\\nX-Injected'));
    const preview = runCli([
      ...flags,
      "GET",
      "/x",
      'mediaType:={"previews":["a\\nX-Injected: yes"]}',
    ]);
    assertEquals(preview.code, 1, flags.join());
    assert(!preview.stdout.includes("X-Injected"), preview.stdout);
  }
});
