// The floor of a trivial API route: Fastify (the backend's own copy) answering a JSON body of the
// size of GET /api/auth/me, with no framework, guard, token or database in between.
import { backendRequire } from './env.mjs';

const fastify = backendRequire('fastify')({ logger: false });
const body = {
  success: true,
  data: {
    id: 2,
    username: 'admin-bench001',
    email: 'admin@bench001.example.com',
    role: 'company_admin',
    first_name: 'Admin',
    last_name: 'Bench Corporation',
    company_id: 1,
    company_name: 'Bench Corporation',
    employee_id: null,
    impersonator_id: null,
  },
};
fastify.get('/bare', async () => body);
fastify.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).catch((e) => {
  console.error(e);
  process.exit(1);
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => fastify.close().then(() => process.exit(0)));
