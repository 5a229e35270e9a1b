// The references of bench/server.ts: a bare Fastify hello-world on the same Node, nothing else; and the same bare
// server answering a JSON body of a given size (`/bytes/:n`), the ceiling for an answer as large as a target's, or
// random bytes of a given size (`/binary/:n`), the ceiling for a compressed answer as large: autocannon adds every
// body to a string, and decoding bytes that are not text as UTF-8 costs it about three times as much.
import { randomBytes } from "node:crypto";
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
const bodies = new Map<number, string>();
app.get<{ Params: { n: string } }>("/bytes/:n", async (request, reply) => {
  const n = Math.max(16, Math.min(1_000_000, Number(request.params.n) || 16));
  let body = bodies.get(n);
  if (!body) {
    body = JSON.stringify({ pad: "x".repeat(n - 10) });
    bodies.set(n, body);
  }
  return reply.type("application/json; charset=utf-8").send(body);
});
const binaries = new Map<number, Buffer>();
app.get<{ Params: { n: string } }>("/binary/:n", async (request, reply) => {
  const n = Math.max(16, Math.min(1_000_000, Number(request.params.n) || 16));
  let body = binaries.get(n);
  if (!body) {
    body = randomBytes(n);
    binaries.set(n, body);
  }
  return reply.type("application/octet-stream").send(body);
});
await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });
