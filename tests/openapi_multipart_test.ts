/**
 * `multipart/form-data` bodies through `fromOpenAPI` and `fromOpenAPITable`
 * (docs/design.md rule 26), on the real upload operations vendored in
 * tests/testdata/openapi/uploads/ and on small descriptions, and what the
 * adapters make of a `FormData` body: `toFetch` passes it, `toCurl` writes
 * `-F` parts, `toFetchSource` appends them.
 */
import { assert, assertEquals, assertStrictEquals, assertThrows } from "@std/assert";
import {
  compileOpenAPI,
  fromOpenAPI,
  fromOpenAPITable,
  type OpenAPITable,
} from "../src/openapi/mod.ts";
import { toCurl } from "../src/adapters/to_curl.ts";
import { toFetch } from "../src/adapters/to_fetch.ts";
import { toFetchSource } from "../src/adapters/to_fetch_source.ts";

const BASE = "https://api.example.com";
const UPLOADS = new URL("./testdata/openapi/uploads/", import.meta.url);
const load = (name: string) => JSON.parse(Deno.readTextFileSync(new URL(`${name}.json`, UPLOADS)));
const STRIPE = load("stripe");
const ASANA = load("asana");
const JIRA = load("jira");

/** A part as it goes on the wire: text, or a file's name, type and bytes. */
type Part = [name: string, value: string | { name: string; type: string; bytes: number[] }];

async function parts(body: unknown): Promise<Part[]> {
  assert(body instanceof FormData, `expected FormData, found ${String(body)}`);
  const out: Part[] = [];
  for (const [name, value] of body) {
    out.push([
      name,
      typeof value === "string" ? value : {
        name: value.name,
        type: value.type,
        bytes: [...new Uint8Array(await value.arrayBuffer())],
      },
    ]);
  }
  return out;
}

const bytesOf = (text: string) => [...new TextEncoder().encode(text)];

function describe(content: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    openapi: "3.1.0",
    info: { title: "Test", version: "1" },
    servers: [{ url: BASE }],
    paths: { "/upload": { post: { requestBody: { content }, responses: {}, ...extra } } },
  };
}

/** Both builders of a description: from it, and from its compiled table (rule 25: identical). */
function builders(description: object) {
  return [fromOpenAPI(description), fromOpenAPITable(compileOpenAPI(description))];
}

/** The message of what `run` throws, checked to be a TypeError of at most 1 KB on one line. */
function boundedMessage(run: () => unknown): string {
  const error = assertThrows(run, TypeError);
  assert(error.message.length <= 1024, `${error.message.length} characters`);
  assert(!/[\0\r\n]/.test(error.message), `unescaped CR, LF or NUL: ${error.message}`);
  return error.message;
}

Deno.test("fromOpenAPI() builds Stripe's POST /v1/files as FormData, its encoding's deepObject included", async () => {
  for (const api of builders(STRIPE)) {
    const file = new File(["%PDF-1.4"], "evidence.pdf", { type: "application/pdf" });
    const options = api("POST /v1/files", {
      file,
      purpose: "dispute_evidence",
      file_link_data: { create: true, expires_at: 1700000000 },
      expand: ["file_link", "links"],
    });
    assertEquals(options.url, "https://files.stripe.com/v1/files");
    // No content-type: the client writes the multipart type with its boundary.
    assertEquals(options.headers, {});
    assertEquals(await parts(options.body), [
      ["file", { name: "evidence.pdf", type: "application/pdf", bytes: bytesOf("%PDF-1.4") }],
      ["purpose", "dispute_evidence"],
      ["file_link_data[create]", "true"],
      ["file_link_data[expires_at]", "1700000000"],
      ["expand", "file_link"],
      ["expand", "links"],
    ]);
  }
});

