/**
 * The descriptions with security schemes that the credential tests read
 * (rule 26): the trimmed ones of tests/testdata/openapi/ with their security
 * fields restored from `security.json` beside them, and
 * tests/testdata/openapi-security/ (an apiKey in the query, one in a cookie,
 * `security: []` for the whole description); both written by
 * scripts/vendor_openapi_security.ts. With the credential each test gives a
 * scheme, to routecast and to swagger-client.
 *
 * @module
 */
import type { Json } from "./_openapi_operations.ts";

export const BESIDE = ["stripe", "kubernetes", "asana", "jira"];
export const SMALL = ["nasa-apod", "meshery", "airflow"];

export function load(name: string): Json {
  const read = (path: string) =>
    JSON.parse(Deno.readTextFileSync(new URL(`./testdata/${path}`, import.meta.url)));
  if (SMALL.includes(name)) return read(`openapi-security/${name}/openapi.json`);
  const document = read(`openapi/${name}/openapi.json`);
  const security = read(`openapi/${name}/security.json`);
  document.components = { ...document.components, securitySchemes: security.securitySchemes };
  if (security.security) document.security = security.security;
  for (const [key, value] of Object.entries(security.operations)) {
    const space = key.indexOf(" ");
    document.paths[key.slice(space + 1)][key.slice(0, space)].security = value;
  }
  return document;
}

export const TOKEN = "sk_test_4eC39HqLyjWDarjtT1zdp7dc";

export function credentialFor(scheme: Json): { routecast: Json; swagger: Json } | undefined {
  const http = String(scheme.scheme ?? "").toLowerCase();
  if (scheme.type === "http" && http === "basic") {
    const pair = { username: "user@example.com", password: TOKEN };
    return { routecast: pair, swagger: pair };
  }
  if (scheme.type === "apiKey" || (scheme.type === "http" && http === "bearer")) {
    return { routecast: TOKEN, swagger: TOKEN };
  }
  if (scheme.type === "oauth2" || scheme.type === "openIdConnect") {
    return { routecast: TOKEN, swagger: { token: { access_token: TOKEN } } };
  }
  return undefined; // another http scheme: swagger-client sends nothing for it
}
