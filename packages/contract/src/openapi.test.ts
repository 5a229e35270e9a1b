import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { apiOperations, buildOpenApiDocument, formatOpenApiDocument, openApiPath } from "./openapi.ts";

const committedPath = path.resolve(import.meta.dirname, "../../../docs/openapi.json");
const document = buildOpenApiDocument();
type Json = Record<string, unknown>;

/** Every value of a JSON tree with the path to it. */
function* walk(value: unknown, at: string[] = []): Generator<[string[], unknown]> {
  yield [at, value];
  if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) yield* walk(child, [...at, key]);
  }
}

/** Follows a local JSON pointer (#/a/b) in the document. */
function resolve(pointer: string): unknown {
  if (!pointer.startsWith("#/")) return undefined;
  let node: unknown = document;
  for (const raw of pointer.slice(2).split("/")) {
    const key = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (!node || typeof node !== "object" || !(key in node)) return undefined;
    node = (node as Json)[key];
  }
  return node;
}

describe("the OpenAPI document", () => {
  it("is the committed docs/openapi.json", () => {
    const committed = readFileSync(committedPath, "utf8");
    expect(
      committed === formatOpenApiDocument(document),
      "docs/openapi.json is out of date: run `npm run openapi` and commit the result.",
    ).toBe(true);
  });

  it("is the same every time it is generated", () => {
    expect(formatOpenApiDocument(buildOpenApiDocument())).toBe(formatOpenApiDocument(document));
  });

  it("is OpenAPI 3.1 with info, paths and components", () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toBeTruthy();
    expect(document.info.version).toBeTruthy();
    expect(Object.keys(document.paths).length).toBeGreaterThan(0);
  });

  it("resolves every $ref", () => {
    const refs = [...walk(document)].filter(([at]) => at.at(-1) === "$ref");
    expect(refs.length).toBeGreaterThan(50);
    for (const [at, ref] of refs) {
      expect(typeof ref, at.join("/")).toBe("string");
      expect(resolve(ref as string), `${at.join("/")} -> ${ref}`).toBeDefined();
    }
  });

  it("gives every operation a unique operationId, a tag it declares, and at least one response", () => {
    const tags = new Set(document.tags.map((tag) => tag.name));
    const ids: string[] = [];
    for (const [pathName, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item as Record<string, Json>)) {
        expect(["get", "put", "post", "patch", "delete"], `${method} ${pathName}`).toContain(method);
        ids.push(operation.operationId as string);
        for (const tag of operation.tags as string[]) expect(tags, `${method} ${pathName}`).toContain(tag);
        expect(Object.keys(operation.responses as Json).length).toBeGreaterThan(0);
      }
    }
    expect(ids.length).toBe(apiOperations.length);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("declares every path parameter, and no other", () => {
    for (const [pathName, item] of Object.entries(document.paths)) {
      const inPath = [...pathName.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      for (const [method, operation] of Object.entries(item as Record<string, Json>)) {
        const parameters = (operation.parameters ?? []) as { name: string; in: string; required: boolean }[];
        const declared = parameters.filter((parameter) => parameter.in === "path");
        expect(declared.map((parameter) => parameter.name).sort(), `${method} ${pathName}`).toEqual(
          [...inPath].sort(),
        );
        for (const parameter of declared) expect(parameter.required).toBe(true);
        const keys = parameters.map((parameter) => `${parameter.in}:${parameter.name}`);
        expect(new Set(keys).size, `${method} ${pathName}: a parameter twice`).toBe(keys.length);
      }
    }
  });

  it("has component schemas that compile as JSON Schema 2020-12", () => {
    const ajv = new Ajv2020({ strict: true, validateFormats: false, allowUnionTypes: true });
    // The document's own members are not JSON Schema keywords; the schemas under components are checked strictly.
    ajv.addVocabulary(["openapi", "info", "tags", "paths", "components"]);
    ajv.addSchema({ ...document, $id: "openapi.json" } as Json, "openapi.json");
    for (const name of Object.keys(document.components.schemas)) {
      expect(() => ajv.getSchema(`openapi.json#/components/schemas/${name}`), name).not.toThrow();
    }
  });

  it("lists, for the profile calls of SPEC section 7, their schema and their errors", () => {
    const getuserde = document.paths["/api/account/profile"]?.get as Json;
    expect(getuserde["x-spec-call"]).toBe("userhandle getuserde");
    const profile = document.components.schemas.Profile as {
      required: string[];
      additionalProperties: boolean;
    };
    // Exactly SPEC's fields: all required, nothing else allowed.
    expect(profile.required.sort()).toEqual(
      [
        "ar",
        "arTitle",
        "dobDay",
        "dobMonth",
        "dobYear",
        "emailToggle",
        "activityToggle",
        "textToggle",
        "activityCheck",
        "zipCode",
        "DarkMode",
        "name",
        "accountType",
        "AccountTier",
        "lastLogin",
        "valid60DayCheck",
        "next60DayCheck",
      ].sort(),
    );
    expect(profile.additionalProperties).toBe(false);
    const passwordDate = document.paths["/api/account/password-date"]?.post as Json;
    expect(passwordDate["x-spec-call"]).toBe("userhandle updatePasswordDate");
    // 403: a page of another site (every state-changing call under /api refuses those).
    expect(Object.keys(passwordDate.responses as Json)).toEqual(["204", "401", "403", "500"]);
  });

  it("writes Fastify paths as OpenAPI paths", () => {
    expect(openApiPath("/api/admin/articles/:id")).toBe("/api/admin/articles/{id}");
    expect(openApiPath("/v0/b/:bucket/o/*")).toBe("/v0/b/{bucket}/o/{path}");
  });
});
