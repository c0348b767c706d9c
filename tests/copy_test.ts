/**
 * Copies of defaults (docs/design.md rule 14; the copier of src/endpoint/_objects.ts):
 * `defaults()` copies every value it can copy faithfully, each call's result gets its own copy,
 * `DEFAULTS` is never the builder's store, and what cannot be copied faithfully is kept by
 * reference; on every entry and builder, with the value as `data`, as a body parameter, and
 * nested in both.
 */
import { createEndpoint, endpoint } from "@routecast/endpoint";
import { createEndpoint as createLite, endpoint as lite } from "@routecast/endpoint/lite";
import { endpoint as octokit } from "@routecast/endpoint/octokit";
import { fromOpenAPI } from "@routecast/endpoint/openapi";
import { assert, assertEquals, assertStrictEquals, assertThrows } from "@std/assert";
import { endpoint as reference } from "@octokit/endpoint";
import { Buffer } from "node:buffer";
import { LOOSE_BUILDERS, typeErrorOf } from "./_loose.ts";
import { runInNewContext } from "node:vm";

const BASE = "https://api.example.com";
const ROUTE = "POST /x";

/** A builder without its types: these tests pass what the types forbid, and read results loosely. */
// deno-lint-ignore no-explicit-any
type Loose = any;

/** `POST /x` takes a JSON body, `GET /x` a query parameter `since`: declared operations. */
const DESCRIPTION = {
  openapi: "3.1.0",
  info: { title: "Rule 14", version: "1" },
  servers: [{ url: BASE }],
  paths: {
    "/x": {
      post: { requestBody: { content: { "application/json": { schema: { type: "object" } } } } },
      get: {
        parameters: [{ name: "since", in: "query", schema: { type: "string" } }],
      },
    },
  },
};

const ENTRIES: readonly (readonly [string, Loose])[] = [
  [".", endpoint],
  ["./lite", lite],
  ["./octokit", octokit],
  ["createEndpoint", createEndpoint({ baseUrl: BASE })],
  ["createEndpoint (./lite)", createLite({ baseUrl: BASE })],
  // Not strict (rule 26): the routes here are not all operations of the description.
  ["fromOpenAPI", fromOpenAPI(DESCRIPTION, { strict: false })],
];

/** A kind that copies faithfully: a fresh value, and a change made in place. */
interface Copyable {
  readonly name: string;
  make(): object;
  // deno-lint-ignore no-explicit-any
  change(value: any): void;
}

const VIEW_NAMES = [
  "Int8Array",
  "Uint8Array",
  "Uint8ClampedArray",
  "Int16Array",
  "Uint16Array",
  "Int32Array",
  "Uint32Array",
  "Float16Array",
  "Float32Array",
  "Float64Array",
  "BigInt64Array",
  "BigUint64Array",
];
// deno-lint-ignore no-explicit-any
type AnyView = new (items: any[]) => any;
const VIEWS: readonly (readonly [string, AnyView])[] = VIEW_NAMES
  .map((name) => [name, (globalThis as Record<string, unknown>)[name] as AnyView] as const)
  .filter(([, view]) => view !== undefined);

const COPYABLE: readonly Copyable[] = [
  { name: "a Date", make: () => new Date(0), change: (date) => date.setTime(1000) },
  { name: "an invalid Date", make: () => new Date(NaN), change: (date) => date.setTime(5) },
  {
    name: "a Map",
    make: () => new Map<unknown, unknown>([["a", "1"], [2, [3]]]),
    change: (map) => map.set("b", "2").delete(2),
  },
  { name: "a Set", make: () => new Set(["a", 1]), change: (set) => set.add("b").delete(1) },
  {
    name: "an ArrayBuffer",
    make: () => new Uint8Array([1, 2, 3]).buffer,
    change: (buffer) => new Uint8Array(buffer).fill(9),
  },
  ...VIEWS.map(([name, View]): Copyable => {
    const big = name.startsWith("Big");
    return {
      name: `a ${name}`,
      make: () => new View(big ? [1n, 2n, 3n] : [1, 2, 3]),
      change: (view) => view.fill(big ? 9n : 9),
    };
  }),
  {
    name: "a DataView",
    make: () => new DataView(new Uint8Array([1, 2, 3, 4]).buffer, 1, 2),
    change: (view) => view.setUint8(0, 9),
  },
  {
    name: "URLSearchParams",
    make: () => new URLSearchParams("a=1&a=2&b=+%2B&%F0%9F%98%80=%00"),
    change: (params) => params.append("c", "3"),
  },
];

