/**
 * The command line for any API (docs/design.md rule 27): `--neutral`,
 * `--openapi FILE` with `--server`, `--server-variable` and `--credential`,
 * each run as a subprocess on real files (the transcripts of docs/cli.md)
 * and through `runCli` for the hostile cases: every bad input exits 1 with
 * one line on stderr, and no failing run prints the secret.
 */
import { createEndpoint, toCurl, VERSION } from "@routecast/endpoint";
import { type CliInput, runCli } from "@routecast/endpoint/cli";
import { compileOpenAPI, fromOpenAPI, type OpenAPIOptions } from "@routecast/endpoint/openapi";
import { assert, assertEquals, assertStringIncludes } from "@std/assert";

const ROOT = new URL("../", import.meta.url).pathname;
const CLI = new URL("../cli.ts", import.meta.url).pathname;
const STRIPE = `${ROOT}tests/testdata/openapi/stripe/openapi.json`;
const SECRET = "S3cr3t-do-not-print";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the command with `flags` for deno, `env` and `stdin` (none when undefined). */
async function routecast(
  args: string[],
  options: { flags?: string[]; env?: Record<string, string>; stdin?: string } = {},
): Promise<Run> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", ...(options.flags ?? ["--allow-read"]), CLI, ...args],
    cwd: ROOT,
    env: { NO_COLOR: "1", ...options.env },
    stdin: options.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  if (options.stdin !== undefined) {
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(options.stdin));
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

/** A description with every kind of scheme the CLI reads, servers with a variable. */
const SHOP = {
  openapi: "3.0.3",
  info: { title: "Shop", version: "1" },
  servers: [
    {
      url: "https://{region}.shop.example/v1",
      variables: { region: { default: "eu", enum: ["eu", "us"] } },
    },
    { url: "https://sandbox.shop.example" },
  ],
  components: {
    securitySchemes: {
      apiKey: { type: "apiKey", in: "header", name: "X-Api-Key" },
      // "Basic": scheme names are case-insensitive (RFC 7235).
      basicAuth: { type: "http", scheme: "Basic" },
      bearer: { type: "http", scheme: "bearer" },
      headers: { type: "apiKey", in: "query", name: "key" },
      ["__proto__"]: { type: "apiKey", in: "header", name: "X-Proto" },
    },
  },
  security: [{ apiKey: [] }, { basicAuth: [] }],
  paths: {
    "/orders/{id}": {
      get: {
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" } },
          { name: "baseUrl", in: "query", schema: { type: "string" } },
        ],
        responses: {},
      },
    },
    "/orders": {
      post: {
        security: [{ bearer: [] }],
        requestBody: { content: { "application/json": { schema: { type: "object" } } } },
        responses: {},
      },
    },
    "/search": {
      get: {
        security: [{ headers: [] }],
        parameters: [{ name: "q", in: "query", schema: { type: "string" } }],
        responses: {},
      },
    },
    "/proto": { get: { security: [{ ["__proto__"]: [] }], responses: {} } },
  },
};
const SHOP_TEXT = JSON.stringify(SHOP);

/** Files by name, standard input and the environment for runCli. */
function inputOf(
  files: Record<string, string>,
  stdin?: string,
  env: Record<string, string> = {},
): CliInput {
  const bytes = (text: string) => new TextEncoder().encode(text);
  return {
    readFile: (path) => {
      if (!Object.hasOwn(files, path)) throw new Error(`No such file: ${path}`);
      return bytes(files[path]);
    },
    readStdin: () => stdin === undefined ? undefined : bytes(stdin),
    readEnv: (name) => Object.hasOwn(env, name) ? env[name] : undefined,
  };
}

/** The request runCli prints, parsed; fails on any error. */
function printed(args: string[], input: CliInput = inputOf({ "shop.json": SHOP_TEXT })): unknown {
  const result = runCli(args, input);
  assertEquals([result.code, result.stderr], [0, ""], args.join(" "));
  return JSON.parse(result.stdout);
}

/** What fromOpenAPI builds, as the command prints it. */
function expected(
  options: Record<string, unknown>,
  route: string,
  parameters: Record<string, unknown> = {},
): unknown {
  return JSON.parse(
    JSON.stringify(fromOpenAPI(SHOP, options as OpenAPIOptions)(route, parameters)),
  );
}