Deno.test("compileOpenAPI() records the multipart media type and its encodings; readTable takes them back", () => {
  assertEquals(compileOpenAPI(STRIPE).operations["POST /v1/files"].body, {
    type: "multipart/form-data",
    kind: "multipart",
    multipart: {
      expand: { style: "deepObject", explode: true },
      file_link_data: { style: "deepObject", explode: true },
    },
    // Stripe's schema has additionalProperties: false: strict routes refuse other fields.
    closed: ["expand", "file", "file_link_data", "purpose"],
  });
  // Jira's column lists take */* (sent as JSON) or multipart: multipart is recorded, not chosen.
  assertEquals(compileOpenAPI(JIRA).operations["PUT /rest/api/3/user/columns"].body, {
    type: "application/json",
    multipart: {},
  });
  const parts = compileOpenAPI(describe({
    "multipart/form-data": {
      encoding: {
        photo: { contentType: "image/png, image/jpeg" },
        meta: { contentType: "application/vnd.meta+json" },
        note: { style: "form", explode: false, allowReserved: true },
      },
    },
  })).operations["POST /upload"].body;
  assertEquals(parts, {
    type: "multipart/form-data",
    kind: "multipart",
    multipart: {
      photo: { contentType: "image/png" },
      meta: { contentType: "application/vnd.meta+json" },
      note: { style: "form", explode: false, allowReserved: true },
    },
  });
});

Deno.test("fromOpenAPI() writes each kind of value as its part", async () => {
  const description = describe({
    "multipart/form-data": {
      encoding: {
        photo: { contentType: "image/png" },
        meta: { contentType: "application/vnd.meta+json" },
      },
    },
  });
  for (const api of builders(description)) {
    const options = api("POST /upload", {
      text: "héllo",
      count: 3,
      big: 12345678901234567890n,
      flag: false,
      when: new Date(Date.UTC(2025, 0, 2)),
      blob: new Blob(["b"], { type: "text/x-b" }),
      bytes: new Uint8Array([1, 2, 3]).subarray(1),
      buffer: new Uint8Array([4, 5]).buffer,
      view: new DataView(new Uint8Array([6, 7, 8]).buffer, 2),
      photo: new Uint16Array([0x0201]),
      object: { a: [1, { b: null }], c: "d" },
      meta: { k: "v" },
      list: ["x", 1, null, undefined, { y: 2 }, ["z"], new Blob(["w"])],
      gone: null,
      missing: undefined,
    });
    assertEquals(options.headers, {});
    const blob = (name: string, type: string, bytes: number[]) => ({ name, type, bytes });
    assertEquals(await parts(options.body), [
      ["text", "héllo"],
      ["count", "3"],
      ["big", "12345678901234567890"],
      ["flag", "false"],
      ["when", "2025-01-02T00:00:00.000Z"],
      ["blob", blob("blob", "text/x-b", [98])],
      ["bytes", blob("blob", "application/octet-stream", [2, 3])],
      ["buffer", blob("blob", "application/octet-stream", [4, 5])],
      ["view", blob("blob", "application/octet-stream", [8])],
      ["photo", blob("blob", "image/png", [1, 2])],
      ["object", blob("blob", "application/json", bytesOf('{"a":[1,{"b":null}],"c":"d"}'))],
      ["meta", blob("blob", "application/vnd.meta+json", bytesOf('{"k":"v"}'))],
      ["list", "x"],
      ["list", "1"],
      ["list", blob("blob", "application/json", bytesOf('{"y":2}'))],
      ["list", blob("blob", "application/json", bytesOf('["z"]'))],
      ["list", blob("blob", "", [119])],
    ]);
  }
});

Deno.test("fromOpenAPI() writes a multipart field by its encoding's style and explode", async () => {
  const description = describe({
    "multipart/form-data": {
      encoding: {
        deep: { style: "deepObject", explode: true },
        joined: { style: "form", explode: false },
        piped: { style: "pipeDelimited", explode: false },
        spread: { explode: true },
        styled: { style: "form" },
      },
    },
  });
  for (const api of builders(description)) {
    const options = api("POST /upload", {
      deep: { a: "1 2", "b&c": "=", n: { m: 1 } },
      joined: ["a,b", "c"],
      piped: ["x", "y"],
      spread: { k: "v", l: "w" },
      styled: { m: "1" },
      empty: [],
    });
    assertEquals(await parts(options.body), [
      ["deep[a]", "1 2"],
      ["deep[b&c]", "="],
      ["deep[n]", '{"m":1}'],
      ["joined", "a,b,c"],
      ["piped", "x|y"],
      ["k", "v"],
      ["l", "w"],
      // style form explodes by default.
      ["m", "1"],
    ]);
  }
});