/** Where a default value goes, and how to find it in a result, in merge() and in DEFAULTS. */
interface Place {
  readonly name: string;
  defaults(value: unknown): Record<string, unknown>;
  // deno-lint-ignore no-explicit-any
  find(options: any): unknown;
}

const PLACES: readonly Place[] = [
  { name: "data", defaults: (value) => ({ data: value }), find: (o) => o.data ?? o.body },
  { name: "a parameter", defaults: (value) => ({ value }), find: (o) => (o.body ?? o).value },
  {
    name: "nested in data",
    defaults: (value) => ({ data: { list: [{ value }] } }),
    find: (o) => (o.data ?? o.body).list[0].value,
  },
  {
    name: "nested in a parameter",
    defaults: (value) => ({ meta: { at: [value] } }),
    find: (o) => (o.body ?? o).meta.at[0],
  },
];

/**
 * Runs `check` for every copyable kind in every place, with a fresh value of
 * the kind, `builder` with it as a default, and a label for messages.
 */
function eachCopyable(
  builder: Loose,
  check: (kind: Copyable, place: Place, value: object, api: Loose, label: string) => void,
): void {
  for (const kind of COPYABLE) {
    for (const place of PLACES) {
      const value = kind.make();
      check(
        kind,
        place,
        value,
        builder.defaults(place.defaults(value)),
        `${kind.name} as ${place.name}`,
      );
    }
  }
}

/** Asserts `copy` is a faithful copy of a fresh `kind` that is not `original`. */
function assertCopy(copy: unknown, kind: Copyable, original: unknown, label: string): void {
  assertEquals(copy, kind.make(), label);
  assert(copy !== original, `${label}: a copy, not the caller's value`);
}