/** Runs `test` in a temporary directory, removed afterwards. */
async function inTempDir(test: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "routecast_cli_openapi_" });
  try {
    await test(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

// ---------------------------------------------------------------------------
// Transcripts: one per mode, on real files.

Deno.test("routecast --neutral builds as createEndpoint() does: no GitHub accept, user-agent or host", async () => {
  const neutral = await routecast([
    "--neutral",
    "--base-url",
    "https://api.example.com",
    "GET",
    "/v1/items",
    "id=a",
    "id=b",
    "q=a+b",
  ]);
  assertEquals([neutral.code, neutral.stderr], [0, ""]);
  const built = createEndpoint()("GET /v1/items", {
    baseUrl: "https://api.example.com",
    id: ["a", "b"],
    q: "a+b",
  });
  assertEquals(JSON.parse(neutral.stdout), built);
  assertEquals(built, {
    method: "get",
    url: "https://api.example.com/v1/items?id=a&id=b&q=a%2Bb",
    headers: {},
  });
  // Without it, GitHub's accept and user-agent go to any host (docs/cli.md says so).
  const github = await routecast(["--base-url", "https://api.example.com", "GET", "/v1/items"]);
  assertEquals(JSON.parse(github.stdout).headers, {
    accept: "application/vnd.github.v3+json",
    "user-agent": `routecast/${VERSION}`,
  });
  // A path needs --base-url: no host is assumed.
  assertEquals(await routecast(["--neutral", "GET", "/v1/items"]), {
    code: 1,
    stdout: "",
    stderr:
      'routecast: Missing baseUrl for "GET /v1/items": expected a baseUrl option or default\n',
  });
  // A full url needs none; --curl prints what createEndpoint() builds; the method is guessed as for endpoint().
  const curl = await routecast(["--neutral", "--curl", "https://api.example.com/v1/items", "a=1"]);
  assertEquals(
    curl.stdout,
    toCurl(createEndpoint()("POST https://api.example.com/v1/items", { a: "1" })) + "\n",
  );
  assert(!curl.stdout.includes("github"), curl.stdout);
});

Deno.test("routecast --openapi builds as fromOpenAPI() does, from a vendored description", async () => {
  const stripe = JSON.parse(await Deno.readTextFile(STRIPE));
  const api = fromOpenAPI(stripe);
  const post = await routecast([
    "--openapi",
    STRIPE,
    "POST",
    "/v1/customers",
    "email=jenny@example.com",
    'metadata:={"plan":"pro"}',
  ]);
  assertEquals([post.code, post.stderr], [0, ""]);
  const built = api("POST /v1/customers", {
    email: "jenny@example.com",
    metadata: { plan: "pro" },
  });
  assertEquals(JSON.parse(post.stdout), built);
  assertEquals(built.body, "email=jenny%40example.com&metadata%5Bplan%5D=pro");
  assertEquals(built.headers, { "content-type": "application/x-www-form-urlencoded" });
  // The route as one argument, --curl, and a deepObject query parameter.
  const get = await routecast([
    "--curl",
    `--openapi=${STRIPE}`,
    "GET /v1/customers",
    'created:={"gte":1700000000}',
    "limit=3",
  ]);
  assertEquals([get.code, get.stderr], [0, ""]);
  const list = api("GET /v1/customers", { created: { gte: 1700000000 }, limit: "3" });
  assertEquals(get.stdout, toCurl(list) + "\n");
  assertEquals(list.url, "https://api.stripe.com/v1/customers?created%5Bgte%5D=1700000000&limit=3");
  // --base-url overrides the description's server.
  const sandbox = await routecast([
    "--openapi",
    STRIPE,
    "--base-url",
    "http://127.0.0.1:12111",
    "GET /v1/customers",
  ]);
  assertEquals(JSON.parse(sandbox.stdout).url, "http://127.0.0.1:12111/v1/customers");
});

Deno.test("routecast --openapi reads a table that routecast openapi wrote, a symlink and a pipe", async () => {
  await inTempDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/shop.json`, SHOP_TEXT);
    const table = await routecast(["openapi", `${dir}/shop.json`]);
    assertEquals(table.code, 0, table.stderr);
    assertEquals(JSON.parse(table.stdout), compileOpenAPI(SHOP));
    await Deno.writeTextFile(`${dir}/table.json`, table.stdout);
    await Deno.symlink(`${dir}/shop.json`, `${dir}/link.json`);
    const call = ["GET", "/orders/{id}", "id=7"];
    const want = expected({}, "GET /orders/{id}", { id: "7" });
    assertEquals((want as { url: string }).url, "https://eu.shop.example/v1/orders/7");
    for (const file of ["shop.json", "table.json", "link.json"]) {
      const result = await routecast(["--openapi", `${dir}/${file}`, ...call]);
      assertEquals([result.code, result.stderr], [0, ""], file);
      assertEquals(JSON.parse(result.stdout), want, file);
    }
    // Standard input, and a pipe that bash's <(...) names /dev/fd/N.
    const stdin = await routecast(["--openapi", "-", ...call], { stdin: SHOP_TEXT });
    assertEquals(JSON.parse(stdin.stdout), want);
    const bash = await new Deno.Command("bash", {
      args: [
        "-c",
        `"$0" run --quiet --allow-read "$1" --openapi <(cat "$2") GET "/orders/{id}" id=7`,
        Deno.execPath(),
        CLI,
        `${dir}/shop.json`,
      ],
      stdout: "piped",
      stderr: "piped",
    }).output().catch(() => undefined);
    if (bash !== undefined) {
      assertEquals(new TextDecoder().decode(bash.stderr), "");
      assertEquals(JSON.parse(new TextDecoder().decode(bash.stdout)), want);
    }
  });
});

Deno.test("routecast --credential reads a file, the environment and standard input, one final newline removed", async () => {
  await inTempDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/shop.json`, SHOP_TEXT);
    await Deno.writeTextFile(`${dir}/key.txt`, `${SECRET}\n`);
    await Deno.writeTextFile(`${dir}/login.txt`, "jenny:pa:ss\r\n");
    const call = ["GET", "/orders/{id}", "id=7"];
    const want = expected({ credentials: { apiKey: SECRET } }, "GET /orders/{id}", { id: "7" });
    assertEquals((want as { headers: unknown }).headers, { "x-api-key": SECRET });
    const file = await routecast([
      "--openapi",
      `${dir}/shop.json`,
      "--credential",
      `apiKey=@${dir}/key.txt`,
      ...call,
    ]);
    assertEquals([file.code, file.stderr], [0, ""]);
    assertEquals(JSON.parse(file.stdout), want);
    const env = await routecast(
      ["--openapi", `${dir}/shop.json`, "--credential", "apiKey=env:SHOP_KEY", ...call],
      { flags: ["--allow-read", "--allow-env=SHOP_KEY"], env: { SHOP_KEY: SECRET } },
    );
    assertEquals([env.code, env.stderr], [0, ""]);
    assertEquals(JSON.parse(env.stdout), want);
    const stdin = await routecast(
      ["--openapi", `${dir}/shop.json`, "--credential=apiKey=@-", ...call],
      { stdin: `${SECRET}\r\n` },
    );
    assertEquals([stdin.code, stdin.stderr], [0, ""]);
    assertEquals(JSON.parse(stdin.stdout), want);
    // A basic scheme takes USER:PASSWORD, split at the first ":".
    const basic = await routecast([
      "--openapi",
      `${dir}/shop.json`,
      "--credential",
      `basicAuth=@${dir}/login.txt`,
      ...call,
    ]);
    assertEquals([basic.code, basic.stderr], [0, ""]);
    assertEquals(
      JSON.parse(basic.stdout),
      expected(
        { credentials: { basicAuth: { username: "jenny", password: "pa:ss" } } },
        "GET /orders/{id}",
        {
          id: "7",
        },
      ),
    );
    assertEquals(JSON.parse(basic.stdout).headers.authorization, `Basic ${btoa("jenny:pa:ss")}`);
    // A literal works too; --curl prints the credential it sends.
    const curl = await routecast([
      "--openapi",
      `${dir}/shop.json`,
      "--credential",
      "bearer=t0ken",
      "--curl",
      "POST /orders",
      "sku=a1",
    ]);
    assertEquals([curl.code, curl.stderr], [0, ""]);
    assertEquals(
      curl.stdout,
      toCurl(
        fromOpenAPI(SHOP, { credentials: { bearer: "t0ken" } } as OpenAPIOptions)("POST /orders", {
          sku: "a1",
        }),
      ) +
        "\n",
    );
    assertStringIncludes(curl.stdout, "authorization: Bearer t0ken");
  });
});