Deno.test("fromOpenAPI(): a caller's multipart content-type chooses multipart where the operation lists it, and is left out", async () => {
  for (const api of builders(JIRA)) {
    const route = "PUT /rest/api/3/user/columns";
    // By default the wildcard type wins: JSON.
    assertEquals(api(route, { columns: ["a"] }).body, { columns: ["a"] });
    assertEquals(api(route, { columns: ["a"] }).headers, { "content-type": "application/json" });
    for (const type of ["multipart/form-data", "Multipart/Form-Data; boundary=xyz"]) {
      const options = api(route, {
        accountId: "5b10",
        columns: ["a", "b"],
        headers: { "content-type": type },
      });
      assertEquals(
        options.url,
        "https://your-domain.atlassian.net/rest/api/3/user/columns?accountId=5b10",
      );
      assertEquals(options.headers, {});
      assertEquals(await parts(options.body), [["columns", "a"], ["columns", "b"]]);
      // The next call without it is JSON again: the choice is the call's.
      assertEquals(api(route, { columns: ["c"] }).body, { columns: ["c"] });
      // data still replaces the body; the multipart type still goes, for the client to write.
      const form = new FormData();
      const data = api(route, { data: form, headers: { "content-type": type } });
      assertStrictEquals(data.body, form);
      assertEquals(data.headers, {});
    }
    // A type in defaults chooses it as well.
    const defaulted = api.defaults({ headers: { "content-type": "multipart/form-data" } });
    assertEquals(await parts(defaulted(route, { columns: ["d"] }).body), [["columns", "d"]]);
    // Another multipart type is the caller's own: kept, and the body stays JSON.
    assertEquals(api(route, { columns: ["e"], headers: { "content-type": "multipart/mixed" } }), {
      method: "put",
      url: "https://your-domain.atlassian.net/rest/api/3/user/columns",
      headers: { "content-type": "multipart/mixed" },
      body: { columns: ["e"] },
    });
  }
  // An operation that does not list multipart keeps the caller's type and its own body.
  const json = fromOpenAPI(describe({ "application/json": {} }));
  assertEquals(json("POST /upload", { a: 1, headers: { "content-type": "multipart/form-data" } }), {
    method: "post",
    url: `${BASE}/upload`,
    headers: { "content-type": "multipart/form-data" },
    body: { a: 1 },
  });
  // A form type beside multipart, in either order, is the body by default; the caller's
  // multipart type still chooses multipart (docs/design.md rule 26: "no JSON or form type").
  for (
    const content of [
      { "multipart/form-data": {}, "application/x-www-form-urlencoded": {} },
      { "application/x-www-form-urlencoded": {}, "multipart/form-data": {} },
    ]
  ) {
    const both = fromOpenAPI(describe(content));
    assertEquals(both("POST /upload", { a: "1" }).body, "a=1");
    const chosen = both("POST /upload", {
      a: "1",
      headers: { "content-type": "multipart/form-data" },
    });
    assertEquals(await parts(chosen.body), [["a", "1"]]);
  }
});

Deno.test("fromOpenAPI(): Jira's and Asana's attachments, fields named like options included", async () => {
  for (const api of builders(JIRA)) {
    const options = api("POST /rest/api/3/issue/{issueIdOrKey}/attachments", {
      issueIdOrKey: "TEST-1",
      file: new File(["log"], "a.log", { type: "text/plain" }),
    });
    assertEquals(
      options.url,
      "https://your-domain.atlassian.net/rest/api/3/issue/TEST-1/attachments",
    );
    assertEquals(options.headers, {});
    assertEquals(await parts(options.body), [
      ["file", { name: "a.log", type: "text/plain", bytes: bytesOf("log") }],
    ]);
  }
  for (const api of builders(ASANA)) {
    // Asana's AttachmentRequest has a field `url`: a part here, not the named option.
    const options = api("POST /attachments", {
      parent: "1234",
      resource_subtype: "external",
      url: "https://example.com/doc",
      name: "Doc",
      connect_to_app: true,
      opt_pretty: true,
    });
    assertEquals(options.url, "https://app.asana.com/api/1.0/attachments?opt_pretty=true");
    assertEquals(await parts(options.body), [
      ["parent", "1234"],
      ["resource_subtype", "external"],
      ["url", "https://example.com/doc"],
      ["name", "Doc"],
      ["connect_to_app", "true"],
    ]);
  }
});

