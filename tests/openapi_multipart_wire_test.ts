/**
 * The wire test for multipart bodies (docs/design.md rule 26): a loopback
 * server (Express 5 with express-openapi-validator, which reads
 * `multipart/form-data` through multer and validates it against the
 * description) receives the uploads of the real descriptions in
 * tests/testdata/openapi/uploads/, sent with `fetch` from routecast's
 * options (through `toFetch`) and from swagger-client's `buildRequest` for
 * the same values. Every request must pass; the server must read every part
 * (name, file name, type, bytes, text) as the values say, and as it reads
 * swagger-client's where the two write the same parts (the differences are
 * listed in docs/any-api.md and checked here as such).
 */
import { assertEquals } from "@std/assert";
import express from "express";
import * as OpenApiValidator from "express-openapi-validator";
import type { AddressInfo } from "node:net";
import SwaggerClient from "swagger-client";
import { toFetch } from "../src/adapters/to_fetch.ts";
import { fromOpenAPI } from "../src/openapi/mod.ts";
import type { Json } from "./_openapi_operations.ts";

const UPLOADS = new URL("./testdata/openapi/uploads/", import.meta.url);

/** A validating server for one description, on 127.0.0.1 and a free port. */
async function startServer(document: Json) {
  const app = express();
  app.use(
    OpenApiValidator.middleware({
      apiSpec: { ...structuredClone(document), servers: [{ url: "/" }] },
      // Multipart text carries no JSON types: the validator reads "true" as the boolean the schema asks.
      validateRequests: { coerceTypes: true },
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
      // deno-lint-ignore no-explicit-any
      files: (request.files ?? []).map((file: any) => ({
        name: file.fieldname,
        filename: file.originalname,
        type: file.mimetype,
        bytes: [...file.buffer],
      })),
      type: request.headers["content-type"]?.replace(/boundary=.*/, "boundary=…"),
    });
  });
  // deno-lint-ignore no-explicit-any
  app.use((error: any, _request: any, response: any, _next: unknown) => {
    response.status(error.status ?? 500).json({ message: error.message, errors: error.errors });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function send(url: string, init: RequestInit): Promise<{ status: number; read: Json }> {
  const response = await fetch(url, init);
  return { status: response.status, read: await response.json() };
}

/** swagger-client's request, sent as its http() sends it (no multipart type: fetch writes it). */
function swaggerInit(request: Json): [string, RequestInit] {
  const headers = { ...request.headers };
  delete headers["Content-Type"];
  return [request.url, { method: request.method, headers, body: request.body }];
}

interface Upload {
  description: string;
  route: string;
  /** Parameters (path and query) and body fields, as both clients take them. */
  parameters: Record<string, unknown>;
  body: Record<string, unknown>;
  /** What the server reads of routecast's request. */
  read: Json;
  /** Where swagger-client writes other parts (docs/any-api.md), what the server reads of its request. */
  theirs?: Json;
}

const bytes = (text: string) => [...new TextEncoder().encode(text)];
const pdf = () => new File(["%PDF-1.4 \u00e9\n"], 'evidence "1".pdf', { type: "application/pdf" });

const UPLOADS_CASES: Upload[] = [
  {
    description: "stripe",
    route: "POST /v1/files",
    parameters: {},
    body: {
      file: pdf(),
      purpose: "dispute_evidence",
      file_link_data: { create: true, expires_at: 1700000000 },
      expand: ["file_link", "links"],
    },
    read: {
      params: {},
      query: {},
      body: {
        purpose: "dispute_evidence",
        file_link_data: { create: true, expires_at: 1700000000 },
        expand: ["file_link", "links"],
        file: "",
      },
      files: [{
        name: "file",
        filename: 'evidence "1".pdf',
        type: "application/pdf",
        bytes: bytes("%PDF-1.4 \u00e9\n"),
      }],
      type: "multipart/form-data; boundary=…",
    },
  },
  {
    description: "stripe",
    route: "POST /v1/files",
    parameters: {},
    body: { file: new Uint8Array([0, 255, 10]), purpose: "identity_document" },
    read: {
      params: {},
      query: {},
      body: { purpose: "identity_document", file: "" },
      files: [{
        name: "file",
        filename: "blob",
        type: "application/octet-stream",
        bytes: [0, 255, 10],
      }],
      type: "multipart/form-data; boundary=…",
    },
    // swagger-client's Blob of bytes has no type: fetch sends it as application/octet-stream too.
  },
  {
    description: "asana",
    route: "POST /attachments",
    parameters: { opt_pretty: true },
    body: {
      parent: "1234",
      resource_subtype: "asana",
      name: "notes.txt",
      connect_to_app: false,
      file: new File(["a,b\r\n1,2"], "notes.csv", { type: "text/csv" }),
    },
    read: {
      params: {},
      query: { opt_pretty: true },
      body: {
        parent: "1234",
        resource_subtype: "asana",
        name: "notes.txt",
        connect_to_app: false,
        file: "",
      },
      files: [{
        name: "file",
        filename: "notes.csv",
        type: "text/csv",
        bytes: bytes("a,b\r\n1,2"),
      }],
      type: "multipart/form-data; boundary=…",
    },
  },
  {
    description: "asana",
    route: "POST /attachments",
    parameters: {},
    // A field named like the named option `url`: a part (the description declares it).
    body: {
      parent: "1234",
      resource_subtype: "external",
      url: "https://example.com/a?b=c&d",
      name: "Link",
    },
    read: {
      params: {},
      query: {},
      body: {
        parent: "1234",
        resource_subtype: "external",
        url: "https://example.com/a?b=c&d",
        name: "Link",
      },
      files: [],
      type: "multipart/form-data; boundary=…",
    },
  },
];

Deno.test({
  name:
    "fromOpenAPI() uploads pass a validating server, every part read as sent and as swagger-client's",
  sanitizeResources: false,
  async fn() {
    const documents = new Map<string, Json>();
    for (const name of ["stripe", "asana", "jira"]) {
      documents.set(name, JSON.parse(Deno.readTextFileSync(new URL(`${name}.json`, UPLOADS))));
    }
    let compared = 0;
    for (const upload of UPLOADS_CASES) {
      const document = documents.get(upload.description)!;
      const server = await startServer(document);
      try {
        const api = fromOpenAPI(document, { baseUrl: server.origin });
        const [url, init] = toFetch(api(upload.route, { ...upload.parameters, ...upload.body }));
        const ours = await send(url, init as RequestInit);
        assertEquals(ours, { status: 200, read: upload.read }, `${upload.route}: routecast`);

        const { spec } = await SwaggerClient.resolve({ spec: structuredClone(document) });
        const [method, path] = upload.route.split(" ");
        const request = SwaggerClient.buildRequest({
          spec,
          operationId: `${method.toLowerCase()}-${path}`,
          parameters: upload.parameters,
          requestBody: upload.body,
          requestContentType: "multipart/form-data",
          baseURL: server.origin,
        });
        const theirs = await send(...swaggerInit(request));
        assertEquals(
          theirs,
          { status: 200, read: upload.theirs ?? upload.read },
          `${upload.route}: swagger-client`,
        );
        compared++;
      } finally {
        await server.close();
      }
    }
    assertEquals(compared, UPLOADS_CASES.length);
  },
});

/** The parts of a FormData, files as name, type and text. */
async function entries(form: FormData): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const [name, value] of form) {
    out.push([
      name,
      typeof value === "string" ? value : [value.name, value.type, await value.text()],
    ]);
  }
  return out;
}

