import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('has working defaults with no configuration (embedded default)', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', SMTP_PORT: 2525, DATA_DIR: './data', MAIL_DOMAIN: 'alias.localhost' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.REDIS_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ SMTP_PORT: '70000' }, 'SMTP_PORT'],
    [{ MAIL_DOMAIN: 'not a domain' }, 'MAIL_DOMAIN'],
    [{ PUBLIC_URL: 'localhost' }, 'PUBLIC_URL'],
    [{ MASTER_KEY: 'c2hvcnQ=' }, 'MASTER_KEY'],
    [{ DATABASE_URL: 'postgres://x@localhost/db' }, 'MASTER_KEY'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SMTP_TLS_KEY: '/k.pem' }, 'SMTP_TLS_CERT'],
  ])('a bad value stops start-up naming the variable: %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });

  it('parses Stripe prices and DNS servers', () => {
    const c = loadConfig({ STRIPE_PRICES: 'plus-monthly=price_1, pro-yearly=price_2', DNS_SERVERS: '127.0.0.1:5353,::1' });
    expect(c.STRIPE_PRICES).toEqual({ 'plus-monthly': 'price_1', 'pro-yearly': 'price_2' });
    expect(c.DNS_SERVERS).toEqual(['127.0.0.1:5353', '::1']);
  });

  it('parses TRUST_PROXY addresses and CIDRs, and names a bad one', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,::1' }).TRUST_PROXY).toEqual(['10.0.0.1', '172.16.0.0/12', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,proxy.example' })).toThrow(/TRUST_PROXY/);
  });
});
