// The references of bench/server.ts: a bare Fastify hello-world on the same Node, nothing else; and the same bare
// server answering a JSON body of a given size (`/bytes/:n`), the ceiling for an answer as large as a target's.
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
await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });
