/**
 * RFC 6570 points the standard suite is silent on, value coercion, and every
 * error, run against each engine.
 */
import {
  expand,
  parseTemplate,
  type TemplateVariables,
  UriTemplateError,
} from "@routecast/endpoint/uri-template";
import { assert, assertEquals, assertStrictEquals, assertThrows } from "@std/assert";
import * as lite from "@routecast/endpoint/uri-template/lite";
import { ENGINES } from "./_engines.ts";

const VARIABLES: TemplateVariables = {
  marks: "!'()*",
  reserved: ":/?#[]@!$&'()*+,;=",
  pct: "%2F%zz%",
  empty: "",
  none: undefined,
  nil: null,
  list: ["a", "b c"],
  emptyList: [],
  nullList: [null, undefined],
  mixedList: ["a", null, 2],
  map: { x: "1", y: "" },
  emptyMap: {},
  undefinedMap: { x: undefined, y: null },
  clef: "𝄞stave",
  loneHigh: "a\ud834b",
  loneLow: "\udd1e",
  number: 42,
  float: 1.5,
  bigint: 12345678901234567890n,
  yes: true,
  no: false,
  date: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)),
  tripletFirst: "%2Fab",
  nonAscii: "ü€𝄞",
  unreserved: "AZaz09-._~",
};

const EXPANSIONS: [string, string][] = [
  // RFC 2.1: unreserved characters are never encoded, whatever the operator.
  ["{unreserved}", "AZaz09-._~"],
  ["{+unreserved}", "AZaz09-._~"],
  ["{#unreserved}", "#AZaz09-._~"],
  ["{.unreserved}", ".AZaz09-._~"],
  ["{/unreserved}", "/AZaz09-._~"],
  ["{;unreserved}", ";unreserved=AZaz09-._~"],
  ["{?unreserved}", "?unreserved=AZaz09-._~"],
  ["{&unreserved}", "&unreserved=AZaz09-._~"],
  // RFC 3.2.1: simple and query expansion encode everything outside unreserved.
  ["{marks}", "%21%27%28%29%2A"],
  ["{?marks}", "?marks=%21%27%28%29%2A"],
  ["{/marks}", "/%21%27%28%29%2A"],
  ["{+marks}", "!'()*"],
  ["{#marks}", "#!'()*"],
  ["{reserved}", "%3A%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D"],
  ["{+reserved}", ":/?#[]@!$&'()*+,;="],
  // Reserved expansion keeps valid triplets and encodes a bare %.
  ["{+pct}", "%2F%25zz%25"],
  ["{#pct}", "#%2F%25zz%25"],
  ["{pct}", "%252F%25zz%25"],
  // RFC 3.1: literals outside the URI character set are encoded as UTF-8.
  ["café {empty}", "caf%C3%A9%20"],
  ["a%2Fb%zz{empty}", "a%2Fb%25zz"],
  ["x'y\"<>\\^`|", "x'y%22%3C%3E%5C%5E%60%7C"],
  ["/𝄞", "/%F0%9D%84%9E"],
  // Empty versus undefined (RFC 3.2.1).
  ["{?empty}", "?empty="],
  ["{;empty}", ";empty"],
  ["{/empty}", "/"],
  ["{.empty}", "."],
  ["{&empty}", "&empty="],
  ["{#empty}", "#"],
  ["{none}{nil}", ""],
  ["{?none,nil}", ""],
  ["{?none,number}", "?number=42"],
  ["x{/none}y", "xy"],
  // Empty lists and maps, and those whose members are all undefined, are undefined.
  ["{?emptyList}", ""],
  ["{/emptyList*}", ""],
  ["{?emptyMap*}", ""],
  ["{?nullList}", ""],
  ["{?undefinedMap*}", ""],
  ["{?mixedList}", "?mixedList=a,2"],
  ["{?mixedList*}", "?mixedList=a&mixedList=2"],
  // Lists and maps with every operator.
  ["{list}", "a,b%20c"],
  ["{list*}", "a,b%20c"],
  ["{/list*}", "/a/b%20c"],
  ["{;list}", ";list=a,b%20c"],
  ["{;list*}", ";list=a;list=b%20c"],
  ["{?map}", "?map=x,1,y,"],
  ["{?map*}", "?x=1&y="],
  ["{;map*}", ";x=1;y"],
  ["{.map*}", ".x=1.y="],
  ["{#map*}", "#x=1,y="],
  // Prefixes count code points, and in reserved expansion a triplet is one character.
  ["{clef:1}", "%F0%9D%84%9E"],
  ["{clef:2}", "%F0%9D%84%9Es"],
  ["{+tripletFirst:1}", "%2F"],
  ["{+tripletFirst:2}", "%2Fa"],
  ["{tripletFirst:2}", "%252"],
  ["{?clef:9999}", "?clef=%F0%9D%84%9Estave"],
  ["{nonAscii}", "%C3%BC%E2%82%AC%F0%9D%84%9E"],
  // A lone surrogate has no UTF-8 form and becomes U+FFFD, as WHATWG URLs do.
  ["{loneHigh}", "a%EF%BF%BDb"],
  ["{loneLow}", "%EF%BF%BD"],
  // Value coercion (DECISIONS.md rule 8).
  ["{number},{float},{bigint}", "42,1.5,12345678901234567890"],
  ["{?yes,no}", "?yes=true&no=false"],
  ["{date}", "2024-01-02T03%3A04%3A05.000Z"],
  ["{+date}", "2024-01-02T03:04:05.000Z"],
  ["{number:1}", "4"],
  // Inherited properties are not variables.
  ["{toString}{constructor}{hasOwnProperty}", ""],
];

const ERRORS: [string, number, string][] = [
  ["/x}", 2, 'Invalid URI template "/x}": unmatched "}" at index 2'],
  ["/x{", 2, 'Invalid URI template "/x{": unterminated expression starting at index 2'],
  ["/x{a", 2, 'Invalid URI template "/x{a": unterminated expression starting at index 2'],
  ["{a,", 0, 'Invalid URI template "{a,": unterminated expression starting at index 0'],
  ["{a:1", 0, 'Invalid URI template "{a:1": unterminated expression starting at index 0'],
  ["{a:", 0, 'Invalid URI template "{a:": unterminated expression starting at index 0'],
  ["{}", 1, 'Invalid URI template "{}": expected a variable name at index 1, found "}"'],
  ["{?}", 2, 'Invalid URI template "{?}": expected a variable name at index 2, found "}"'],
  [
    "{a{b}}",
    2,
    'Invalid URI template "{a{b}}": unexpected "{" at index 2, expected a modifier, "," or "}"',
  ],
  ["{x.}", 3, 'Invalid URI template "{x.}": expected a variable name at index 3, found "}"'],
  ["{x..y}", 3, 'Invalid URI template "{x..y}": expected a variable name at index 3, found "."'],
  ["{.}", 2, 'Invalid URI template "{.}": expected a variable name at index 2, found "}"'],
  ["{%2x}", 1, 'Invalid URI template "{%2x}": expected a variable name at index 1, found "%"'],
  [
    "{a b}",
    2,
    'Invalid URI template "{a b}": unexpected " " at index 2, expected a modifier, "," or "}"',
  ],
  [
    "{=a}",
    1,
    'Invalid URI template "{=a}": reserved operator "=" at index 1, expected one of "+#./;?&" or a variable name',
  ],
  [
    "{|a}",
    1,
    'Invalid URI template "{|a}": reserved operator "|" at index 1, expected one of "+#./;?&" or a variable name',
  ],
  [
    "{a:0}",
    3,
    'Invalid URI template "{a:0}": invalid prefix length at index 3, expected an integer from 1 to 9999',
  ],
  [
    "{a:01}",
    3,
    'Invalid URI template "{a:01}": invalid prefix length at index 3, expected an integer from 1 to 9999',
  ],
  [
    "{a:10000}",
    3,
    'Invalid URI template "{a:10000}": invalid prefix length at index 3, expected an integer from 1 to 9999',
  ],
  [
    "{a:}",
    3,
    'Invalid URI template "{a:}": invalid prefix length at index 3, expected an integer from 1 to 9999',
  ],
  [
    "{a:x}",
    3,
    'Invalid URI template "{a:x}": invalid prefix length at index 3, expected an integer from 1 to 9999',
  ],
  ["{a:2*}", 4, 'Invalid URI template "{a:2*}": unexpected "*" at index 4, expected "," or "}"'],
  ["{a**}", 3, 'Invalid URI template "{a**}": unexpected "*" at index 3, expected "," or "}"'],
  ["{😀}", 1, 'Invalid URI template "{😀}": expected a variable name at index 1, found "😀"'],
];