Deno.test("routecast --server and --server-variable choose the description's server", async () => {
  // A server variable named __proto__ is a variable like any other.
  const description = JSON.parse(
    '{"openapi":"3.0.3","info":{"title":"p","version":"1"},"servers":[{"url":"https://{__proto__}.example","variables":{"__proto__":{"default":"a"}}}],"paths":{"/x":{"get":{"responses":{}}}}}',
  );
  const input = inputOf({ "p.json": JSON.stringify(description) });
  assertEquals(
    (printed(["--openapi", "p.json", "--server-variable", "__proto__=b", "GET /x"], input) as {
      url: string;
    }).url,
    "https://b.example/x",
  );
  await inTempDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/shop.json`, SHOP_TEXT);
    const call = ["GET", "/orders/{id}", "id=7"];
    const cases: [string[], Record<string, unknown>, string][] = [
      [
        ["--server-variable", "region=us"],
        { serverVariables: { region: "us" } },
        "https://us.shop.example/v1/orders/7",
      ],
      [["--server", "0", "--server-variable=region=us"], {
        server: 0,
        serverVariables: { region: "us" },
      }, "https://us.shop.example/v1/orders/7"],
      [["--server", "1"], { server: 1 }, "https://sandbox.shop.example/orders/7"],
      [
        ["--server=https://sandbox.shop.example"],
        { server: "https://sandbox.shop.example" },
        "https://sandbox.shop.example/orders/7",
      ],
    ];
    for (const [flags, options, url] of cases) {
      const result = await routecast(["--openapi", `${dir}/shop.json`, ...flags, ...call]);
      assertEquals([result.code, result.stderr], [0, ""], flags.join(" "));
      assertEquals(JSON.parse(result.stdout), expected(options, "GET /orders/{id}", { id: "7" }));
      assertEquals(JSON.parse(result.stdout).url, url);
    }
    // Out of range, or a value fromOpenAPI refuses: exit 1, one line, naming the value.
    const bad: [string[], string][] = [
      [["--server", "2"], "2"],
      [["--server", "https://elsewhere.example"], '"https://elsewhere.example"'],
      [["--server-variable", "region=eu.evil.example/x"], '"eu.evil.example/x"'],
      [["--server-variable", "region=ap"], '"ap"'],
      [["--server-variable", "nope=x"], '"nope"'],
    ];
    for (const [flags, value] of bad) {
      const result = await routecast(["--openapi", `${dir}/shop.json`, ...flags, ...call]);
      assertEquals([result.code, result.stdout], [1, ""], flags.join(" "));
      assert(result.stderr.startsWith("routecast: Invalid "), result.stderr);
      assertStringIncludes(result.stderr, value);
      assertEquals(result.stderr.indexOf("\n"), result.stderr.length - 1);
    }
  });
});

// ---------------------------------------------------------------------------
// Bad input: exit 1, one line, the secret never printed.

/** Asserts that `args` fail with exit code `code` and a stderr line starting with `message`. */
function assertFails(args: string[], input: CliInput, message: string, code: 1 | 2 = 1): void {
  const result = runCli(args, input);
  const label = args.join(" ");
  assertEquals([result.code, result.stdout], [code, ""], `${label}: ${result.stderr}`);
  assert(result.stderr.startsWith(`routecast: ${message}`), `${label}: ${result.stderr}`);
  assert(!result.stderr.includes("\n"), label);
  assert(result.stderr.length <= 1024, label);
  assert(!result.stderr.includes(SECRET), `${label} printed the secret: ${result.stderr}`);
}

Deno.test("routecast refuses options that do not combine, with exit code 1", () => {
  const input = inputOf({ "shop.json": SHOP_TEXT }, SECRET);
  const call = ["GET", "/orders/{id}", "id=7"];
  const cases: [string[], string][] = [
    [
      ["--credential", `apiKey=${SECRET}`, ...call],
      "Option --credential needs --openapi: expected --openapi FILE",
    ],
    [["--credential", "apiKey=@-", "--neutral", ...call], "Option --credential needs --openapi"],
    [["--server", "1", ...call], "Option --server needs --openapi"],
    [["--server-variable", "region=us", ...call], "Option --server-variable needs --openapi"],
    [["--no-strict", ...call], "Option --no-strict needs --openapi"],
    [["--neutral", "--no-strict", ...call], "Option --no-strict needs --openapi"],
    // The value after --credential is its value, even one that looks like an option.
    [["--credential", "--openapi=shop.json", ...call], "Option --credential needs --openapi"],
    [
      ["--neutral", "--openapi", "shop.json", ...call],
      "Options --neutral and --openapi exclude each other: expected one of them",
    ],
    [
      ["--openapi", "shop.json", "--raw", "--credential", "apiKey=@-", ...call],
      "Standard input is read once: expected at most one of --raw, --openapi - and --credential NAME=@-",
    ],
    [["--openapi", "-", "--credential", "apiKey=@-", ...call], "Standard input is read once"],
    [["--openapi", "-", "--raw", "POST", "/orders"], "Standard input is read once"],
    [
      ["--openapi", "shop.json", "--credential", "apiKey=@-", "--credential", "bearer=@-", ...call],
      "Standard input is read once",
    ],
  ];
  for (const [args, message] of cases) assertFails(args, input, message);
  // A later --credential for the same scheme replaces the earlier: stdin is then read once.
  const once = runCli(
    ["--openapi", "shop.json", "--credential", "apiKey=@-", "--credential", "apiKey=@-", ...call],
    inputOf({ "shop.json": SHOP_TEXT }),
  );
  assertEquals(
    once.stderr,
    'routecast: Cannot read standard input for credential "apiKey": expected it piped or redirected (< file), not a terminal',
  );
});

Deno.test("routecast --openapi refuses a YAML description, saying to convert it to JSON", () => {
  const yaml = "# Shop\n\nopenapi: 3.0.3\ninfo:\n  title: Shop\n";
  const refusal = (name: string) =>
    `Invalid description in ${name}: YAML is not read, expected JSON (routecast has no runtime dependencies: convert it to JSON first)`;
  const call = ["GET", "/orders/{id}", "id=7"];
  const files = {
    "shop.yaml": yaml,
    "shop.YML": yaml,
    "shop.json": yaml,
    "json.yaml": SHOP_TEXT, // refused by its name: a .yaml file is not read
    "doc.json": "---\nopenapi: 3.0.3\n",
    "bad.json": '{"openapi": "3.0.3",}',
    "text.json": "openapi 3",
  };
  for (const file of ["shop.yaml", "shop.YML", "json.yaml", "missing.yml"]) {
    assertFails(["--openapi", file, ...call], inputOf(files), refusal(`file "${file}"`));
    assertFails(["openapi", file], inputOf(files), refusal(`file "${file}"`));
  }
  for (const file of ["shop.json", "doc.json"]) {
    assertFails(["--openapi", file, ...call], inputOf(files), refusal(`file "${file}"`));
  }
  assertFails(["--openapi", "-", ...call], inputOf({}, yaml), refusal("standard input"));
  assertFails(["openapi", "-"], inputOf({}, yaml), refusal("standard input"));
  // Text that is neither is a JSON error.
  for (const file of ["bad.json", "text.json"]) {
    assertFails(
      ["--openapi", file, ...call],
      inputOf(files),
      `Invalid JSON in file "${file}" (an OpenAPI description as JSON): `,
    );
  }
});

Deno.test("routecast --openapi refuses a description it cannot read, with exit code 1", async () => {
  const call = ["GET", "/orders/{id}", "id=7"];
  // Past the input budget: the reader is asked for no more than one byte over.
  let asked = 0;
  const huge: CliInput = {
    readFile: (_path, maxBytes) => {
      asked = maxBytes;
      return new Uint8Array(maxBytes + 1);
    },
  };
  assertFails(
    ["--openapi", "huge.json", ...call],
    huge,
    'Cannot read file "huge.json": too large, expected at most 64 MiB (67108864 bytes) of files and standard input in all',
  );
  assertEquals(asked, 64 * 1024 * 1024);
  assertFails(
    ["--openapi", "-", ...call],
    inputOf({}),
    "Cannot read standard input: expected the description piped",
  );
  assertFails(
    ["--openapi", "[].json", ...call],
    inputOf({ "[].json": "[]" }),
    "Invalid OpenAPI description an array",
  );
  assertFails(
    ["--openapi", "null.json", ...call],
    inputOf({ "null.json": "null" }),
    "Invalid OpenAPI description",
  );
  assertFails(
    ["--openapi", "latin1.json", ...call],
    { readFile: () => new Uint8Array([0x7b, 0xe9]) },
    'Invalid file "latin1.json": expected UTF-8 text',
  );
  await inTempDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/shop.json`, SHOP_TEXT);
    const cases: [string[], string][] = [
      [["--openapi", dir, ...call], `Cannot read file "${dir}": Is a directory`],
      [
        ["--openapi", `${dir}/missing.json`, ...call],
        `Cannot read file "${dir}/missing.json": No such file`,
      ],
      [["--openapi", "/dev/zero", ...call], `Cannot read file "/dev/zero": too large`],
      [
        ["--openapi", `${dir}/shop.json`, "/orders/{id}", "id=7"],
        'Missing method for "/orders/{id}" with --openapi: expected METHOD <path>',
      ],
    ];
    for (const [args, message] of cases) {
      const result = await routecast(args);
      assertEquals([result.code, result.stdout], [1, ""], args.join(" "));
      assert(result.stderr.startsWith(`routecast: ${message}`), result.stderr);
      assertEquals(result.stderr.indexOf("\n"), result.stderr.length - 1);
    }
  });
});

