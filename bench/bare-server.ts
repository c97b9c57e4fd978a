// The yardstick for API throughput: bare Fastify routes with no database and no checks.
// `/bare` answers a tiny envelope; `/sized/:bytes` answers a JSON body of that many bytes, so that an
// endpoint can also be compared with a bare route sending as much.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const bodies = new Map<number, string>();
const bodyOf = (bytes: number) => {
  let body = bodies.get(bytes);
  if (!body) {
    const filler = 'x'.repeat(Math.max(0, bytes - 33));
    body = JSON.stringify({ code: 0, msg: '', data: filler });
    bodies.set(bytes, body);
  }
  return body;
};
app.get('/bare', async () => ({ code: 0, msg: '', data: true }));
app.get<{ Params: { bytes: string } }>('/sized/:bytes', (request, reply) =>
  reply.type('application/json; charset=utf-8').send(bodyOf(Number(request.params.bytes))),
);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 28190) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
