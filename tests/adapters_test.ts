/**
 * toFetch() and toCurl(): their output, then the requests they make as a
 * loopback server sees them, through fetch, node:http and curl itself; and
 * toFetchSource() (of the ./cli entry), run against a stub fetch.
 */
import { createServer, type IncomingMessage, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import {
  endpoint,
  type FetchInit,
  type RequestOptions,
  toCurl,
  toFetch,
  VERSION,
} from "@routecast/endpoint";
import { toFetchSource } from "@routecast/endpoint/cli";
import { assert, assertEquals, assertStrictEquals, assertThrows } from "@std/assert";
import fc from "fast-check";
import { assertProperty, FC_SEED } from "./_fc.ts";

const UA = `routecast/${VERSION}`;
const ACCEPT = "application/vnd.github.v3+json";
const JSON_TYPE = "application/json; charset=utf-8";
const API = "https://api.github.com";

Deno.test("toFetch() uppercases the method and serialises JSON bodies", () => {
  const [url, init] = toFetch(endpoint("patch /repos/{owner}/{repo}", {
    owner: "o",
    repo: "r",
    description: "d",
    topics: null,
  }));
  assertEquals(url, `${API}/repos/o/r`);
  assertEquals(init, {
    method: "PATCH",
    headers: { accept: ACCEPT, "user-agent": UA, "content-type": JSON_TYPE },
    body: '{"description":"d","topics":null}',
  });
  assertEquals(toFetch(endpoint("propfind /x"))[1].method, "PROPFIND");
  assertEquals(toFetch(endpoint("POST /x", { data: [1, "two"] }))[1].body, '[1,"two"]');
  assertEquals(toFetch(endpoint("POST /x", { data: null }))[1].body, "null");
});

Deno.test("toFetch() keeps bodies fetch sends as they are, strings without a type as bytes", () => {
  const bytes = new Uint8Array([1, 2, 3]);
  const blob = new Blob(["b"]);
  const stream = new ReadableStream<Uint8Array>();
  const form = new FormData();
  form.set("a", "1");
  const params = new URLSearchParams({ a: "1" });
  const raw = (data: unknown, headers = {}) =>
    toFetch(endpoint("POST /x", { data, headers }))[1] as FetchInit;
  assertStrictEquals(raw(bytes).body, bytes);
  assertStrictEquals(raw(bytes.buffer).body, bytes.buffer);
  assertStrictEquals(raw(blob).body, blob);
  assertStrictEquals(raw("text").body, "text");
  assertEquals(raw(stream).duplex, "half");
  assertStrictEquals(raw(stream).body, stream);
  assertStrictEquals(raw(form).body, form);
  // fetch writes the multipart type (with its boundary) and the form type itself...
  assertEquals(raw(form).headers["content-type"], undefined);
  assertEquals(raw(params).headers["content-type"], undefined);
  // ...unless the caller set one.
  assertEquals(
    raw(params, { "content-type": "application/x-www-form-urlencoded" }).headers["content-type"],
    "application/x-www-form-urlencoded",
  );
  assertEquals(raw(bytes).headers["content-type"], JSON_TYPE);
  assertEquals(raw(bytes).duplex, undefined);
  const put = toFetch(endpoint("PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" }))[1];
  // As bytes, so that fetch adds no text/plain content type.
  assertEquals([put.body, put.headers["content-type"]], [new Uint8Array(0), undefined]);
  const text = toFetch({ method: "post", url: `${API}/x`, headers: {}, body: "é" })[1];
  assertEquals(text.body, new TextEncoder().encode("é"));
  assert(!("body" in toFetch(endpoint("DELETE /x"))[1]));
  assert(!("body" in toFetch(endpoint("GET /x"))[1]));
});

Deno.test("toFetch() turns header values into strings and passes request.signal through", () => {
  const controller = new AbortController();
  const [, init] = toFetch(endpoint("POST /x", {
    data: "x",
    headers: { "content-length": 1, "content-type": "text/plain" },
    request: { signal: controller.signal, timeout: 10 },
  }));
  assertEquals(init.headers["content-length"], "1");
  assertStrictEquals(init.signal, controller.signal);
  assertEquals(Object.keys(init).sort(), ["body", "headers", "method", "signal"]);
  const [, plain] = toFetch(endpoint("GET /x", { request: { signal: "not a signal" } }));
  assert(!("signal" in plain));
});

Deno.test("toFetch() reports a body it cannot serialise as JSON", () => {
  const bigint = assertThrows(
    () => toFetch(endpoint("POST /x", { data: { n: 1n } })),
    TypeError,
    'Invalid body: it cannot be written as JSON, JSON.stringify threw "Do not know how to serialize a BigInt", expected data JSON.stringify can write',
  );
  assert(bigint.cause instanceof TypeError);
  assertThrows(
    () => toFetch(endpoint("POST /x", { data: Symbol("s") })),
    TypeError,
    "Invalid body: it cannot be written as JSON, found symbol, expected data JSON.stringify can write",
  );
});