for (const [entry, builder] of ENTRIES) {
  Deno.test(`defaults() copies Date, Map, Set, buffers, views and URLSearchParams: a later change to yours changes no call (${entry})`, () => {
    eachCopyable(builder, (kind, place, value, api, label) => {
      const before = place.find(api(ROUTE));
      kind.change(value);
      const after = place.find(api(ROUTE));
      assertCopy(before, kind, value, label);
      assertCopy(after, kind, value, label);
      assertCopy(place.find(api.merge(ROUTE)), kind, value, `${label}, merge()`);
      assertCopy(place.find(api.DEFAULTS), kind, value, `${label}, DEFAULTS`);
    });
  });

  Deno.test(`defaults() gives each call's result its own copy: writing into one result changes no other (${entry})`, () => {
    eachCopyable(builder, (kind, place, value, api, label) => {
      const first = place.find(api(ROUTE));
      kind.change(first);
      const second = place.find(api(ROUTE));
      assertCopy(second, kind, value, label);
      assert(first !== second, `${label}: two results, two copies`);
      // merge() results too, and what parse() builds from one.
      const merged = api.merge(ROUTE);
      kind.change(place.find(merged));
      assertCopy(place.find(api(ROUTE)), kind, value, `${label}, after a merge() result changed`);
      assertCopy(place.find(api.merge(ROUTE)), kind, value, `${label}, merge() again`);
    });
  });

  Deno.test(`DEFAULTS shows frozen plain data and fresh copies of the rest, never the builder's store (${entry})`, () => {
    eachCopyable(builder, (kind, place, value, api, label) => {
      const shown = api.DEFAULTS;
      assert(Object.isFrozen(shown), label);
      kind.change(place.find(shown));
      assertCopy(place.find(api(ROUTE)), kind, value, `${label}: a call`);
      assertCopy(place.find(api.DEFAULTS), kind, value, `${label}: DEFAULTS read again`);
      assertCopy(place.find(api.defaults({})(ROUTE)), kind, value, `${label}: a child builder`);
      assert(place.find(api.DEFAULTS) !== place.find(api.DEFAULTS), `${label}: a copy per read`);
    });
    // Frozen plain data around the copies; a store without copies is shown as it is.
    const api = builder.defaults({ data: { at: new Date(0), list: [1] }, headers: { a: "1" } });
    const shown = api.DEFAULTS;
    assert(Object.isFrozen(shown.data) && Object.isFrozen(shown.data.list));
    assert(Object.isFrozen(shown.headers));
    assertThrows(() => (shown.data.list[0] = 2), TypeError);
    const plain = builder.defaults({ data: { list: [1] }, headers: { a: "1" } });
    assertStrictEquals(plain.DEFAULTS, plain.DEFAULTS);
    assertStrictEquals(builder.DEFAULTS, builder.DEFAULTS);
  });

  Deno.test(`defaults() copies a Date in the url and the query: a later change changes no url (${entry})`, () => {
    const since = new Date(0);
    const inQuery = builder.defaults({ since });
    const inPath = builder.defaults({ url: "/at/{since}", since });
    const query = inQuery("GET /x").url;
    const path = inPath("POST /at/{since}").url;
    since.setTime(1000);
    assertEquals(inQuery("GET /x").url, query);
    assertEquals(inPath("POST /at/{since}").url, path);
    assertEquals(inPath().url, path);
    assert(query.endsWith("?since=1970-01-01T00%3A00%3A00.000Z"), query);
  });

  Deno.test(`defaults() keeps by reference what it cannot copy faithfully (${entry})`, () => {
    class Point {
      constructor(readonly x: number) {}
    }
    class Labels extends Map<string, string> {}
    class Moment extends Date {}
    const shared = new SharedArrayBuffer(8);
    const kept: readonly (readonly [string, object])[] = [
      ["a class instance", new Point(1)],
      ["a Map subclass", new Labels([["a", "1"]])],
      ["a Date subclass", new Moment(0)],
      ["a Node.js Buffer (a Uint8Array subclass)", Buffer.from("ab")],
      ["a Blob", new Blob(["ab"])],
      ["FormData", new FormData()],
      ["a ReadableStream", new ReadableStream()],
      ["a SharedArrayBuffer", shared],
      ["a Uint8Array over a SharedArrayBuffer", new Uint8Array(shared, 2, 4)],
      ["a DataView over a SharedArrayBuffer", new DataView(shared)],
      ["a Proxy of a Date", new Proxy(new Date(0), {})],
      ["a Proxy of a Map", new Proxy(new Map(), {})],
      ["an object that only inherits from Date", Object.create(Date.prototype)],
      [
        "a Uint8Array given Float32Array's prototype",
        Object.setPrototypeOf(new Uint8Array(2), Float32Array.prototype),
      ],
      ["a Date of another realm", runInNewContext("new Date(0)")],
      ["a Map of another realm", runInNewContext("new Map([['a', '1']])")],
      ["a WeakMap", new WeakMap()],
    ];
    for (const [name, value] of kept) {
      for (const place of PLACES) {
        const api = builder.defaults(place.defaults(value));
        const label = `${name} as ${place.name}`;
        assertStrictEquals(place.find(api(ROUTE)), value, label);
        assertStrictEquals(place.find(api.merge(ROUTE)), value, `${label}, merge()`);
        assertStrictEquals(place.find(api.DEFAULTS), value, `${label}, DEFAULTS`);
      }
    }
    // A call's own values are never copied (rule 14 is about defaults).
    const mine = new Uint8Array(2);
    assertStrictEquals(builder(ROUTE, { data: mine }).body, mine);
    assertStrictEquals(builder.parse(builder.merge(ROUTE, { data: mine })).body, mine);
  });

  Deno.test(`defaults() keeps request's objects by reference, Maps and Dates too (rule 13) (${entry})`, () => {
    const signal = new AbortController().signal;
    const cache = new Map();
    const since = new Date(0);
    const api = builder.defaults({ request: { signal, cache, since, nested: { cache } } });
    for (
      const [where, request] of [
        ["a call", api("GET /y").request],
        ["merge()", api.merge("GET /y").request],
        ["DEFAULTS", api.DEFAULTS.request],
        ["a call with its own request", api("GET /y", { request: { timeout: 1 } }).request],
      ]
    ) {
      assertStrictEquals(request.signal, signal, where);
      assertStrictEquals(request.cache, cache, where);
      assertStrictEquals(request.since, since, where);
      assertStrictEquals(request.nested.cache, cache, where);
    }
    // A cyclic request beside a copied default: DEFAULTS shows the request as it is kept.
    const context: Record<string, unknown> = {};
    context.self = context;
    const cyclic = builder.defaults({ since, request: { context } });
    assertStrictEquals(cyclic.DEFAULTS.request.context.self, cyclic.DEFAULTS.request.context);
    assert(cyclic.DEFAULTS.since !== since);
  });
}