Deno.test("routecast --openapi takes only the description's operations (strict routes)", async () => {
  await inTempDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/shop.json`, SHOP_TEXT);
    for (
      const route of ["POST /order", "DELETE /orders/{id}", "GET https://elsewhere.example/orders"]
    ) {
      // With a credential too: the message names the route, never the credential.
      const result = await routecast([
        "--openapi",
        `${dir}/shop.json`,
        "--credential",
        `apiKey=${SECRET}`,
        route,
        "id=7",
      ]);
      assertEquals([result.code, result.stdout], [1, ""], route);
      assert(result.stderr.startsWith(`routecast: Unknown operation "${route}"`), result.stderr);
      assert(!result.stderr.includes(SECRET), result.stderr);
      assertEquals(result.stderr.indexOf("\n"), result.stderr.length - 1);
    }
  });
});

Deno.test("routecast --openapi refuses a key the operation lacks, naming --no-strict, which builds it as fromOpenAPI() with strict: false", () => {
  const input = inputOf({ "shop.json": SHOP_TEXT });
  const openapi = ["--openapi", "shop.json", "--credential", `apiKey=${SECRET}`];
  // Strict: the message names the command line's way out, not the library's option.
  assertFails(
    [...openapi, "GET", "/orders/{id}", "id=7", "extra=1"],
    input,
    'Invalid parameter "extra" for "GET /orders/{id}": expected one of the operation\'s parameters "id" or "baseUrl" (or --no-strict)',
  );
  // An error that is not about a key passes as it is.
  assertFails(
    [...openapi, "--no-strict", "GET", "/orders/{id}", "id=a/../b"],
    input,
    "Invalid value",
  );
  const loose = { credentials: { apiKey: SECRET }, strict: false };
  assertEquals(
    printed([...openapi, "--no-strict", "GET", "/orders/{id}", "id=7", "extra=1"], input),
    expected(loose, "GET /orders/{id}", { id: "7", extra: "1" }),
  );
  // A route outside the description is built without the description's credential.
  const outside = printed([...openapi, "--no-strict", "GET", "/elsewhere", "q=1"], input);
  assertEquals(outside, expected(loose, "GET /elsewhere", { q: "1" }));
  assert(!JSON.stringify(outside).includes(SECRET));
  // Named like an option of its own, or given a value: a usage error.
  assertFails(
    [...openapi, "--no-strict=1", "GET", "/orders/{id}", "id=7"],
    input,
    "Option --no-strict takes no value",
    2,
  );
  // A key with a line break is quoted on the one line.
  assertFails(
    [...openapi, "GET", "/orders/{id}", "id=7", "ex\r\ntra=1"],
    input,
    'Invalid parameter "ex\\r\\ntra" for "GET /orders/{id}"',
  );
  // A polluted Object.prototype.strict does not make a run loose.
  Object.defineProperty(Object.prototype, "strict", { value: false, configurable: true });
  try {
    assertFails(
      [...openapi, "GET", "/orders/{id}", "id=7", "extra=1"],
      input,
      'Invalid parameter "extra"',
    );
  } finally {
    delete (Object.prototype as Record<string, unknown>).strict;
  }
});

Deno.test("routecast --openapi passes --base-url to fromOpenAPI(), so an operation's own baseUrl parameter stays one", () => {
  assertEquals(
    printed([
      "--openapi",
      "shop.json",
      "--base-url",
      "https://test.shop.example",
      "GET",
      "/orders/{id}",
      "id=7",
      "baseUrl=q",
    ]),
    expected({ baseUrl: "https://test.shop.example" }, "GET /orders/{id}", {
      id: "7",
      baseUrl: "q",
    }),
  );
  assertEquals(
    (printed([
      "--openapi",
      "shop.json",
      "--base-url",
      "https://test.shop.example",
      "GET",
      "/orders/{id}",
      "id=7",
      "baseUrl=q",
    ]) as {
      url: string;
    }).url,
    "https://test.shop.example/orders/7?baseUrl=q",
  );
});

Deno.test("routecast --credential refuses a credential that cannot be read or used, never printing it", () => {
  const call = ["GET", "/orders/{id}", "id=7"];
  const open = ["--openapi", "shop.json"];
  const files = {
    "shop.json": SHOP_TEXT,
    "crlf.txt": `${SECRET}\r\nX-Injected: yes\n`,
    "lf.txt": `${SECRET}\n\n`,
    "nul.txt": `${SECRET}\0`,
    "cr.txt": `${SECRET}\r`,
    "newline.txt": "\n",
    "crlf-only.txt": "\r\n",
    "empty.txt": "",
    "nouser.txt": `${SECRET}\n`,
  };
  const input = inputOf(files, `${SECRET}\n\n`, { EMPTY: "", MULTI: `${SECRET}\nx` });
  const cases: [string[], string][] = [
    ...["crlf.txt", "lf.txt", "nul.txt", "cr.txt"].map((file): [string[], string] => [
      ["--credential", `apiKey=@${file}`],
      `Invalid credential "apiKey" from file "${file}": it contains CR, LF or NUL, expected one line (one final newline is removed)`,
    ]),
    [
      ["--credential", "apiKey=@-"],
      'Invalid credential "apiKey" from standard input: it contains CR, LF or NUL',
    ],
    [
      ["--credential", "apiKey=env:MULTI"],
      'Invalid credential "apiKey" from environment variable "MULTI": it contains CR, LF or NUL',
    ],
    [
      ["--credential", `apiKey=${SECRET}\nX: y`],
      'Invalid credential "apiKey" from the argument list: it contains CR, LF or NUL',
    ],
    // One final newline is removed, no more: "\n" and "\r\n" leave nothing.
    [
      ["--credential", "apiKey=@newline.txt"],
      'Invalid credential "apiKey" from file "newline.txt": it is empty, expected a value',
    ],
    [
      ["--credential", "apiKey=@crlf-only.txt"],
      'Invalid credential "apiKey" from file "crlf-only.txt": it is empty',
    ],
    [
      ["--credential", "apiKey=@empty.txt"],
      'Invalid credential "apiKey" from file "empty.txt": it is empty',
    ],
    [
      ["--credential", "apiKey=env:EMPTY"],
      'Invalid credential "apiKey" from environment variable "EMPTY": it is empty',
    ],
    [
      ["--credential", "apiKey="],
      'Invalid credential "apiKey" from the argument list: it is empty',
    ],
    // A basic scheme (by its type, "Basic" in any case) needs USER:PASSWORD.
    [
      ["--credential", "basicAuth=@nouser.txt"],
      'Invalid credential "basicAuth" from file "nouser.txt": expected USER:PASSWORD for a basic scheme',
    ],
    [
      ["--credential", `basicAuth=${SECRET}`],
      'Invalid credential "basicAuth" from the argument list: expected USER:PASSWORD',
    ],
    // Sources that are not there.
    [
      ["--credential", "apiKey=@missing.txt"],
      'Cannot read file "missing.txt" for credential "apiKey": No such file: missing.txt',
    ],
    [
      ["--credential", "apiKey=env:SHOP_UNSET"],
      'Missing environment variable "SHOP_UNSET" for credential "apiKey": expected the variable set to the credential',
    ],
    [
      ["--credential", "apiKey=env:"],
      'Invalid --credential "apiKey=env:": expected a variable name after "env:"',
    ],
    // No name: the argument is not quoted, since it may be the secret itself.
    [
      ["--credential", SECRET],
      "Invalid --credential: expected NAME=@FILE, NAME=@-, NAME=env:VARIABLE or NAME=VALUE, with a security scheme's name",
    ],
    [["--credential", `=${SECRET}`], "Invalid --credential: expected NAME=@FILE"],
    [[`--credential=${SECRET}`], "Invalid --credential: expected NAME=@FILE"],
    [
      ["--server-variable", "region"],
      'Invalid --server-variable "region": expected NAME=VALUE, a variable of the server\'s url',
    ],
    [["--server-variable", "=us"], 'Invalid --server-variable "=us": expected NAME=VALUE'],
  ];
  for (const [flags, message] of cases) assertFails([...open, ...flags, ...call], input, message);
  assertFails(
    [`--credentials=apiKey=${SECRET}`, ...call],
    input,
    'Unknown option "--credentials": expected --curl',
    2,
  );
  assertFails(
    [...open, ...call, "--credential"],
    input,
    "Missing value for --credential: expected NAME=@FILE, NAME=@-, NAME=env:VARIABLE or NAME=VALUE after it",
    2,
  );
  assertFails(
    [...open, ...call, "--server"],
    input,
    "Missing value for --server: expected an index or a url of the description's servers after it",
    2,
  );
  assertFails(
    [...call, "--openapi"],
    input,
    "Missing value for --openapi: expected a JSON description file after it",
    2,
  );
});

Deno.test("routecast --credential passes its errors on as one line without the secret, in every form", async () => {
  await inTempDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/shop.json`, SHOP_TEXT);
    await Deno.writeTextFile(`${dir}/key.txt`, `${SECRET}\n`);
    await Deno.writeTextFile(`${dir}/two-lines.txt`, `${SECRET}\n${SECRET}\n`);
    const open = ["--openapi", `${dir}/shop.json`];
    const call = ["GET", "/orders/{id}", "id=7"];
    const runs: [string[], Parameters<typeof routecast>[1]][] = [
      // A scheme the description does not define, from each source.
      [[...open, "--credential", `nope=${SECRET}`, ...call], {}],
      [[...open, "--credential", `nope=@${dir}/key.txt`, ...call], {}],
      [[...open, "--credential", "nope=@-", ...call], { stdin: SECRET }],
      [[...open, "--credential", "nope=env:SHOP_KEY", ...call], {
        flags: ["--allow-read", "--allow-env"],
        env: { SHOP_KEY: SECRET },
      }],
      [[...open, "--credential", `apiKey=@${dir}/two-lines.txt`, ...call], {}],
      [[...open, "--credential", "apiKey=@-", ...call], { stdin: `${SECRET}\r\n\r\n` }],
      [[...open, "--credential", `basicAuth=${SECRET}`, ...call], {}],
      [["--credential", `apiKey=${SECRET}`, ...call], {}],
      [[...open, "--neutral", "--credential", `apiKey=${SECRET}`, ...call], {}],
      [[...open, "--credential", SECRET, ...call], {}],
      [[...open, `--credentials=apiKey=${SECRET}`, ...call], {}],
      // Without --allow-env, the runtime refuses: its reason is passed on, not the value.
      [[...open, "--credential", "apiKey=env:SHOP_KEY", ...call], { env: { SHOP_KEY: SECRET } }],
    ];
    for (const [args, options] of runs) {
      const result = await routecast(args, options);
      const label = `${args.join(" ")}: ${result.stderr}`;
      assert(result.code !== 0, label);
      assertEquals(result.stdout, "", label);
      assert(result.stderr.startsWith("routecast: "), label);
      assertEquals(result.stderr.indexOf("\n"), result.stderr.length - 1, label);
      assert(!result.stderr.includes(SECRET), label);
    }
    const denied = await routecast([...open, "--credential", "apiKey=env:SHOP_KEY", ...call]);
    assertStringIncludes(
      denied.stderr,
      'routecast: Cannot read environment variable "SHOP_KEY" for credential "apiKey": ',
    );
  });
});