Deno.test("toFetch() and toCurl() report an unwritable body in one line under 1 KB, as the JSON writer's one message", () => {
  const cycle: Record<string, unknown> = {};
  // V8 names the key in its message (over 1 KB here), and takes seconds to write a longer one.
  cycle[`k${"\n".repeat(10) + "x".repeat(1100)}`] = cycle;
  const mine = new Error("mine\r\nline " + "x".repeat(5000));
  const bodies = [cycle, {
    toJSON() {
      throw mine;
    },
  }];
  for (const adapter of [toFetch, toCurl]) {
    for (const data of bodies) {
      const error = assertThrows(() => adapter(endpoint("POST /x", { data })), TypeError);
      assert(
        error.message.startsWith("Invalid body: it cannot be written as JSON, "),
        error.message,
      );
      assert(!/[\r\n\0]/.test(error.message), error.message);
      assert(error.message.length < 1024, `${error.message.length}`);
    }
  }
  // The caller's error is the cause, unchanged.
  const error = assertThrows(() => toFetch(endpoint("POST /x", { data: bodies[1] })), TypeError);
  assertStrictEquals(error.cause, mine);
});

Deno.test("toCurl() writes one quoted word per part", () => {
  const cases: [string, RequestOptions, string][] = [
    [
      "GET with a query",
      endpoint("GET /search/issues", { q: "it's here", per_page: 2 }),
      `curl -X GET 'https://api.github.com/search/issues?q=it%27s%20here&per_page=2'` +
      ` -H 'accept: ${ACCEPT}' -H 'user-agent: ${UA}'`,
    ],
    [
      "HEAD uses --head",
      endpoint("HEAD /x"),
      `curl --head https://api.github.com/x -H 'accept: ${ACCEPT}' -H 'user-agent: ${UA}'`,
    ],
    [
      "PUT without a body turns off curl's form content type",
      endpoint("PUT /x"),
      `curl -X PUT https://api.github.com/x -H 'accept: ${ACCEPT}' -H 'user-agent: ${UA}'` +
      ` -H 'content-type:' --data-binary ''`,
    ],
    [
      "quotes, shell characters and an @ at the start of the body",
      endpoint("POST /x", {
        data: '@me: it\'s $HOME `id` \\ "q"\n',
        headers: { "content-type": "text/plain", "x-empty": "", accept: null },
      }),
      `curl -X POST https://api.github.com/x -H 'user-agent: ${UA}'` +
      ` -H 'content-type: text/plain' -H 'x-empty;' -H 'accept:'` +
      ` --data-raw '@me: it'\\''s $HOME \`id\` \\ "q"\n'`,
    ],
    [
      "a method that is not a plain word is quoted; [ ] turn on --globoff",
      endpoint("M!X /a/{+p}", { p: "[1]", headers: { "user-agent": null } }),
      `curl -X 'M!X' --globoff 'https://api.github.com/a/[1]' -H 'accept: ${ACCEPT}'` +
      ` -H 'user-agent:'`,
    ],
    [
      "bytes as UTF-8 text, URLSearchParams as a form",
      endpoint("POST /x", { data: new URLSearchParams({ a: "1 2" }) }),
      `curl -X POST https://api.github.com/x -H 'accept: ${ACCEPT}' -H 'user-agent: ${UA}'` +
      ` -H 'content-type: application/x-www-form-urlencoded;charset=UTF-8' --data-binary 'a=1+2'`,
    ],
    [
      "bodies over 1 KiB turn off Expect: 100-continue",
      endpoint("POST /x", { data: "a".repeat(1025), headers: { "content-type": "text/plain" } }),
      `curl -X POST https://api.github.com/x -H 'accept: ${ACCEPT}' -H 'user-agent: ${UA}'` +
      ` -H 'content-type: text/plain' -H 'expect:' --data-binary ${"a".repeat(1025)}`,
    ],
  ];
  for (const [label, options, expected] of cases) assertEquals(toCurl(options), expected, label);
  assertEquals(
    toCurl(
      endpoint("POST /x", {
        data: new TextEncoder().encode("é"),
        headers: { "content-type": "text/plain" },
      }),
    ),
    `curl -X POST https://api.github.com/x -H 'accept: ${ACCEPT}' -H 'user-agent: ${UA}'` +
      ` -H 'content-type: text/plain' --data-binary 'é'`,
  );
});