const VALUE_ERRORS: [string, unknown, string][] = [
  [
    "{x}",
    () => 1,
    'Cannot expand variable "x": expected a string, number, boolean, bigint, Date, list or plain object, found a function',
  ],
  [
    "{x}",
    Symbol("s"),
    'Cannot expand variable "x": expected a string, number, boolean, bigint, Date, list or plain object, found a symbol',
  ],
  [
    "{x}",
    new Date(NaN),
    'Cannot expand variable "x": expected a string, number, boolean, bigint, Date, list or plain object, found an invalid Date',
  ],
  [
    "{x}",
    /re/,
    'Cannot expand variable "x": expected a string, number, boolean, bigint, Date, list or plain object, found an instance of RegExp',
  ],
  [
    "{x}",
    ["a", ["b"]],
    'Cannot expand variable "x": expected a string, number, boolean, bigint, Date, null or undefined as list item 1, found a list',
  ],
  [
    "{?x*}",
    { a: { b: 1 } },
    'Cannot expand variable "x": expected a string, number, boolean, bigint, Date, null or undefined for key "a", found an object',
  ],
];

for (const engine of ENGINES) {
  Deno.test(`expand() follows RFC 6570 where the standard suite is silent (${engine} engine)`, () => {
    for (const [template, expected] of EXPANSIONS) {
      assertEquals(expand(template, VARIABLES, { engine }), expected, template);
    }
  });

  Deno.test(`parseTemplate() throws UriTemplateError with message and index (${engine} engine)`, () => {
    for (const [template, index, message] of ERRORS) {
      const error = assertThrows(
        () => parseTemplate(template, { engine }),
        UriTemplateError,
        undefined,
        template,
      );
      assertEquals([error.message, error.index, error.template], [message, index, template]);
      assertStrictEquals(error.name, "UriTemplateError");
      assertStrictEquals(error instanceof SyntaxError, true);
    }
  });

  Deno.test(`expand() throws UriTemplateError for a prefix on a list or map (${engine} engine)`, () => {
    const error = assertThrows(
      () => expand("/{?a,list:2}", { list: ["x"] }, { engine }),
      UriTemplateError,
    );
    assertEquals(
      error.message,
      'Invalid URI template "/{?a,list:2}": prefix modifier on variable "list" at index 5 cannot apply to its list or map value',
    );
    assertEquals(error.index, 5);
    assertThrows(() => expand("{map:1}", { map: { a: "b" } }, { engine }), UriTemplateError);
    assertEquals(expand("{list:2}", { list: [] }, { engine }), "");
  });

  Deno.test(`expand() throws TypeError naming the variable for values it cannot expand (${engine} engine)`, () => {
    for (const [template, value, message] of VALUE_ERRORS) {
      assertThrows(() => expand(template, { x: value }, { engine }), TypeError, message);
    }
  });

  Deno.test(`expand() reads own properties only (${engine} engine)`, () => {
    const inherited = Object.create({ owner: "evil" });
    assertEquals(expand("/{owner}", inherited, { engine }), "/");
    const own = JSON.parse('{"__proto__": "p", "constructor": "c"}');
    assertEquals(expand("/{__proto__}/{constructor}", own, { engine }), "/p/c");
    assertEquals(expand("{?m*}", { m: own }, { engine }), "?__proto__=p&constructor=c");
  });

  Deno.test(`expand() accepts Map values as associative arrays (${engine} engine)`, () => {
    assertEquals(
      expand("{?m*}", { m: new Map<unknown, unknown>([["a", 1], ["b", null], [3, "c"]]) }, {
        engine,
      }),
      "?a=1&3=c",
    );
  });

  Deno.test(`Template.expand() rejects variables that are not an object (${engine} engine)`, () => {
    for (const bad of [null, undefined, "x", 1]) {
      assertThrows(
        () => parseTemplate("{x}", { engine }).expand(bad as unknown as TemplateVariables),
        TypeError,
        'Cannot expand "{x}": expected variables as an object',
      );
    }
  });

  Deno.test(`parseTemplate() reports variable names once, in order (${engine} engine)`, () => {
    const template = parseTemplate("{a}{?b,a}{/c*}{#b:3}", { engine });
    assertEquals(template.variableNames, ["a", "b", "c"]);
    assertEquals(template.template, "{a}{?b,a}{/c*}{#b:3}");
    assertEquals(template.engine, engine);
    assertStrictEquals(Object.isFrozen(template), true);
  });
}