for (const [entry, builder] of ENTRIES) {
  Deno.test(`defaults() copies views faithfully: same kind and offset over a copy of the whole buffer (${entry})`, () => {
    const buffer = new ArrayBuffer(16);
    new Uint8Array(buffer).set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    const words = new Uint16Array(buffer, 4, 3);
    const bytes = new Uint8Array(buffer, 10, 2);
    const view = new DataView(buffer, 12);
    const api = builder.defaults({ data: [words, bytes, view, buffer] });
    for (const copies of [api(ROUTE).body, api.merge(ROUTE).data, api.DEFAULTS.data]) {
      const [w, b, v, whole] = copies;
      assertStrictEquals(Object.getPrototypeOf(w), Uint16Array.prototype);
      assertEquals([w.byteOffset, w.length, w.buffer.byteLength], [4, 3, 16]);
      assertEquals([b.byteOffset, b.length, v.byteOffset, v.byteLength], [10, 2, 12, 4]);
      assertEquals(new Uint8Array(w.buffer), new Uint8Array(buffer));
      assert(w.buffer !== buffer);
      // Views that share a buffer share its copy, which is the copy of the buffer itself.
      assertStrictEquals(b.buffer, w.buffer);
      assertStrictEquals(v.buffer, w.buffer);
      assertStrictEquals(whole, w.buffer);
    }
    new Uint8Array(buffer).fill(0);
    assertEquals(Array.from(api(ROUTE).body[0]), [0x0504, 0x0706, 0x0908]);
    // Read through the runtime's own getters: a view's own properties are never consulted.
    const liar = new Uint16Array(new ArrayBuffer(8), 2, 2);
    const dataLiar = new DataView(new ArrayBuffer(8), 2, 2);
    for (const view of [liar, dataLiar]) {
      for (const key of ["buffer", "byteOffset", "byteLength", "length"]) {
        Object.defineProperty(view, key, {
          get() {
            throw new Error(`read ${key}`);
          },
        });
      }
    }
    const [copied, dataCopied] = builder.defaults({ data: [liar, dataLiar] })(ROUTE).body;
    assertEquals([copied.byteOffset, copied.length, dataCopied.byteOffset], [2, 2, 2]);
  });

  Deno.test(`defaults() copies what a Date or Map holds, not properties added to it, as structuredClone does (${entry})`, () => {
    const since = new Date(0);
    let calls = 0;
    Object.assign(since, {
      toISOString: () => {
        calls++;
        return "mine";
      },
      note: "added",
    });
    const labels = Object.assign(new Map([["a", "1"]]), { note: "added" });
    const url = builder.defaults({ since })("GET /x").url;
    assert(url.endsWith("?since=1970-01-01T00%3A00%3A00.000Z"), url);
    const { meta } = builder.defaults({ meta: { labels } })(ROUTE).body;
    assertEquals([Object.keys(meta.labels), [...meta.labels], calls], [[], [["a", "1"]], 0]);
  });

  Deno.test(`defaults() copies a resizable buffer as resizable, a detached one as empty (${entry})`, () => {
    const Resizable = ArrayBuffer as new (length: number, options: object) => ArrayBuffer & {
      resizable: boolean;
      maxByteLength: number;
      resize(length: number): void;
      transfer(): ArrayBuffer;
    };
    const resizable = new Resizable(4, { maxByteLength: 32 });
    new Uint8Array(resizable).set([1, 2, 3, 4]);
    const copy = builder.defaults({ data: resizable })(ROUTE).body;
    assertEquals([copy.resizable, copy.maxByteLength, copy.byteLength], [true, 32, 4]);
    assertEquals(new Uint8Array(copy), new Uint8Array([1, 2, 3, 4]));
    const fixed = builder.defaults({ data: new ArrayBuffer(4) })(ROUTE).body;
    assertEquals([fixed.resizable, fixed.byteLength], [false, 4]);

    const detached = new Resizable(8, { maxByteLength: 8 });
    const view = new Uint8Array(detached, 2, 4);
    detached.transfer();
    const api = builder.defaults({ data: { detached, view } });
    const body = api(ROUTE).body;
    assertEquals([body.detached.byteLength, body.view.length], [0, 0]);
    assert(body.detached !== detached && body.view !== view);
    // A DataView over a detached buffer has no offset to read: kept as it is.
    const dataView = new DataView(new Resizable(8, { maxByteLength: 8 }));
    dataView.buffer.transfer();
    assertStrictEquals(builder.defaults({ data: dataView })(ROUTE).body, dataView);
  });

  Deno.test(`defaults() copies the entries of a Map or Set deeply, keys too (${entry})`, () => {
    const key = { id: 1 };
    const entry = { at: new Date(0), tags: ["a"] };
    const map = new Map<unknown, unknown>([[key, entry], ["set", new Set([entry, key])]]);
    const api = builder.defaults({ data: map });
    const expected = () =>
      new Map<unknown, unknown>([
        [{ id: 1 }, { at: new Date(0), tags: ["a"] }],
        ["set", new Set([{ at: new Date(0), tags: ["a"] }, { id: 1 }])],
      ]);
    key.id = 2;
    entry.at.setTime(1000);
    entry.tags.push("b");
    const body = api(ROUTE).body;
    assertEquals(body, expected());
    // The same object twice stays one copy; a result's entries are its own to change.
    const [[copiedKey, copiedEntry], [, copiedSet]] = [...body];
    const [setEntry, setKey] = [...copiedSet];
    assertStrictEquals(setEntry, copiedEntry);
    assertStrictEquals(setKey, copiedKey);
    copiedEntry.tags.push("c");
    copiedEntry.at.setTime(5);
    assertEquals(api(ROUTE).body, expected());
    // DEFAULTS shows the entries' plain data frozen.
    const [[, shownEntry]] = [...api.DEFAULTS.data];
    assert(Object.isFrozen(shownEntry) && Object.isFrozen(shownEntry.tags));
  });

  Deno.test(`a call's object merged over a default object gets copies of the default's values (${entry})`, () => {
    const at = new Date(0);
    const api = builder.defaults({ meta: { at, tags: new Set(["a"]) } });
    const first = api(ROUTE, { meta: { extra: 1 } }).body.meta;
    assertEquals(first, { at: new Date(0), tags: new Set(["a"]), extra: 1 });
    first.at.setTime(1000);
    first.tags.add("b");
    at.setTime(2000);
    const merged = api.merge(ROUTE, { meta: { extra: 2 } }).meta;
    merged.at.setTime(3000);
    assertEquals(api(ROUTE, { meta: { extra: 1 } }).body.meta, {
      at: new Date(0),
      tags: new Set(["a"]),
      extra: 1,
    });
  });

  Deno.test(`defaults() reads a copied value once, and no call reads it again (rule 22) (${entry})`, () => {
    let reads = 0;
    const entry = {
      get value() {
        reads++;
        return "v";
      },
    };
    const traps: string[] = [];
    const proxied = new Proxy(new Map([["a", 1]]), {
      get(target, key) {
        traps.push(`get ${String(key)}`);
        return Reflect.get(target, key);
      },
      getPrototypeOf(target) {
        traps.push("getPrototypeOf");
        return Reflect.getPrototypeOf(target);
      },
    });
    const api = builder.defaults({ data: { map: new Map([["entry", entry]]), proxied } });
    assertEquals([reads, traps], [1, ["getPrototypeOf"]]);
    api(ROUTE);
    api.merge(ROUTE);
    void api.DEFAULTS;
    assertEquals(reads, 1);
    assert(traps.every((trap) => trap === "getPrototypeOf"), traps.join());
  });

  Deno.test(`defaults() refuses a cycle or deep nesting through a Map or Set, naming the option (${entry})`, () => {
    const map = new Map<string, unknown>();
    map.set("self", map);
    const set = new Set<unknown>();
    const holder = { set };
    set.add(holder);
    let deep: unknown = 1;
    for (let i = 0; i < 65; i++) deep = i % 2 === 0 ? new Set([deep]) : new Map([["k", deep]]);
    const cases: readonly (readonly [string, unknown, string])[] = [
      ["a Map that holds itself", { data: map }, "Invalid option data: it contains a cycle"],
      [
        "a Set that holds its holder",
        { value: holder },
        'Invalid parameter "value": it contains a cycle',
      ],
      [
        "a Map as a Map key that holds it",
        { data: new Map([[map, 1]]) },
        "Invalid option data: it contains a cycle",
      ],
      [
        "65 nested Maps and Sets",
        { data: deep },
        "Invalid option data: nested more than 64 levels deep",
      ],
    ];
    for (const [name, defaults, message] of cases) {
      const error = assertThrows(() => builder.defaults(defaults), TypeError, message, name);
      assert(error.message.endsWith(", expected plain data"), error.message);
    }
  });
}