Deno.test("toCurl() quotes every word that a shell would expand", () => {
  const bodyWord = (data: string) => {
    const command = toCurl(
      endpoint("POST /x", { data, headers: { "content-type": "text/plain" } }),
    );
    return command.slice(command.lastIndexOf("--data-") + "--data-binary ".length);
  };
  // Plain words stay bare.
  for (const word of ["abc", "a.b/c:d@e%f+g,h-i_j", "-x", "9"]) {
    assertEquals(bodyWord(word), word, word);
  }
  // zsh: =ls becomes /usr/bin/ls (EQUALS), ~ and a=~ the home directory (MAGIC_EQUAL_SUBST),
  // ^x and a#b are globs (EXTENDED_GLOB); bash: !x is history; both: braces, globs, $, `.
  const expanded = [
    "=ls",
    "a=b",
    "~",
    "~root",
    "a=~/x",
    "a:~/x",
    "{a,b}",
    "x{1..3}",
    "*",
    "a?",
    "[ab]",
    "!x",
    "a!!",
    "$HOME",
    "`id`",
    "#x",
    "^x",
    "a^b",
    "a#b",
    "x;y",
    "a&b",
    "a|b",
    "(a)",
    "<a>",
    "a b",
    "a\\b",
    '"a"',
    "é",
  ];
  for (const word of expanded) {
    assertEquals(bodyWord(word), `'${word}'`, word);
  }
});

Deno.test("toCurl() writes a whitespace-only header value as curl's empty header", () => {
  const command = toCurl(endpoint("GET /x", { headers: { "x-space": "   ", "x-tab": "\t " } }));
  assert(command.endsWith(` -H 'x-space;' -H 'x-tab;'`), command);
});

/** Whether `command` is a program on the PATH (dash has no `--version` to try). */
async function hasProgram(command: string): Promise<boolean> {
  try {
    return (await new Deno.Command("sh", {
      args: ["-c", 'command -v "$1"', "sh", command],
      stdout: "null",
      stderr: "null",
    }).output()).success;
  } catch {
    return false;
  }
}

/**
 * Each shell with the options that expand the most: bash with history
 * expansion (as when interactive), extglob and failglob (so that a glob left
 * bare fails rather than stays as it is), zsh with EXTENDED_GLOB and
 * MAGIC_EQUAL_SUBST on top of its default EQUALS and NOMATCH.
 */
const SHELLS: Record<string, { args: string[]; prelude: string }> = {
  bash: {
    args: ["--norc", "--noprofile", "-c"],
    prelude: "set -o history -H\nshopt -s extglob failglob\ntrue\n",
  },
  zsh: { args: ["-f", "-c"], prelude: "setopt extendedglob magicequalsubst\n" },
  // dash has no $'...': newlines must be written inside plain quotes.
  dash: { args: ["-c"], prelude: "" },
};

/** The arguments a shell passes to curl when it runs `command`, printed by `printf '%s\0'` instead. */
async function argvOf(shell: string, command: string): Promise<string[]> {
  assert(command.startsWith("curl "), command);
  const script = `${SHELLS[shell].prelude}printf '%s\\0' ${command.slice("curl ".length)}\n`;
  const output = await new Deno.Command(shell, {
    args: [...SHELLS[shell].args, script],
    cwd: "/",
    env: { HOME: "/nonexistent-home" },
  }).output();
  const stderr = new TextDecoder().decode(output.stderr);
  assert(output.success && stderr === "", `${shell} failed on ${command}: ${stderr}`);
  const words = new TextDecoder().decode(output.stdout).split("\0");
  assertEquals(words.pop(), "");
  return words;
}

/**
 * Text with characters that start an expansion somewhere in sh, bash or zsh,
 * or plain text after a start that would (`=ls`, `~root`, `a=~`).
 */
const SHELL_TEXT = fc.oneof(
  fc.string({
    maxLength: 12,
    unit: fc.oneof(
      fc.constantFrom(..."=~{},.*?[]!$`#^'\"\\ \t\n;&|()<>%@:+-/_aZ9"),
      fc.constantFrom("é", "\u2028", "😀", "\x7f", "\x01", "\n^", "\r^"),
    ),
  }),
  fc.tuple(
    fc.constantFrom("=", "~", "a=~", "a:~", "#", "^", "!"),
    fc.constantFrom("", "ls", "sh", "root", "x", "/"),
  ).map(([start, rest]) => start + rest),
);

for (const shell of Object.keys(SHELLS)) {
  Deno.test(`toCurl() words reach curl unchanged through ${shell}`, async (t) => {
    if (!await hasProgram(shell)) {
      console.log(`${shell} was not found: skipping the round trip through it`);
      await t.step({ name: shell, ignore: true, fn: () => {} });
      return;
    }
    await fc.assert(
      fc.asyncProperty(SHELL_TEXT, async (text) => {
        // A header value holds no line break (toCurl refuses one); the body does.
        const header = `v${text.replaceAll("\r", "").replaceAll("\n", "")}`;
        const command = toCurl({
          method: "POST",
          url: "https://example.com/x",
          headers: { "x-text": header },
          body: text,
        });
        const argv = await argvOf(shell, command);
        assertEquals(argv.slice(0, 5), [
          "-X",
          "POST",
          "https://example.com/x",
          "-H",
          `x-text: ${header}`,
        ]);
        assertEquals(argv[argv.length - 1], text);
      }),
      { numRuns: 60, seed: FC_SEED },
    );
  });
}

/** Bodies with a line that starts with `^`, which interactive bash reads as `^old^new`. */
const CARET_LINES = [
  "a\n^b",
  "true\n^true^false^",
  "^a^b\n^c^d\n",
  "x\r\n^y^z",
  "x\r^y^z",
  "\n^",
  "it's\n^'q'^\n!!",
];

