import type { Services } from '@app/runtime';
import { buildApp, type AppOptions } from './app';

export { buildApp, type AppOptions } from './app';
export { seedDatabase } from './routes/init/first-run';
export { hashPassword } from './routes/sign-in/passwords';

export interface ApiHandle {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Starts the HTTP server (API, viewer, SPA) on config.HOST:PORT; port 0 picks a free one. */
export async function startApi(services: Services, opts: AppOptions & { port?: number } = {}): Promise<ApiHandle> {
  const app = await buildApp(services, opts);
  await app.listen({ host: services.config.HOST, port: opts.port ?? services.config.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : services.config.PORT;
  return { url: `http://${services.config.HOST}:${port}`, port, close: () => app.close() };
}
