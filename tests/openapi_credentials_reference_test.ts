/**
 * `credentials` (rule 26) against swagger-client's `buildRequest` with
 * `securities`, on real published descriptions: the trimmed ones of
 * tests/testdata/openapi/ with their security fields restored from
 * `security.json` beside them, and tests/testdata/openapi-security/ (an
 * apiKey in the query, one in a cookie, `security: []` for the whole
 * description); both written by scripts/vendor_openapi_security.ts.
 *
 * For each operation and each scheme swagger-client applies, one credential
 * is given to both builders; what it adds to the request (headers, query
 * pieces, cookie) is compared with what each builder builds without it, so
 * that the parameters' documented differences stay out of it. It must be
 * equal, but where the operation's requirement needs that scheme with
 * another (rule 26 sends a requirement only whole: a documented difference).
 */
import { assert, assertEquals } from "@std/assert";
import SwaggerClient from "swagger-client";
import { fromOpenAPI } from "@routecast/endpoint/openapi";
import { type Json, operationsOf } from "./_openapi_operations.ts";
import { seedOf, valuesFor } from "./_openapi_values.ts";
import { normalizeUnreserved, resolveForSwagger } from "./_openapi_compare.ts";
import { CONTEXT_URL } from "./_openapi_descriptions.ts";
import { BESIDE, credentialFor, load, SMALL, TOKEN } from "./_openapi_security.ts";

/** What a credential adds to a request: headers set or changed, query pieces added. */
function added(without: Json, withIt: Json): { headers: Record<string, string>; query: string[] } {
  const lower = (headers: Json) =>
    Object.fromEntries(
      Object.entries<Json>(headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
  const before = lower(without.headers);
  const after = lower(withIt.headers);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(after)) {
    if (before[name] !== value) headers[name] = value;
  }
  const pieces = (url: string) => {
    const mark = url.indexOf("?");
    return mark < 0 ? [] : normalizeUnreserved(url.slice(mark + 1)).split("&");
  };
  const query = [...pieces(withIt.url)];
  for (const piece of pieces(without.url)) query.splice(query.indexOf(piece), 1);
  return { headers, query };
}

Deno.test("credentials: what one credential adds is what swagger-client's securities add, on real descriptions", async () => {
  const counts: Record<string, { equal: number; partial: number; none: number }> = {};
  for (const name of [...BESIDE, ...SMALL]) {
    const document = load(name);
    const resolved = await resolveForSwagger(document);
    const server = document.servers?.[0]?.url ?? "/";
    const relative = !/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(server);
    const baseUrl = relative ? new URL(server, CONTEXT_URL).href : undefined;
    const schemes = document.components.securitySchemes;
    const count = counts[name] = { equal: 0, partial: 0, none: 0 };
    for (const [scheme, definition] of Object.entries<Json>(schemes)) {
      const credential = credentialFor(definition);
      if (credential === undefined) continue;
      const options = baseUrl === undefined ? {} : { baseUrl };
      const plain = fromOpenAPI(document, options);
      const api = fromOpenAPI(document, {
        ...options,
        credentials: { [scheme]: credential.routecast },
      });
      for (const operation of operationsOf(document)) {
        const values = valuesFor(document, operation, "plain", seedOf(`${name} ${operation.path}`));
        const route = `${operation.method.toUpperCase()} ${operation.path}`;
        const swagger = (securities: Json) =>
          SwaggerClient.buildRequest({
            spec: resolved,
            operationId: `${operation.method}-${operation.path}`,
            parameters: values.parameters,
            ...(values.body ? { requestBody: values.body } : {}),
            ...(relative ? { contextUrl: CONTEXT_URL } : {}),
            ...(securities ? { securities } : {}),
          });
        let ours, theirs;
        try {
          ours = added(plain(route, { ...values.values }), api(route, { ...values.values }));
          theirs = added(
            swagger(undefined),
            swagger({ authorized: { [scheme]: credential.swagger } }),
          );
        } catch {
          continue; // a parameter difference of the comparison, not a credential's
        }
        const requirements: Json[] = document.paths[operation.path][operation.method].security ??
          document.security ?? [];
        const alone = requirements.some((r) => Object.keys(r).length === 1 && scheme in r);
        const within = requirements.some((r) => scheme in r);
        if (alone) {
          assertEquals(ours, theirs, `${name} ${route} ${scheme}`);
          count.equal++;
        } else if (within) {
          // Rule 26: a requirement of several schemes is sent only whole.
          assertEquals(ours, { headers: {}, query: [] }, `${name} ${route} ${scheme}`);
          count.partial++;
        } else {
          assertEquals(ours, { headers: {}, query: [] }, `${name} ${route} ${scheme}`);
          assertEquals(theirs, { headers: {}, query: [] }, `${name} ${route} ${scheme}`);
          count.none++;
        }
      }
    }
  }
  console.log(JSON.stringify(counts));
  for (const name of [...BESIDE, "nasa-apod", "meshery"]) assert(counts[name].equal > 0, name);
  assert(counts.airflow.none > 0);
});

Deno.test("credentials: with several schemes authorized, swagger-client sends them all, routecast the first satisfied alternative", async () => {
  const document = load("stripe");
  const resolved = await resolveForSwagger(document);
  const operation = operationsOf(document).find((op) => op.method === "get")!;
  const route = `GET ${operation.path}`;
  const values = valuesFor(document, operation, "plain", 1);
  const theirs = SwaggerClient.buildRequest({
    spec: resolved,
    operationId: `get-${operation.path}`,
    parameters: values.parameters,
    securities: { authorized: { basicAuth: { username: "u", password: "p" }, bearerAuth: TOKEN } },
  });
  // Both written, the last one left: which one a request gets depends on the order.
  assertEquals(theirs.headers.Authorization, `Bearer ${TOKEN}`);
  const ours = fromOpenAPI(document, {
    credentials: { basicAuth: { username: "u", password: "p" }, bearerAuth: TOKEN },
  })(route, { ...values.values });
  assertEquals(ours.headers.authorization, "Basic dTpw");
});