Deno.test("parseTemplate() rejects a template that is not a string", () => {
  assertThrows(
    () => parseTemplate(42 as unknown as string),
    TypeError,
    "Invalid URI template 42: expected a string, found number",
  );
});

Deno.test("parseTemplate() rejects an unknown engine name", () => {
  assertThrows(
    // deno-lint-ignore no-explicit-any
    () => parseTemplate("{x}", { engine: "js" as any }),
    TypeError,
    'Invalid engine "js": expected "auto", "wasm" or "ts"',
  );
});

// `parseTemplate(t, "ts")` was read as no options, and an `engine` on Object.prototype as the
// caller's choice.
Deno.test("parseTemplate() and expand() take options as an object, and only its own engine", () => {
  for (
    const [entry, module] of [["uri-template", { parseTemplate, expand }], ["lite", lite]] as const
  ) {
    for (
      const [options, shown] of [["ts", '"ts"'], [5, "5"], [["ts"], "an array"], [
        true,
        "true",
      ]] as const
    ) {
      const message = `Invalid options ${shown}: expected an object such as { engine: "ts" }`;
      // deno-lint-ignore no-explicit-any
      assertThrows(() => module.parseTemplate("{x}", options as any), TypeError, message);
      // deno-lint-ignore no-explicit-any
      assertThrows(() => module.expand("{x}", { x: 1 }, options as any), TypeError, message);
    }
    const fallback = entry === "lite" ? "ts" : "auto";
    assertEquals(module.parseTemplate("{x}", null as unknown as undefined).engine, fallback);
    // deno-lint-ignore no-explicit-any
    const proto = Object.prototype as any;
    for (const engine of ["ts", "wasm", "bogus"]) {
      proto.engine = engine;
      try {
        assertEquals(module.parseTemplate("{x}", {}).engine, fallback);
        assertEquals(module.expand("{x}", { x: "a" }, {}), "a");
      } finally {
        delete proto.engine;
      }
    }
  }
});

Deno.test("parseTemplate() quotes at most 200 characters of a long template", () => {
  const template = "{".repeat(100_000);
  const error = assertThrows(() => parseTemplate(template), UriTemplateError);
  assertStrictEquals(error.message.length < 400, true);
  assertStrictEquals(error.template, template);
});

for (const engine of ENGINES) {
  Deno.test(`expand() throws a TypeError naming the variable for a Date whose toISOString() fails (${engine} engine)`, () => {
    const returns = (value: unknown) => Object.assign(new Date(0), { toISOString: () => value });
    const cases: [unknown, string][] = [
      [returns(42), "expected toISOString() to return a string, found a number"],
      [returns(undefined), "expected toISOString() to return a string, found undefined"],
      [[returns(null)], "expected toISOString() to return a string as list item 0, found null"],
      [
        { k: returns({}) },
        'expected toISOString() to return a string for key "k", found an object',
      ],
    ];
    for (const [value, detail] of cases) {
      for (const template of ["{x}", "{?x*}", "{+x}"]) {
        const error = assertThrows(() => expand(template, { x: value }, { engine }), TypeError);
        assertEquals(error.message, `Cannot expand variable "x": ${detail}`);
      }
    }
    const cause = new Error("broken clock");
    const throwing = Object.assign(new Date(0), {
      toISOString: () => {
        throw cause;
      },
    });
    const error = assertThrows(() => expand("{x}", { x: throwing }, { engine }), TypeError);
    assertEquals(
      error.message,
      'Cannot expand variable "x": expected toISOString() to return a string, but it threw',
    );
    assertStrictEquals(error.cause, cause);
  });

  Deno.test(`expand() quotes at most 200 characters of a name or key in a message (${engine} engine)`, () => {
    const long = "k".repeat(1_000_000);
    class Huge {}
    Object.defineProperty(Huge, "name", { value: "H".repeat(1_000_000) });
    const cases: [string, Record<string, unknown>][] = [
      ["{x}", { x: { [long]: () => 1 } }],
      ["{x}", { x: new Map([[long, Symbol("s")]]) }],
      ["{x}", { x: new Huge() }],
      [`{${long}}`, { [long]: () => 1 }],
    ];
    for (const [template, variables] of cases) {
      const error = assertThrows(() => expand(template, variables, { engine }), TypeError);
      assert(error.message.length < 1000, `${error.message.length} characters`);
    }
  });

  Deno.test(`expand() reads each value once, however often the template names it (${engine} engine)`, () => {
    const reads: string[] = [];
    const date = new Date(Date.UTC(2024, 0, 2));
    const counted = Object.assign(date, {
      toISOString: () => {
        reads.push("toISOString");
        return Date.prototype.toISOString.call(date);
      },
    });
    const list = new Proxy(["a", "b"], {
      get(target, key, receiver) {
        reads.push(`list.${String(key)}`);
        return Reflect.get(target, key, receiver);
      },
    });
    const variables = {
      get a() {
        reads.push("a");
        return "x".repeat(100);
      },
      d: counted,
      list,
    };
    const text = "{a}{+a}{?a,d}{&d}{/list*}{;list}";
    const plain = { a: "x".repeat(100), d: new Date(Date.UTC(2024, 0, 2)), list: ["a", "b"] };
    const expected = expand(text, plain, { engine: "ts" });
    assertEquals(expand(text, variables, { engine }), expected);
    assertEquals(reads.filter((read) => read === "a"), ["a"]);
    assertEquals(reads.filter((read) => read === "toISOString"), ["toISOString"]);
    assertEquals(reads.filter((read) => read.startsWith("list.")), [
      "list.length",
      "list.0",
      "list.1",
    ]);
  });

  Deno.test(`expand() keeps a Map's keys and their order, "__proto__" and integer keys included (${engine} engine)`, () => {
    const map = new Map([["b", "1"], ["2", "2"], ["__proto__", "3"], ["a", "4"]]);
    assertEquals(expand("{?m*}", { m: map }, { engine }), "?b=1&2=2&__proto__=3&a=4");
    assertEquals(expand("{m}", { m: map }, { engine }), "b,1,2,2,__proto__,3,a,4");
    const long = new Map([["b", "x".repeat(200)], ["2", "y"], ["__proto__", "z"]]);
    assertEquals(
      expand("{;m*}", { m: long }, { engine }),
      `;b=${"x".repeat(200)};2=y;__proto__=z`,
    );
  });
}