Deno.test("fromOpenAPI() multipart differs from swagger-client's buildRequest only as docs/any-api.md lists", async () => {
  const document = {
    openapi: "3.0.3",
    info: { title: "Differences", version: "1" },
    servers: [{ url: "https://api.example.com" }],
    paths: {
      "/upload": {
        post: {
          operationId: "upload",
          requestBody: {
            content: {
              "multipart/form-data": {
                schema: { type: "object" },
                encoding: { tags: { contentType: "text/plain" } },
              },
            },
          },
          responses: { default: { description: "stub" } },
        },
      },
    },
  };
  const body = {
    same: "text",
    list: ["a", "b"],
    object: { k: "v" },
    tags: "t",
    gone: null,
  };
  const ours = fromOpenAPI(document)("POST /upload", { ...body }).body as FormData;
  const { spec } = await SwaggerClient.resolve({ spec: structuredClone(document) });
  const theirs = SwaggerClient.buildRequest({
    spec,
    operationId: "upload",
    requestBody: { ...body },
    requestContentType: "multipart/form-data",
  }).body as FormData;
  assertEquals(await entries(ours), [
    ["same", "text"],
    // 1. A list repeats the part.
    ["list", "a"],
    ["list", "b"],
    // 2. A plain object is one JSON part of type application/json.
    ["object", ["blob", "application/json", '{"k":"v"}']],
    // 3. A string is a text part whatever the encoding's contentType.
    ["tags", "t"],
    // 4. null is left out.
  ]);
  assertEquals(await entries(theirs), [
    ["same", "text"],
    ["list", "a,b"],
    ["object", '{"k":"v"}'],
    ["tags", ["blob", "text/plain", "t"]],
    ["gone", "null"],
  ]);
});
