// The baseline: Fastify with no plugins, hooks or logger, answering a constant hello-world.
// It also answers BENCH_PATH, so the load generator can send both servers byte-identical requests.
import { importFromServer } from './server-packages.mjs';

const Fastify = await importFromServer('fastify');
const app = Fastify({ logger: false });
const hello = async () => ({ hello: 'world' });
app.get('/', hello);
if (process.env.BENCH_PATH && process.env.BENCH_PATH !== '/') app.get(process.env.BENCH_PATH, hello);
// POST too, for webhook benchmarks: the body is read and parsed as JSON like any Fastify route's.
if (process.env.BENCH_PATH) app.post(process.env.BENCH_PATH, hello);

const shutdown = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