Deno.test("routecast --credential reads a scheme's type from own properties only, whatever Object.prototype holds", () => {
  const proto = Object.prototype as Record<string, unknown>;
  try {
    // A polluted prototype makes no scheme basic: the credential is not refused as one.
    // (in the description, and in the table it compiles to: it has no schemes of its own)
    proto.components = { securitySchemes: { apiKey: { type: "http", scheme: "basic" } } };
    proto.securityDefinitions = { apiKey: { type: "basic" } };
    proto.schemes = { apiKey: { type: "http", scheme: "basic" } };
    proto.type = "basic";
    const result = runCli(
      ["--openapi", "shop.json", "--credential", `apiKey=${SECRET}`, "GET", "/orders/{id}", "id=7"],
      inputOf({ "shop.json": JSON.stringify({ ...SHOP, components: {} }) }),
    );
    assert(!result.stderr.includes("USER:PASSWORD"), result.stderr);
    assert(!result.stdout.includes("Basic"), result.stdout);
  } finally {
    delete proto.components;
    delete proto.securityDefinitions;
    delete proto.schemes;
    delete proto.type;
  }
});

Deno.test("routecast --credential keeps __proto__ and option names as scheme names", () => {
  // A scheme named __proto__, and one named like an option (headers).
  assertEquals(
    printed(["--openapi", "shop.json", "--credential", `__proto__=${SECRET}`, "GET /proto"]),
    expected({ credentials: JSON.parse(`{"__proto__": "${SECRET}"}`) }, "GET /proto"),
  );
  assertEquals(
    (printed(["--openapi", "shop.json", "--credential", `__proto__=${SECRET}`, "GET /proto"]) as {
      headers: unknown;
    }).headers,
    { "x-proto": SECRET },
  );
  assertEquals(
    (printed([
      "--openapi",
      "shop.json",
      "--credential",
      `headers=${SECRET}`,
      "GET /search",
      "q=a",
    ]) as {
      url: string;
    }).url,
    `https://eu.shop.example/v1/search?q=a&key=${SECRET}`,
  );
  assertEquals(Object.getPrototypeOf({}), Object.prototype);
  assertEquals(({} as Record<string, unknown>).polluted, undefined);
});