Deno.test("fromOpenAPI(): a field named like a named option is a part where the body declares it", async () => {
  const description = describe({
    "multipart/form-data": {
      schema: {
        type: "object",
        properties: {
          url: { type: "string" },
          data: { type: "string" },
          headers: { type: "string" },
        },
      },
    },
  });
  for (const api of builders(description)) {
    // deno-lint-ignore no-explicit-any
    const options = api("POST /upload", { url: "u", data: "d", headers: "h" } as any);
    assertEquals(options.url, `${BASE}/upload`);
    assertEquals(await parts(options.body), [["url", "u"], ["data", "d"], ["headers", "h"]]);
  }
});

Deno.test("fromOpenAPI() refuses a part name a client would rewrite, and values with no part, in bounded messages", () => {
  for (const api of builders(describe({ "multipart/form-data": {} }))) {
    for (const name of ['a"b', "a\r\nX-Injected: 1", "a\0", "\n".repeat(100_000)]) {
      const message = boundedMessage(() => api("POST /upload", { [name]: "v" }));
      assert(message.startsWith("Invalid part name "), message);
      assert(
        message.endsWith(
          `expected no CR, LF, NUL or '"' (a client rewrites them)`,
        ),
      );
    }
    // Names a style makes are checked too.
    const styled = builders(describe({
      "multipart/form-data": { encoding: { o: { style: "deepObject", explode: true } } },
    }));
    for (const built of styled) {
      assertEquals(
        boundedMessage(() => built("POST /upload", { o: { 'k"': "v" } })),
        `Invalid part name "o[k\\"]": expected no CR, LF, NUL or '"' (a client rewrites them)`,
      );
    }
    // Too long a list, too deep an object, a symbol, a Map: each a TypeError naming the field.
    // A sparse list: only its length is read before it is refused.
    const huge = new Array(2 ** 20 + 1);
    assert(boundedMessage(() => api("POST /upload", { list: huge })).includes('"list"'));
    let deep: unknown = {};
    for (let i = 0; i < 10_000; i++) deep = { d: deep };
    assert(boundedMessage(() => api("POST /upload", { deep })).includes('"deep"'));
    assert(boundedMessage(() => api("POST /upload", { sym: Symbol("s") })).includes('"sym"'));
    assert(boundedMessage(() => api("POST /upload", { map: new Map() })).includes('"map"'));
    // A JSON part is written without calling the caller's code: a toJSON, a class instance, a
    // function in it is refused (docs/any-api.md), never called nor skipped.
    let called = false;
    const json = { toJSON: () => (called = true, "x") };
    for (const value of [json, new (class Shape {})(), { f: () => 1 }, [{ s: Symbol("s") }]]) {
      assert(boundedMessage(() => api("POST /upload", { part: value })).includes('"part"'));
    }
    assertEquals(called, false);
  }
});

Deno.test("fromOpenAPI() multipart: __proto__ is a part, a polluted prototype adds none, the caller's values are read as they are", async () => {
  const [api, table] = builders(describe({ "multipart/form-data": {} }));
  const members = JSON.parse('{"__proto__": "p", "o": {"__proto__": {"x": 1}}}');
  for (const built of [api, table]) {
    assertEquals(await parts(built("POST /upload", members).body), [
      ["__proto__", "p"],
      ["o", {
        name: "blob",
        type: "application/json",
        bytes: bytesOf('{"__proto__":{"x":1}}'),
      }],
    ]);
  }
  const proto = Object.prototype as Record<string, unknown>;
  try {
    proto.polluted = "yes";
    proto["content-type"] = "multipart/form-data";
    for (const built of [api, table]) {
      const options = built("POST /upload", { a: "1", o: { b: 2 } });
      assertEquals(await parts(options.body), [
        ["a", "1"],
        ["o", { name: "blob", type: "application/json", bytes: bytesOf('{"b":2}') }],
      ]);
    }
    const jira = fromOpenAPI(JIRA);
    // An inherited content-type chooses nothing.
    assertEquals(jira("PUT /rest/api/3/user/columns", { columns: ["a"] }).body, { columns: ["a"] });
  } finally {
    delete proto.polluted;
    delete proto["content-type"];
  }
  // The caller's objects are unchanged (frozen ones work), and no toJSON is called.
  const list = ["x", { y: 1 }];
  const frozen = Object.freeze({ list: Object.freeze(list), o: Object.freeze({ z: 1 }) });
  await parts(api("POST /upload", frozen).body);
  assertEquals(list, ["x", { y: 1 }]);
  let called = 0;
  const object = { toJSON: () => called++, a: 1 };
  assertThrows(() => api("POST /upload", { object }), TypeError, "cannot be written as JSON");
  assertEquals(called, 0);
});