/** The physical lines of `command`, as a terminal splits them (it reads CR as LF). */
function physicalLines(command: string): string[] {
  return command.split(/\r\n|\n|\r/);
}

Deno.test("toCurl() starts no line of the command with ^, which interactive bash would rewrite", async (t) => {
  for (const body of CARET_LINES) {
    const command = toCurl({ method: "POST", url: "https://example.com/x", headers: {}, body });
    const lines = physicalLines(command);
    assert(lines.length > 1, command);
    assertEquals(lines.filter((line) => line.startsWith("^")), [], command);
  }
  assertProperty(
    fc.property(SHELL_TEXT, (text) => {
      const command = toCurl({
        method: "POST",
        url: "https://example.com/x",
        headers: {},
        body: text,
      });
      return physicalLines(command).every((line) => !line.startsWith("^"));
    }),
    2000,
  );
  for (const shell of Object.keys(SHELLS)) {
    if (!await hasProgram(shell)) {
      console.log(`${shell} was not found: skipping the round trip through it`);
      await t.step({ name: shell, ignore: true, fn: () => {} });
      continue;
    }
    for (const body of CARET_LINES) {
      const command = toCurl({ method: "POST", url: "https://example.com/x", headers: {}, body });
      const argv = await argvOf(shell, command);
      assertEquals(argv[argv.length - 1], body, `${shell}: ${command}`);
    }
  }
  if (!await hasProgram("bash")) return;
  // An interactive bash reading the command as typed or pasted, line by line, with history
  // expansion on (as in a terminal); `true` first, so that `!!` has an event to repeat. Its
  // input layer (not the quoting) changes a CR, so bodies with one are left to the shells above.
  for (const body of CARET_LINES.filter((text) => !text.includes("\r"))) {
    const command = toCurl({ method: "POST", url: "https://example.com/x", headers: {}, body });
    const child = new Deno.Command("bash", {
      args: ["--norc", "--noprofile", "-i"],
      cwd: "/",
      env: { HOME: "/nonexistent-home", HISTFILE: "/dev/null", PATH: Deno.env.get("PATH") ?? "" },
      clearEnv: true,
      stdin: "piped",
      stdout: "piped",
      stderr: "null",
    }).spawn();
    const writer = child.stdin.getWriter();
    await writer.write(
      new TextEncoder().encode(
        `unset HISTFILE\ntrue\nprintf '%s\\0' ${command.slice("curl ".length)}\nexit\n`,
      ),
    );
    await writer.close();
    const output = await child.output();
    const words = new TextDecoder().decode(output.stdout).split("\0");
    assertEquals(words.pop(), "", command);
    assertEquals(words[words.length - 1], body, command);
  }
});

// curl sends a method and headers as given, line breaks included (fetch refuses them): options
// changed after endpoint() would add a header line or a request line.
Deno.test("toCurl() refuses a method or header name that is not a token and a header value with CR, LF or NUL", () => {
  const base = endpoint("GET /x");
  const cases: [RequestOptions, string][] = [
    [
      { ...base, method: "GET /evil HTTP/1.1\r\nx:" },
      'Invalid method "GET /evil HTTP/1.1\\r\\nx:" for toCurl(): expected an HTTP method such as "GET" or "POST"',
    ],
    [{ ...base, method: "get x" }, 'Invalid method "get x" for toCurl()'],
    [
      { ...base, headers: { "a: b\r\nc": "d" } },
      'Invalid header name "a: b\\r\\nc": expected an HTTP token',
    ],
    [{ ...base, headers: { "x y": "d" } }, 'Invalid header name "x y": expected an HTTP token'],
    [{ ...base, headers: { "": "d" } }, 'Invalid header name "": expected an HTTP token'],
  ];
  for (const character of ["\r", "\n", "\0"] as const) {
    cases.push([
      { ...base, headers: { ...base.headers, authorization: `token ghp${character}x-evil: 1` } },
      `Invalid value for header "authorization": it contains CR, LF or NUL (${
        { "\r": "CR", "\n": "LF", "\0": "NUL" }[character]
      } at index 9), expected a single-line value`,
    ]);
  }
  for (const [options, message] of cases) {
    const error = assertThrows(() => toCurl(options), TypeError, message);
    assert(!error.message.includes("ghp"), "a header value is never quoted");
    assert(error.message.length < 1024);
  }
  // What endpoint() returns, and a number, still go through.
  assertEquals(
    toCurl({ ...base, method: "patch", headers: { "content-length": 0 } }),
    "curl -X PATCH https://api.github.com/x -H 'content-length: 0' -H 'accept:' -H 'user-agent:'",
  );
});