Deno.test("routecast --credential reads a Swagger 2.0 basic scheme as basic", () => {
  // Only the scheme's type is read here; the library sends it.
  const swagger = JSON.stringify({
    swagger: "2.0",
    securityDefinitions: { login: { type: "basic" } },
    paths: {},
  });
  assertFails(
    ["--openapi", "s.json", "--credential", `login=${SECRET}`, "GET /x"],
    inputOf({ "s.json": swagger }),
    'Invalid credential "login" from the argument list: expected USER:PASSWORD for a basic scheme',
  );
});

Deno.test("routecast --credential knows a basic scheme in a table, and behind a $ref", () => {
  const call = ["GET", "/orders/{id}", "id=7"];
  const table = JSON.stringify(compileOpenAPI(SHOP));
  const referenced = JSON.stringify({
    ...SHOP,
    components: {
      securitySchemes: {
        ...SHOP.components.securitySchemes,
        basicAuth: { $ref: "#/components/securitySchemes/login" },
        login: { type: "http", scheme: "basic" },
      },
    },
  });
  for (const text of [table, referenced]) {
    const built = printed(
      ["--openapi", "d.json", "--credential", "basicAuth=jenny:pw", ...call],
      inputOf({ "d.json": text }),
    ) as { headers: Record<string, string> };
    assertEquals(built.headers, { authorization: `Basic ${btoa("jenny:pw")}` });
  }
  // A $ref loop is no scheme: the CLI passes the credential on, fromOpenAPI refuses it.
  const loop = JSON.stringify({
    ...SHOP,
    components: {
      securitySchemes: {
        ...SHOP.components.securitySchemes,
        basicAuth: { $ref: "#/components/securitySchemes/a~1b" },
        "a/b": { $ref: "#/components/securitySchemes/basicAuth" },
      },
    },
  });
  const looped = runCli(
    ["--openapi", "d.json", "--credential", `basicAuth=${SECRET}`, ...call],
    inputOf({ "d.json": loop }),
  );
  assertEquals([looped.code, looped.stdout], [1, ""]);
  assert(!looped.stderr.includes("USER:PASSWORD"), looped.stderr);
  assert(!looped.stderr.includes(SECRET), looped.stderr);
  // A table from a file is hostile input: fromOpenAPI refuses it, in one line.
  for (
    const schemes of [
      '{"basicAuth":null}',
      "5",
      '"basic"',
      '{"basicAuth":{"type":"http","scheme":7}}',
    ]
  ) {
    const hostile = `{"format":"routecast-openapi-table/1","schemes":${schemes},"operations":{}}`;
    assertFails(
      ["--openapi", "t.json", "--credential", `basicAuth=${SECRET}`, ...call],
      inputOf({ "t.json": hostile }),
      "Invalid OpenAPI table",
    );
  }
});
