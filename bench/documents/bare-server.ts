// The machine's limit for bench/documents.ts: a bare Node HTTP server (no framework, no parsing, no database, no
// hashing) that stores what it receives as files with the fs blob store's durability (write to a temporary file,
// fsync it, rename it into place, fsync the folder) and serves them back. Run as its own process like the real
// server; prints `listening <port>` once ready. Answers any origin (CORS), since the tab's page comes from the app;
// the bench's browser context adds an X-Forwarded-For header to every request, so each request is preflighted (a
// small OPTIONS round trip per 4 MiB object).
//   POST /o/<name>  body = the object's bytes      GET /o/<name>  the bytes      DELETE /o/<name>
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { open, rename, rm, stat } from "node:fs/promises";
import { createServer, type ServerResponse } from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";

const dir = process.argv[2];
if (!dir) throw new Error("usage: bare-server.ts <data folder>");

const cors = { "access-control-allow-origin": "*" };
const fail = (response: ServerResponse, status: number, message: string) =>
  response.writeHead(status, { ...cors, "content-type": "text/plain" }).end(message);

const server = createServer(async (request, response) => {
  try {
    if (request.method === "OPTIONS") {
      return response
        .writeHead(204, {
          ...cors,
          "access-control-allow-methods": "GET, POST, DELETE",
          "access-control-allow-headers": request.headers["access-control-request-headers"] ?? "",
          "access-control-max-age": "600",
        })
        .end();
    }
    const match = /^\/o\/([A-Za-z0-9._-]+)$/.exec(request.url ?? "");
    if (!match?.[1]) return fail(response, 404, "no such path");
    const file = path.join(dir, match[1]);
    if (request.method === "POST") {
      const temp = path.join(dir, `.${match[1]}.${randomBytes(6).toString("hex")}.tmp`);
      // flush: fsync before the descriptor closes.
      await pipeline(request, createWriteStream(temp, { flush: true }));
      await rename(temp, file);
      const folder = await open(dir, "r");
      await folder.sync();
      await folder.close();
      return response.writeHead(200, { ...cors, "content-type": "application/json" }).end("{}");
    }
    if (request.method === "GET") {
      const { size } = await stat(file);
      response.writeHead(200, {
        ...cors,
        "content-type": "application/octet-stream",
        "content-length": size,
      });
      return await pipeline(createReadStream(file), response);
    }
    if (request.method === "DELETE") {
      await rm(file, { force: true });
      return response.writeHead(204, cors).end();
    }
    return fail(response, 405, "method not allowed");
  } catch (error) {
    if (!response.headersSent) fail(response, 500, String(error));
    else response.destroy();
  }
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening ${typeof address === "object" && address ? address.port : ""}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