// toCurl wrote -H 'content-type:' for such a body without a content type, and curl sent none.
Deno.test("toCurl() sends a URLSearchParams body with the content type fetch gives it", () => {
  const form = new URLSearchParams("a=1 2&b=%");
  for (
    const options of [
      endpoint("POST /x", { data: form }),
      // Options changed after endpoint(), which always gives a body a content type.
      { ...endpoint("POST /x", { data: form }), headers: {} },
    ]
  ) {
    const [url, init] = toFetch(options);
    const sent = new Request(url, init).headers.get("content-type");
    assertEquals(sent, "application/x-www-form-urlencoded;charset=UTF-8");
    const command = toCurl(options);
    assert(command.includes(` -H 'content-type: ${sent}' `), command);
    assert(!command.includes("-H 'content-type:'"), command);
  }
});

Deno.test("toCurl() refuses bodies that cannot go on a command line", () => {
  const cases: [unknown, string][] = [
    [
      new Uint8Array([0xff]),
      "Cannot put a binary body on a curl command line: expected UTF-8 text, write the bytes to a file and use --data-binary @file",
    ],
    [
      "a\0b",
      "Cannot put the body on a curl command line: it holds a NUL character, expected text without one",
    ],
    [
      new Blob(["x"]),
      "Cannot put a Blob body on a curl command line: expected a string, bytes, URLSearchParams, FormData of text or a JSON value",
    ],
    [
      new FormData(),
      "Cannot put an empty FormData body on a curl command line: expected a part",
    ],
    [
      { n: 1n },
      'Invalid body: it cannot be written as JSON, JSON.stringify threw "Do not know how to serialize a BigInt", expected data JSON.stringify can write',
    ],
  ];
  for (const [data, message] of cases) {
    const error = assertThrows(() => toCurl(endpoint("POST /x", { data })), TypeError);
    assertEquals(error.message, message);
  }
});

// ---------------------------------------------------------------------------
// On the wire: a loopback server records what arrives.

interface Received {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

interface WireCase {
  name: string;
  options: (base: string) => RequestOptions;
  method: string;
  path: string;
  body: string;
}

/** Headers a client adds for the transport, which the options do not name. */
const TRANSPORT: Record<string, readonly string[]> = {
  fetch: [
    "host",
    "content-length",
    "transfer-encoding",
    "connection",
    "accept-encoding",
    "accept-language",
    "sec-fetch-mode",
  ],
  "node:http": ["host", "content-length", "connection"],
  curl: ["host", "content-length"],
};

const TEXT = '@octocat: it\'s done — café $HOME `id` \\ "q"\r\nline 2\n';
const UPLOAD = "bytes ✓\n";

function wireCases(port: number): WireCase[] {
  const base = `http://127.0.0.1:${port}`;
  const api = endpoint.defaults({ baseUrl: base, headers: { authorization: "token test" } });
  return [
    {
      name: "GET with a query",
      options: () =>
        api("GET /repos/{owner}/{repo}/issues", {
          owner: "octo cat",
          repo: "hello",
          state: "open",
          labels: ["bug", "help wanted"],
          q: "a+b c",
          headers: { "x-empty": "" },
        }),
      method: "GET",
      path: "/repos/octo%20cat/hello/issues?state=open&labels=bug,help%20wanted&q=a+b%20c",
      body: "",
    },
    {
      name: "POST with a JSON body",
      options: () =>
        api("POST /repos/{owner}/{repo}/issues", {
          owner: "o",
          repo: "r",
          title: "Found a bug: it's $HOME — ü",
          labels: ["bug"],
        }),
      method: "POST",
      path: "/repos/o/r/issues",
      body: '{"title":"Found a bug: it\'s $HOME — ü","labels":["bug"]}',
    },
    {
      name: "POST with a JSON body over 1 KiB",
      options: () => api("POST /markdown", { text: "x".repeat(2000) }),
      method: "POST",
      path: "/markdown",
      body: `{"text":"${"x".repeat(2000)}"}`,
    },
    {
      name: "PUT without a body",
      options: () => api("PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" }),
      method: "PUT",
      path: "/user/starred/o/r",
      body: "",
    },
    {
      name: "PATCH without a body, lowercase in the route",
      options: () => api("patch /notifications/threads/{id}", { id: 1 }),
      method: "PATCH",
      path: "/notifications/threads/1",
      body: "",
    },
    {
      name: "DELETE",
      options: () =>
        api("DELETE /repos/{owner}/{repo}/labels/{name}", {
          owner: "o",
          repo: "r",
          name: "help wanted",
        }),
      method: "DELETE",
      path: "/repos/o/r/labels/help%20wanted",
      body: "",
    },
    {
      name: "HEAD",
      options: () =>
        api("HEAD /repos/{owner}/{repo}{?ref}", { owner: "o", repo: "r", ref: "main" }),
      method: "HEAD",
      path: "/repos/o/r?ref=main",
      body: "",
    },
    {
      name: "raw data with a text content type",
      options: () =>
        api("POST /markdown/raw", {
          data: TEXT,
          headers: { "content-type": "text/plain; charset=utf-8" },
        }),
      method: "POST",
      path: "/markdown/raw",
      body: TEXT,
    },
    {
      name: "upload to a full URL",
      options: () =>
        endpoint(
          `POST ${base}/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}`,
          {
            owner: "o",
            repo: "r",
            release_id: 7,
            name: "notes.txt",
            label: "Release notes",
            data: new TextEncoder().encode(UPLOAD),
            headers: { "content-type": "text/plain", "content-length": 10 },
          },
        ),
      method: "POST",
      path: "/repos/o/r/releases/7/assets?name=notes.txt&label=Release%20notes",
      body: UPLOAD,
    },
  ];
}

