/**
 * The wire test for `fromOpenAPI` (rule 25): a loopback server (Express 5 with
 * express-openapi-validator, which validates each request against the
 * description it is given) receives requests sent with `fetch` from
 * routecast's options (through `toFetch`), and from swagger-client's for the
 * same values.
 *
 * The subset of operations checked is the one where swagger-client's request
 * passes the validator (generated values can break a schema's pattern or
 * format; the validator cannot read label, matrix or cookie parameters): for
 * each of those, routecast's request must pass too, and the server must read
 * the same path, query and body parameters (and header parameters but those
 * the Specification says to ignore) from it as from swagger-client's.
 *
 * Set ROUTECAST_OPENAPI_WIRE_REPORT=<file> to write the counts and every failure as JSON.
 */
import { assert, assertEquals } from "@std/assert";
import express from "express";
import * as OpenApiValidator from "express-openapi-validator";
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { toFetch } from "@routecast/endpoint";
import { buildWithSwagger, type Case, resolveForSwagger } from "./_openapi_compare.ts";
import { DESCRIPTION_NAMES, loadDescription, nameCollision } from "./_openapi_descriptions.ts";
import { bodyEncoding, type Json } from "./_openapi_operations.ts";
import { fromOpenAPI } from "@routecast/endpoint/openapi";
import { seedOf, valuesFor } from "./_openapi_values.ts";

/** At most this many operations per description go on the wire (the test stays fast). */
const PER_DESCRIPTION = 25;

/** Descriptions the validator cannot load, with the reason (checked to still hold). */
const VALIDATOR_CANNOT_READ: Record<string, string> = {
  asana:
    'Ajv (under express-openapi-validator) refuses its schemas: "nullable" cannot be used without "type"',
};

interface Seen {
  status: number;
  /** What the validator read: path, query and body parameters, and the header parameters. */
  read: Json;
}

/** A validating server for one description, on 127.0.0.1 and a free port. */
async function startServer(document: Json) {
  const app = express();
  app.use(express.urlencoded({ extended: true }));
  // JSON, and swagger-client's "*/*" for a wildcard body type (Kubernetes), read as JSON too.
  app.use(
    express.json({
      type: (request: IncomingMessage) =>
        /json|^\*\/\*$/.test(request.headers["content-type"] ?? ""),
    }),
  );
  app.use(
    OpenApiValidator.middleware({
      // The paths as the description names them, right at the server's root.
      apiSpec: { ...structuredClone(document), servers: [{ url: "/" }] },
      validateRequests: true,
      validateResponses: false,
      validateSecurity: false,
      validateFormats: false,
    }),
  );
  // deno-lint-ignore no-explicit-any
  app.use((request: any, response: any) => {
    response.status(200).json({
      params: request.params,
      query: request.query,
      body: request.body,
      headers: request.headers,
    });
  });
  // deno-lint-ignore no-explicit-any
  app.use((error: any, _request: any, response: any, _next: unknown) => {
    response.status(error.status ?? 500).json({ message: error.message, errors: error.errors });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function send(url: string, init: RequestInit, c: Case): Promise<Seen> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (response.status !== 200) return { status: response.status, read: text };
  const echo = JSON.parse(text);
  const headers: Record<string, unknown> = {};
  for (const p of c.operation.parameters) {
    const name = p.name.toLowerCase();
    if (p.in === "header" && !["accept", "content-type", "authorization"].includes(name)) {
      headers[name] = echo.headers[name];
    }
  }
  return {
    status: 200,
    read: { params: echo.params, query: echo.query, body: echo.body, headers },
  };
}

Deno.test({
  name: "fromOpenAPI() requests pass a validating server and read as swagger-client's do",
  sanitizeResources: false,
  async fn() {
    const counts: Record<string, { tried: number; passed: number }> = {};
    const failures: unknown[] = [];
    for (const name of DESCRIPTION_NAMES) {
      const description = loadDescription(name);
      const resolved = await resolveForSwagger(description.document);
      const server = await startServer(description.document);
      try {
        const api = fromOpenAPI(description.document, { baseUrl: server.origin });
        counts[name] = { tried: 0, passed: 0 };
        for (const operation of description.operations) {
          if (counts[name].passed >= PER_DESCRIPTION) break;
          // Enough to see that the validator still refuses it.
          if (name in VALIDATOR_CANNOT_READ && counts[name].tried >= 3) break;
          if (operation.method === "head" || operation.method === "options") continue;
          const generated = valuesFor(
            description.document,
            operation,
            "plain",
            seedOf(`${name} ${operation.method} ${operation.path} plain`),
          );
          if (nameCollision(operation)) continue;
          const c: Case = { name, document: description.document, resolved, operation, generated };
          counts[name].tried++;
          const reference = swaggerRequest(c, server.origin);
          const theirs = await send(reference.url, reference.init, c);
          if (theirs.status !== 200) continue;
          counts[name].passed++;
          const route = `${operation.method.toUpperCase()} ${operation.path}`;
          const [url, init] = toFetch(api(route, { ...generated.values }));
          const ours = await send(url, init as RequestInit, c);
          if (ours.status !== 200 || JSON.stringify(ours.read) !== JSON.stringify(theirs.read)) {
            failures.push({
              description: name,
              route,
              values: generated.values,
              url,
              ours,
              theirs,
            });
          }
        }
      } finally {
        await server.close();
      }
    }
    console.log(JSON.stringify(counts));
    const file = Deno.env.get("ROUTECAST_OPENAPI_WIRE_REPORT");
    if (file) Deno.writeTextFileSync(file, JSON.stringify({ counts, failures }, null, 1));
    assertEquals(failures.slice(0, 5), [], `${failures.length} requests read differently`);
    for (const [name, { passed }] of Object.entries(counts)) {
      if (name in VALIDATOR_CANNOT_READ) {
        assertEquals(
          passed,
          0,
          `${name} now passes the validator: take it off VALIDATOR_CANNOT_READ`,
        );
      } else assert(passed >= 1, `${name}: no operation's reference request passed the validator`);
    }
  },
});

/** swagger-client's request for a case, sent to the test server. */
function swaggerRequest(c: Case, origin: string): { url: string; init: RequestInit } {
  const request = buildWithSwagger(c, {}, origin);
  let body = request.body;
  if (body !== undefined && typeof body !== "string") body = JSON.stringify(body);
  if (bodyEncoding(c.operation) === undefined || /^(get|head)$/i.test(request.method)) {
    body = undefined;
  }
  return {
    url: request.url,
    init: {
      method: request.method,
      headers: request.headers,
      ...(body === undefined ? {} : { body }),
    },
  };
}