// Cycles and depth: a cyclic request is kept as the reference keeps it; a value nested
// deeper than 64 levels is a TypeError, never a RangeError.
const REFERENCE = reference as unknown as Loose;

for (const [entry, builder] of LOOSE_BUILDERS) {
  Deno.test(`endpoint() keeps a cyclic request as the reference does, in defaults() and per call (${entry})`, () => {
    const cyclic = (): Record<string, unknown> => {
      const ctx: Record<string, unknown> = { name: "ctx", list: [] };
      ctx.self = ctx;
      (ctx.list as unknown[]).push(ctx, { back: ctx });
      return ctx;
    };
    const signal = new AbortController().signal;
    const fetch = () => Promise.resolve(new Response());
    const cases: [string, (e: Loose) => unknown][] = [
      ["defaults", (e) => e.defaults({ request: { ctx: cyclic() } })("GET /x").request],
      [
        "defaults, then a call's request",
        (e) =>
          e.defaults({ request: { ctx: cyclic(), a: 1 } })("GET /x", { request: { b: 2 } }).request,
      ],
      [
        "a call's cyclic request over the defaults'",
        (e) =>
          e.defaults({ request: { ctx: { a: 1 } } })("GET /x", { request: { ctx: cyclic() } })
            .request,
      ],
      [
        "defaults twice",
        (e) =>
          e.defaults({ request: { ctx: cyclic() } }).defaults({ request: { more: cyclic() } })(
            "GET /x",
          )
            .request,
      ],
      [
        "merge then parse",
        (e) => e.parse(e.defaults({ request: { ctx: cyclic() } }).merge("GET /x")).request,
      ],
    ];
    for (const [name, run] of cases) {
      const ours = run(builder) as Record<string, Record<string, unknown>>;
      assertEquals(ours, run(REFERENCE), name);
    }
    // The copy in DEFAULTS keeps the cycle as a cycle.
    const copied = builder.defaults({ request: { ctx: cyclic() } })("GET /x").request;
    assertStrictEquals(copied.ctx.self, copied.ctx);
    assertStrictEquals(copied.ctx.list[1].back, copied.ctx);
    // A call's request is the object passed (rule 13); non-plain values are never copied.
    const ctx = cyclic();
    const request = { ctx };
    assertStrictEquals(builder("GET /x", { request }).request, request);
    const withSignal = builder.defaults({ request: { signal, fetch, ctx } })("GET /x").request!;
    assertStrictEquals(withSignal.signal, signal);
    assertStrictEquals(withSignal.fetch, fetch);
    assertStrictEquals(
      (ctx.self as Record<string, unknown>).self,
      ctx,
      "the caller's object is unchanged",
    );
    assert(!Object.isFrozen(ctx));
  });

  Deno.test(`endpoint() answers 1e5 levels of nesting with a TypeError, never a RangeError (${entry})`, () => {
    let object: Record<string, unknown> = { leaf: 1 };
    let list: unknown[] = [1];
    for (let i = 0; i < 100_000; i++) {
      object = { a: object };
      list = [list];
    }
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const deep = `nested more than 64 levels deep, expected plain data`;
    const copies: [string, () => unknown, string][] = [
      [
        "a parameter in defaults",
        () => builder.defaults({ x: object }),
        `Invalid parameter "x": ${deep}`,
      ],
      ["a list in defaults", () => builder.defaults({ x: list }), `Invalid parameter "x": ${deep}`],
      [
        "request in defaults",
        () => builder.defaults({ request: object }),
        `Invalid option request: ${deep}`,
      ],
      ["data in defaults", () => builder.defaults({ data: list }), `Invalid option data: ${deep}`],
      [
        "a cycle in a default parameter",
        () => builder.defaults({ x: cyclic }),
        'Invalid parameter "x": it contains a cycle',
      ],
      [
        "a call's value over a default as deep",
        () => builder.defaults({ x: object })("POST /x", { x: object }),
        `Invalid parameter "x": ${deep}`,
      ],
      [
        "a header in defaults",
        () => builder.defaults({ headers: { a: object } }),
        'Invalid value for header "a"',
      ],
      [
        "previews in defaults",
        () => builder.defaults({ mediaType: { previews: list } }),
        "Invalid preview name",
      ],
      ["a url value", () => builder("GET /a/{x}", { x: object }), 'Cannot expand variable "x"'],
      ["a url list", () => builder("GET /a{/x*}", { x: list }), 'Cannot expand variable "x"'],
      ["a query value", () => builder("GET /a", { x: object }), 'Cannot expand variable "x"'],
    ];
    for (const [name, call, message] of copies) {
      const text = typeErrorOf(call, name);
      assert(text.startsWith(message), `${name}: ${text}`);
    }
    // A default merged over another is as deep as the two together: 65 levels are refused
    // by defaults(), as they are alone, and 64 are kept (not refused by every later call).
    const nested = (levels: number) => {
      let value: Record<string, unknown> = { leaf: 1 };
      for (let i = 1; i < levels; i++) value = { a: value };
      return value;
    };
    for (const key of ["x", "request"]) {
      const label = key === "x" ? 'Invalid parameter "x"' : "Invalid option request";
      // Merged at one level and at two, then copied from there.
      for (const under of [{ b: 0 }, { a: { b: 0 } }]) {
        const once = builder.defaults({ [key]: under });
        const text = typeErrorOf(() => once.defaults({ [key]: nested(65) }), `${key} over`);
        assert(text.startsWith(`${label}: ${deep}`), text);
        const kept = once.defaults({ [key]: nested(64) });
        const sent = key === "x" ? kept("POST /a").body!.x : kept("GET /a").request;
        const expected = nested(64);
        if ("a" in under) (expected.a as Record<string, unknown>).b = 0;
        else expected.b = 0;
        assertEquals(sent, expected);
      }
    }
    // Bodies are sent as they are, not copied: deep is allowed there, as in the reference.
    assertStrictEquals(builder("POST /a", { x: object }).body!.x, object);
    assertStrictEquals(builder("POST /a", { data: list }).body, list);
    assertStrictEquals(builder.merge("POST /a", { x: object }).x, object);
  });
}
