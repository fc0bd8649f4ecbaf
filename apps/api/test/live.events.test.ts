import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startApi } from '../src/index';
import { build } from './helpers';
import { createMember, testServices } from '@app/testing';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

describe('live updates (SSE)', () => {
  it('streams the account its own events, and nobody else’s', async () => {
    const services = await testServices();
    const api = await startApi(services, { port: 0, webDist: '/nonexistent' });
    try {
      const me = await createMember(services);
      const other = await createMember(services);
      const cookie = (await (
        await fetch(`${api.url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
          body: JSON.stringify({ handle: me.handle, password: me.password }),
        })
      ).headers.get('set-cookie'))!.split(';')[0]!;

      const denied = await fetch(`${api.url}/api/account/${other.account.id}/events`, { headers: { cookie } });
      expect(denied.status).toBe(404);

      const res = await fetch(`${api.url}/api/account/${me.account.id}/events`, { headers: { cookie } });
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = res.body!.getReader();
      // Wait for the stream's first bytes, so the subscription exists before publishing.
      await reader.read();
      await services.events.publish(other.account.id, { type: 'message', aliasId: 999 });
      // Only the LiveEvent fields leave, whatever else a publisher put in.
      const withExtra = { type: 'message', aliasId: 42, unread_count: 3, subject: 'Top secret subject' } as const;
      await services.events.publish(me.account.id, withExtra);
      let text = '';
      while (!text.includes('\n\n') || !text.includes('data:')) text += new TextDecoder().decode((await reader.read()).value);
      expect(text).toContain('event: message');
      expect(text).toContain('"aliasId":42');
      expect(text).not.toContain('999');
      expect(text).not.toContain('secret');
      await reader.cancel();
    } finally {
      await api.close();
      await services.close();
    }
  });
});

describe('health', () => {
  it('is ok when the database (and Redis, when configured) are fine', async () => {
    const t = await build();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json().checks.database).toBe('ok');
      if (process.env.REDIS_URL) expect(res.json().checks.redis).toBe('ok');
    } finally {
      await t.close();
    }
  });

  it('fails when Redis may evict queued jobs (maxmemory-policy other than noeviction)', async () => {
    const port = await freePort();
    const redis = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'allkeys-lru'],
      { stdio: 'ignore' },
    );
    await new Promise((r) => setTimeout(r, 300));
    const t = await build({ REDIS_URL: `redis://127.0.0.1:${port}` });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.redis).toMatch(/allkeys-lru/);
    } finally {
      await t.close();
      redis.kill('SIGKILL');
    }
  });
});