Deno.test("fromOpenAPI() multipart: a Blob keeps its own type and a File its name, whatever a subclass says", async () => {
  class Hostile extends Blob {
    get name() {
      return 'evil"\r\nContent-Type: text/html';
    }
  }
  const [api] = builders(describe({ "multipart/form-data": {} }));
  const options = api("POST /upload", {
    h: new Hostile(["x"]),
    f: new File(["y"], 'quo"te\nline.txt'),
  });
  const read = await parts(options.body);
  assertEquals(read[0], ["h", { name: "blob", type: "", bytes: [120] }]);
  assertEquals(read[1][1], { name: 'quo"te\nline.txt', type: "", bytes: [121] });
  // fetch escapes a file name's quotes and line ends on the wire: no header is added.
  const [, init] = toFetch(options);
  const text = await new Response(init.body).text();
  assert(!text.includes("\r\nContent-Type: text/html"), text);
  assert(text.includes('filename="quo%22te%0Aline.txt"'), text);
});

Deno.test("fromOpenAPI() multipart in a runtime without FormData is a TypeError", () => {
  const [api, table] = builders(describe({ "multipart/form-data": {} }));
  const saved = globalThis.FormData;
  try {
    // @ts-ignore: the runtime without FormData
    delete globalThis.FormData;
    for (const built of [api, table]) {
      assertEquals(
        boundedMessage(() => built("POST /upload", { a: "1" })),
        'Cannot build the multipart body of "POST /upload": expected a runtime with FormData',
      );
      // data needs none.
      assertEquals(built("POST /upload", { data: "raw" }).body, "raw");
    }
  } finally {
    globalThis.FormData = saved;
  }
});

Deno.test("fromOpenAPITable() refuses multipart fields compileOpenAPI could not have written", () => {
  const table = (body: unknown): OpenAPITable =>
    ({
      format: "routecast-openapi-table/1",
      server: BASE,
      operations: { "POST /upload": { body } },
    }) as OpenAPITable;
  const cases: [unknown, string][] = [
    [
      { type: "multipart/form-data", kind: "multi" },
      'at operations["POST /upload"].body.kind: found "multi", expected "json", "form", "multipart" or "data"',
    ],
    [
      { type: "multipart/form-data", multipart: [] },
      'at operations["POST /upload"].body.multipart: expected an encoding map (an object), found an array',
    ],
    [
      { type: "multipart/form-data", multipart: { f: { contentType: "image/png\r\nX: y" } } },
      'at operations["POST /upload"].body.multipart.f.contentType: media type "image/png\\r\\nX: y" is not a media type',
    ],
    [
      { type: "multipart/form-data", multipart: { f: { contentType: 1 } } },
      'at operations["POST /upload"].body.multipart.f.contentType: expected a string, found number',
    ],
    [
      { type: "multipart/form-data", multipart: { f: { json: true } } },
      'at operations["POST /upload"].body.multipart.f.json: unknown field',
    ],
    [
      { type: "multipart/form-data", multipart: { f: { style: "matrix" } } },
      'at operations["POST /upload"].body.multipart.f.style: style "matrix"',
    ],
    [
      { type: "multipart/form-data", multipart: { f: { explode: "yes" } } },
      'at operations["POST /upload"].body.multipart.f.explode',
    ],
    [
      { type: "application/json", encoding: { f: { contentType: "text/plain" } } },
      'at operations["POST /upload"].body.encoding.f.contentType: unknown field',
    ],
  ];
  for (const [body, message] of cases) {
    const error = boundedMessage(() => fromOpenAPITable(table(body)));
    assert(error.startsWith(`Invalid OpenAPI table ${message}`), error);
  }
  // A hand-made table may name the kind alone: every call is multipart.
  const parts = fromOpenAPITable(table({ type: "multipart/form-data", kind: "multipart" }));
  const built = parts("POST /upload", { a: "1" });
  assert(built.body instanceof FormData);
  assertEquals([...built.body], [["a", "1"]]);
  assertEquals(built.headers, {});
  // A huge content type is quoted shortened.
  boundedMessage(() =>
    fromOpenAPITable(table({
      type: "multipart/form-data",
      multipart: { f: { contentType: "a/b\n".repeat(100_000) } },
    }))
  );
  // A description's encoding contentType that is no media type is that operation's problem.
  const api = fromOpenAPI(describe({
    "multipart/form-data": { encoding: { f: { contentType: "image/png\nX: y" } } },
  }));
  assert(boundedMessage(() => api("POST /upload", { f: "x" })).includes("contentType"));
});