async function sendWithFetch(options: RequestOptions): Promise<void> {
  const response = await fetch(...toFetch(options));
  await response.arrayBuffer();
}

/** A small client over node:http, built from toFetch()'s output. */
function sendWithNodeHttp(options: RequestOptions): Promise<void> {
  const [url, init] = toFetch(options);
  const body = init.body;
  let bytes: Uint8Array | undefined;
  if (typeof body === "string") bytes = new TextEncoder().encode(body);
  else if (body instanceof Uint8Array) bytes = body;
  else if (body !== undefined) throw new Error(`unexpected body in the test: ${body}`);
  const headers = { ...init.headers };
  if (bytes !== undefined && headers["content-length"] === undefined) {
    headers["content-length"] = String(bytes.length);
  }
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: init.method, headers }, (response) => {
      response.resume();
      response.on("end", resolve);
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(bytes);
  });
}

async function sendWithCurl(options: RequestOptions): Promise<void> {
  const command = `${toCurl(options)} --silent --show-error --output /dev/null`;
  const output = await new Deno.Command("sh", { args: ["-c", command], stdout: "null" })
    .output();
  assert(output.success, `${command}\n${new TextDecoder().decode(output.stderr)}`);
}

function record(request: IncomingMessage, chunks: Uint8Array[]): Received {
  const headers: Record<string, string> = {};
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    const name = request.rawHeaders[i].toLowerCase();
    assert(!(name in headers), `header ${name} arrived twice`);
    headers[name] = request.rawHeaders[i + 1];
  }
  const body = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.length;
  }
  return {
    method: request.method ?? "",
    path: request.url ?? "",
    headers,
    body: new TextDecoder("utf-8", { fatal: true }).decode(body),
  };
}

