/** The reference point of the load benchmark: bare Fastify answering hello world, in a process of its own. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` }));
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
