// `npm run openapi`: writes docs/openapi.json from packages/contract (api-operations.ts, openapi.ts). A unit test
// (apps/server/src/openapi.test.ts) fails while the committed file differs from a fresh one.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { formatOpenApiDocument } from "@heirloom/contract/openapi";

const target = path.resolve(import.meta.dirname, "..", "docs", "openapi.json");
writeFileSync(target, formatOpenApiDocument());
console.log(`Wrote ${path.relative(process.cwd(), target)}`);
