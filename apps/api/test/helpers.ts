// The api under test: the real app on the test kit's services, seeded as the first run seeds, and
// requests made as a signed-in browser makes them.
import type { Services } from '@app/runtime';
import { testServices } from '@app/testing';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../src/app';
import { seedDatabase } from '../src/routes/init/first-run';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  close(): Promise<void>;
}

export async function build(env: Record<string, string> = {}, opts: AppOptions = {}): Promise<TestApp> {
  const services = await testServices(env, { seed: seedDatabase });
  const app = await buildApp(services, { webDist: '/nonexistent', ...opts });
  await app.ready();
  return {
    app,
    services,
    async close() {
      await app.close();
      await services.close();
    },
  };
}

/** Headers every write from the SPA carries (the CSRF guard wants X-Requested-With). */
export const WRITE_HEADERS = { 'x-requested-with': 'fetch', 'content-type': 'application/json' };

/** Signs in through the real route and returns the Cookie header for later requests. */
export async function login(app: FastifyInstance, handle: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login', headers: WRITE_HEADERS, payload: { handle, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return cookieHeader(res);
}

export function cookieHeader(res: LightMyRequestResponse): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** Injects with the session cookie and, for writes, the SPA's headers. */
export function as(app: FastifyInstance, cookie: string) {
  return (opts: InjectOptions) => {
    const write = opts.method && !['GET', 'HEAD'].includes(opts.method);
    return app.inject({ ...opts, headers: { cookie, ...(write ? WRITE_HEADERS : {}), ...opts.headers } });
  };
}
