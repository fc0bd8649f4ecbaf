import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config';

describe('config', () => {
  it('has working defaults with no configuration (embedded default)', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      SMTP_PORT: 2525,
      DATA_DIR: './data',
      MAIL_DOMAIN: 'alias.localhost',
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.REDIS_URL).toBeUndefined();
    expect(c).toMatchObject({
      MX_MAX_PER_IP: 10,
      INGEST_CONCURRENCY: 64,
      RETENTION_EVERY_MS: 3_600_000,
      SHUTDOWN_GRACE_MS: 30_000,
      REDIS_PREFIX: 'alias',
    });
  });

  it('a period of 0 turns a worker job off', () => {
    expect(loadConfig({ RETENTION_EVERY_MS: '0', DIGESTS_EVERY_MS: '0' })).toMatchObject({
      RETENTION_EVERY_MS: 0,
      DIGESTS_EVERY_MS: 0,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ SMTP_PORT: '70000' }, 'SMTP_PORT'],
    [{ MAIL_DOMAIN: 'not a domain' }, 'MAIL_DOMAIN'],
    [{ PUBLIC_URL: 'localhost' }, 'PUBLIC_URL'],
    [{ MASTER_KEY: 'c2hvcnQ=' }, 'MASTER_KEY'],
    [{ DATABASE_URL: 'postgres://x@localhost/db' }, 'MASTER_KEY'],
    [{ MASTER_KEY: Buffer.alloc(32).toString('base64'), MASTER_KEY_FILE: '/k' }, 'MASTER_KEY_FILE'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SMTP_TLS_KEY: '/k.pem' }, 'SMTP_TLS_CERT'],
    [{ MX_MAX_PER_IP: '0' }, 'MX_MAX_PER_IP'],
    [{ MX_IDLE_TIMEOUT_MS: 'soon' }, 'MX_IDLE_TIMEOUT_MS'],
    [{ INGEST_CONCURRENCY: '0' }, 'INGEST_CONCURRENCY'],
    [{ SWEEP_EVERY_MS: '5' }, 'SWEEP_EVERY_MS'],
    [{ RETENTION_EVERY_MS: '-1' }, 'RETENTION_EVERY_MS'],
    [{ SHUTDOWN_GRACE_MS: '1.5' }, 'SHUTDOWN_GRACE_MS'],
    [{ REDIS_PREFIX: 'a:b' }, 'REDIS_PREFIX'],
  ])('a bad value stops start-up naming the variable: %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });

  it('parses SMTP_PROXY_FROM as IP addresses (off when unset) and names it when one is not', () => {
    expect(loadConfig({}).SMTP_PROXY_FROM).toEqual([]);
    expect(loadConfig({ SMTP_PROXY_FROM: '10.0.0.5, ::1' }).SMTP_PROXY_FROM).toEqual(['10.0.0.5', '::1']);
    expect(() => loadConfig({ SMTP_PROXY_FROM: '10.0.0.5,lb.internal' })).toThrow(/SMTP_PROXY_FROM/);
  });

  it('parses Stripe prices and DNS servers', () => {
    const c = loadConfig({ STRIPE_PRICES: 'plus-monthly=price_1, pro-yearly=price_2', DNS_SERVERS: '127.0.0.1:5353,::1' });
    expect(c.STRIPE_PRICES).toEqual({ 'plus-monthly': 'price_1', 'pro-yearly': 'price_2' });
    expect(c.DNS_SERVERS).toEqual(['127.0.0.1:5353', '::1']);
  });

  it('infra/.env.example and the README table list every variable, and no other', () => {
    const root = new URL('../../../', import.meta.url);
    const example = readFileSync(new URL('infra/.env.example', root), 'utf8');
    const exampleVars = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    expect([...exampleVars].sort()).toEqual([...CONFIG_VARIABLES].sort());
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    const table = readme.slice(readme.indexOf('| variable |'), readme.indexOf('## Layout'));
    const readmeVars = new Set([...table.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));
    expect([...readmeVars].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('fills the password of DATABASE_URL and REDIS_URL from POSTGRES_PASSWORD and REDIS_PASSWORD, unless the URL has one', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://alias@postgres:5432/alias',
      POSTGRES_PASSWORD: 'p@ss/word',
      REDIS_URL: 'redis://redis:6379',
      REDIS_PASSWORD: 'r3d',
      MASTER_KEY: 'A'.repeat(43) + '=',
    });
    expect(new URL(c.DATABASE_URL!).username).toBe('alias');
    expect(decodeURIComponent(new URL(c.DATABASE_URL!).password)).toBe('p@ss/word');
    expect(new URL(c.DATABASE_URL!).host).toBe('postgres:5432');
    expect(decodeURIComponent(new URL(c.REDIS_URL!).password)).toBe('r3d');
    const own = loadConfig({
      DATABASE_URL: 'postgres://u:own@db/x',
      POSTGRES_PASSWORD: 'other',
      MASTER_KEY: 'A'.repeat(43) + '=',
    });
    expect(own.DATABASE_URL).toBe('postgres://u:own@db/x');
    expect(loadConfig({}).DATABASE_URL).toBeUndefined();
  });

  it('PUBLIC_URL defaults to this server on its own port, so mailed links reach it', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3917' }).PUBLIC_URL).toBe('http://localhost:3917');
    expect(loadConfig({ PORT: '8080', HOST: '192.0.2.7' }).PUBLIC_URL).toBe('http://192.0.2.7:8080');
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://alias.example.test' }).PUBLIC_URL).toBe('https://alias.example.test');
  });

  it('MX_HOSTNAME defaults to MAIL_DOMAIN and must be a host name', () => {
    expect(loadConfig({ MAIL_DOMAIN: 'alias.example.test' }).MX_HOSTNAME).toBe('alias.example.test');
    expect(loadConfig({ MAIL_DOMAIN: 'alias.example.test', MX_HOSTNAME: 'MX.Example.test' }).MX_HOSTNAME).toBe('mx.example.test');
    expect(() => loadConfig({ MX_HOSTNAME: 'not a host' })).toThrow(/MX_HOSTNAME/);
  });

  it('parses TRUST_PROXY addresses and CIDRs, and names a bad one', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,::1' }).TRUST_PROXY).toEqual(['10.0.0.1', '172.16.0.0/12', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,proxy.example' })).toThrow(/TRUST_PROXY/);
  });
});