Deno.test("toFetch() and toCurl() requests arrive exactly as intended", async (t) => {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Uint8Array[] = [];
    request.on("data", (chunk: Uint8Array) => chunks.push(chunk));
    request.on("end", () => {
      received.push(record(request, chunks));
      response.end(request.method === "HEAD" ? undefined : "ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const curl = await hasProgram("curl");
  if (!curl) console.log("curl was not found: skipping the requests through curl");
  const clients: [string, (options: RequestOptions) => Promise<void>, boolean][] = [
    ["fetch", sendWithFetch, true],
    ["node:http", sendWithNodeHttp, true],
    ["curl", sendWithCurl, curl],
  ];
  try {
    for (const wire of wireCases(port)) {
      for (const [client, send, available] of clients) {
        await t.step({
          name: `${wire.name} through ${client}`,
          ignore: !available,
          fn: async () => {
            const options = wire.options(`http://127.0.0.1:${port}`);
            const before = received.length;
            await send(options);
            assertEquals(received.length, before + 1, "one request arrives");
            const got = received[received.length - 1];
            assertEquals([got.method, got.path, got.body], [wire.method, wire.path, wire.body]);
            for (const [name, value] of Object.entries(options.headers)) {
              assertEquals(got.headers[name], String(value), `header ${name}`);
            }
            const extra = Object.keys(got.headers).filter((name) =>
              !(name in options.headers) && !TRANSPORT[client].includes(name)
            );
            assertEquals(extra, [], "no header the options do not name");
            if (got.headers["content-length"] !== undefined) {
              assertEquals(
                Number(got.headers["content-length"]),
                new TextEncoder().encode(wire.body).length,
              );
            }
          },
        });
      }
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

Deno.test("toCurl() and toFetch() send a whitespace-only header value as an empty header", async (t) => {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      received.push(record(request, []));
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const options = endpoint("GET /x", {
    baseUrl: base,
    headers: { "x-space": "   ", "x-tab": "\t", "x-empty": "" },
  });
  const clients: [string, (options: RequestOptions) => Promise<void>, boolean][] = [
    ["fetch", sendWithFetch, true],
    ["curl", sendWithCurl, await hasProgram("curl")],
  ];
  try {
    for (const [client, send, available] of clients) {
      await t.step({
        name: client,
        ignore: !available,
        fn: async () => {
          await send(options);
          const got = received[received.length - 1].headers;
          assertEquals([got["x-space"], got["x-tab"], got["x-empty"]], ["", "", ""]);
        },
      });
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

// toFetchSource(): the source of a fetch call, run as a module against a stub fetch.

let sourceRuns = 0;

/** Runs `source` as a module with a stub `fetch`, and returns the one call it made. */
async function runFetchSource(
  source: string,
): Promise<[url: unknown, init: Record<string, unknown>]> {
  const calls: [unknown, Record<string, unknown>][] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = ((url: unknown, init: Record<string, unknown>) => {
    calls.push([url, init]);
    return Promise.resolve(new Response("ok"));
  }) as typeof fetch;
  try {
    // A distinct module per run: the same source twice would not run again.
    const module = `// run ${sourceRuns++}\n${source}\nexport { response };\n`;
    await import(`data:text/javascript,${encodeURIComponent(module)}`);
  } finally {
    globalThis.fetch = realFetch;
  }
  assertEquals(calls.length, 1);
  return calls[0];
}

/**
 * Checks that `source` is safe to paste (no raw control character but LF, no
 * U+2028 or U+2029, nothing that ends a script element) and, run, calls
 * fetch with exactly what toFetch gives for `options`.
 */
async function assertSendsAsToFetch(source: string, options: RequestOptions): Promise<void> {
  const raw = [...source].filter((char) =>
    char !== "\n" && (char < " " || char > "\u2027" && char < "\u202a")
  );
  assertEquals(raw, [], source);
  assert(!/<\/script|<!--/i.test(source), source);
  const [url, init] = await runFetchSource(source);
  const [expectedUrl, expected] = toFetch(options);
  assertStrictEquals(url, expectedUrl);
  assertEquals(Object.keys(init), Object.keys(expected).filter((key) => key !== "signal"));
  assertStrictEquals(init.method, expected.method);
  const headers = init.headers as Record<string, unknown>;
  assertStrictEquals(Object.getPrototypeOf(headers), Object.prototype);
  assertEquals(Object.entries(headers), Object.entries(expected.headers));
  if (expected.body instanceof Uint8Array) {
    assert(init.body instanceof Uint8Array, String(init.body));
    assertEquals([...init.body], [...expected.body]);
  } else {
    assertStrictEquals(init.body, expected.body);
  }
}

/** An object with `entries` as own properties, `__proto__` included. */
function ownObject<T>(entries: [string, T][]): Record<string, T> {
  const object: Record<string, T> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

/** Text that tries to end a string literal, a line, a template or a script element. */
const HOSTILE_PIECES = [
  "\r",
  "\n",
  "\r\n",
  "\0",
  '"',
  "'",
  "`",
  "${",
  "${x}",
  "\\",
  "\\u0041",
  "\\'",
  "</script>",
  "</SCRIPT >",
  "<!--",
  "-->",
  "<",
  "\u2028",
  "\u2029",
  "\ud800",
  "\udc00",
  "😀",
  "é",
  "\x7f",
  "\x1b",
  "a",
  "__proto__",
];
const HOSTILE_TEXT = fc.string({ maxLength: 8, unit: fc.constantFrom(...HOSTILE_PIECES) });

Deno.test("toFetchSource() prints a fetch call that sends exactly what toFetch gives", async () => {
  const options = endpoint("PATCH /x/{id}", { id: 1, name: "n", headers: { "x-a": "1" } });
  assertEquals(
    toFetchSource(options),
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
    ].join("\n"),
  );
  await assertSendsAsToFetch(toFetchSource(options), options);
  // No body line without a body; a string without a content type goes as bytes, as toFetch sends it.
  const get = endpoint("GET /x");
  assert(!toFetchSource(get).includes("body"));
  await assertSendsAsToFetch(toFetchSource(get), get);
  const put = endpoint("PUT /x");
  assert(toFetchSource(put).includes('  body: new TextEncoder().encode(""),\n'));
  await assertSendsAsToFetch(toFetchSource(put), put);
  const typed = endpoint("POST /x", { data: "# Hi", headers: { "content-type": "text/plain" } });
  assert(toFetchSource(typed).includes('  body: "# Hi",\n'));
  await assertSendsAsToFetch(toFetchSource(typed), typed);
});

Deno.test("toFetchSource() escapes hostile urls, header names, values and bodies", async () => {
  const hostile = HOSTILE_PIECES.join("");
  const cases: RequestOptions[] = [
    {
      method: "post",
      url: `https://h/${hostile}`,
      headers: ownObject([[hostile, hostile]]),
      body: hostile,
    },
    {
      method: "post",
      url: "https://h/",
      headers: ownObject([["__proto__", hostile], ["content-type", hostile]]),
      body: hostile,
    },
    {
      method: "put",
      url: "https://h/",
      headers: {},
      body: ownObject([["__proto__", { [hostile]: hostile }], [hostile, [hostile, null, 1]]]),
    },
  ];
  for (const options of cases) {
    const source = toFetchSource(options);
    await assertSendsAsToFetch(source, options);
  }
  // A < is written \u003c, so no value can close the script element the source is pasted into.
  const script = toFetchSource({
    method: "post",
    url: "https://h/</script>",
    headers: {},
    body: { a: "</script>" },
  });
  assert(script.includes('fetch("https://h/\\u003c/script>", {'), script);
  assert(script.includes(`  body: '{"a":"\\u003c/script>"}',`), script);
  // U+2028 and U+2029 are escaped in single- and double-quoted strings alike.
  const lines = toFetchSource({
    method: "post",
    url: "https://h/\u2028",
    headers: {},
    body: { a: "\u2029" },
  });
  assert(lines.includes('fetch("https://h/\\u2028", {') && lines.includes("\\u2029"), lines);
});

Deno.test("toFetchSource() output runs as the request for any hostile text (property)", async () => {
  const header = fc.tuple(fc.oneof(HOSTILE_TEXT, fc.constant("content-type")), HOSTILE_TEXT);
  const body = fc.oneof(
    fc.constant(undefined),
    HOSTILE_TEXT,
    fc.array(fc.tuple(HOSTILE_TEXT, fc.oneof(HOSTILE_TEXT, fc.integer()))).map(ownObject),
    HOSTILE_TEXT.map((text) => new TextEncoder().encode(text)),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom("get", "post", "PATCH", "propfind"),
      HOSTILE_TEXT,
      fc.array(header, { maxLength: 4 }),
      body,
      async (method, path, headers, body) => {
        const options = { method, url: `https://h/${path}`, headers: ownObject(headers), body };
        await assertSendsAsToFetch(
          toFetchSource(options as RequestOptions),
          options as RequestOptions,
        );
      },
    ),
    { numRuns: 150, seed: FC_SEED },
  );
});

Deno.test("toFetchSource() prints UTF-8 bytes as text, a byte order mark included", async () => {
  const bom = new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]);
  const options: RequestOptions = { method: "POST", url: "https://h/", headers: {}, body: bom };
  assert(toFetchSource(options).includes('  body: new TextEncoder().encode("\ufeffhi"),'));
  await assertSendsAsToFetch(toFetchSource(options), options);
});

Deno.test("toFetchSource() refuses a body it cannot spell, naming its type", () => {
  const request = (body: unknown): RequestOptions => ({
    method: "POST",
    url: "https://h/",
    headers: { "content-type": "application/octet-stream" },
    body,
  });
  const cases: [unknown, string][] = [
    [new Uint8Array([0xff, 0xfe, 0x80]), "an instance of Uint8Array"],
    [new Uint16Array([1]), "an instance of Uint16Array"],
    [new ArrayBuffer(2), "an instance of ArrayBuffer"],
    [new Blob(["x"]), "an instance of Blob"],
    [new URLSearchParams("a=1"), "an instance of URLSearchParams"],
    [new ReadableStream(), "an instance of ReadableStream"],
  ];
  for (const [body, type] of cases) {
    const error = assertThrows(() => toFetchSource(request(body)), TypeError);
    assertEquals(
      error.message,
      `Cannot print a body that is ${type} as fetch source: expected a string, UTF-8 bytes or a body endpoint() sends as JSON`,
    );
  }
  // What toFetch refuses, toFetchSource refuses with toFetch's words.
  assertThrows(
    () => toFetchSource({} as RequestOptions),
    TypeError,
    "Invalid options for toFetch()",
  );
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  assertThrows(
    () => toFetchSource(request(cyclic)),
    TypeError,
    "Invalid body: it cannot be written as JSON",
  );
});

Deno.test("toFetchSource() prints own headers only, whatever Object.prototype holds", async () => {
  const options = endpoint("POST /x", { a: 1 });
  const proto = Object.prototype as Record<string, unknown>;
  try {
    proto["x-polluted"] = "yes";
    proto.polluted = "yes";
    const source = toFetchSource(options);
    assert(!source.includes("polluted"), source);
  } finally {
    delete proto["x-polluted"];
    delete proto.polluted;
  }
  await assertSendsAsToFetch(toFetchSource(options), options);
});

Deno.test("toFetchSource() prints a 1 MB body whole", async () => {
  const text = "</script>\u2028".repeat(100_000);
  const options = endpoint("POST /x", { text });
  const source = toFetchSource(options);
  assert(source.length > 1_000_000);
  await assertSendsAsToFetch(source, options);
});

Deno.test("toCurl() and toFetch() copy every header, even one named __proto__ or one a polluted Object.prototype has a setter for", () => {
  // JSON.parse makes "__proto__" an own key, as a caller's headers may hold it.
  const headers = JSON.parse('{"__proto__":"a","x-trap":"b"}') as Record<string, string>;
  const options = { method: "GET", url: "https://example.com/x", headers };
  let trapped = false;
  Object.defineProperty(Object.prototype, "x-trap", {
    set() {
      trapped = true;
    },
    configurable: true,
  });
  try {
    const curl = toCurl(options);
    assert(curl.includes("-H '__proto__: a'"), curl);
    assert(curl.includes("-H 'x-trap: b'"), curl);
    const fetched = toFetch(options)[1].headers as Record<string, string>;
    assertEquals(Object.entries(fetched), [["__proto__", "a"], ["x-trap", "b"]]);
    assert(!trapped, "a setter on Object.prototype never sees a header");
  } finally {
    delete (Object.prototype as Record<string, unknown>)["x-trap"];
  }
});