Deno.test("toFetch() sends a multipart body as it is, with no content type", () => {
  const [api] = builders(STRIPE);
  const options = api("POST /v1/files", { purpose: "identity_document" });
  const [, init] = toFetch(options);
  assertStrictEquals(init.body, options.body);
  assertEquals(init.headers, {});
});

Deno.test("toCurl() writes a multipart body's text parts as -F, --form-string where curl would read more", () => {
  const [api] = builders(describe({ "multipart/form-data": {} }));
  assertEquals(
    toCurl(api("POST /upload", {
      plain: "v",
      file: "@/etc/passwd",
      stdin: "<-",
      typed: "a;type=text/html",
      quoted: '"q"',
      quote: "it's",
      line: "a\nb",
      list: ["1", "2"],
    })),
    "curl -X POST https://api.example.com/upload -H 'accept:' -H 'user-agent:' -H 'expect:'" +
      " -F 'plain=v' --form-string 'file=@/etc/passwd' --form-string 'stdin=<-'" +
      " --form-string 'typed=a;type=text/html' --form-string 'quoted=\"q\"'" +
      " -F 'quote=it'\\''s' -F 'line=a\nb' -F 'list=1' -F 'list=2'",
  );
  // A JSON content type endpoint() adds to a FormData data body goes, as toFetch drops it.
  const form = new FormData();
  form.append("a", "b");
  assertEquals(
    toCurl({
      method: "POST",
      url: "https://h/",
      headers: { "content-type": "application/json; charset=utf-8" },
      body: form,
    }),
    "curl -X POST https://h/ -H 'accept:' -H 'user-agent:' -H 'expect:' -F 'a=b'",
  );
});

Deno.test("toCurl() refuses a file part, a part name with =, a NUL, in bounded messages that name no file", () => {
  const [api] = builders(describe({ "multipart/form-data": {} }));
  const file = new File(["x"], 'secret"\nname.txt');
  assertEquals(
    boundedMessage(() => toCurl(api("POST /upload", { upload: file }))),
    "Cannot put the file part \"upload\" on a curl command line: expected text parts (save the file, use -F 'name=@path')",
  );
  assertEquals(
    boundedMessage(() => toCurl(api("POST /upload", { bytes: new Uint8Array([1]) }))),
    "Cannot put the file part \"bytes\" on a curl command line: expected text parts (save the file, use -F 'name=@path')",
  );
  assertEquals(
    boundedMessage(() => toCurl(api("POST /upload", { "a=b": "v" }))),
    'Cannot put the part "a=b" on a curl command line: expected a non-empty name without "="',
  );
  assert(
    boundedMessage(() => toCurl(api("POST /upload", { ["=".repeat(100_000)]: "v" }))).length < 1024,
  );
  assertEquals(
    boundedMessage(() => toCurl(api("POST /upload", { a: "x\0y" }))),
    "Cannot put the part on a curl command line: it holds a NUL character, expected text without one",
  );
});

Deno.test("toFetchSource() builds a multipart body of text parts, and refuses a file part", () => {
  const [api] = builders(describe({ "multipart/form-data": {} }));
  assertEquals(
    toFetchSource(api("POST /upload", { a: "</script>", 'b"': undefined, c: ["1", "2"] })).split(
      "\n",
    ),
    [
      "const body = new FormData();",
      'body.append("a", "\\u003c/script>");',
      'body.append("c", "1");',
      'body.append("c", "2");',
      'const response = await fetch("https://api.example.com/upload", {',
      '  method: "POST",',
      "  headers: {",
      "  },",
      "  body: body,",
      "});",
    ],
  );
  assertEquals(
    boundedMessage(() => toFetchSource(api("POST /upload", { f: new Blob(["x"]) }))),
    'Cannot print the file part "f" as fetch source: its bytes are in memory, expected text parts only',
  );
});
