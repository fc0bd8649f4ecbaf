// Thunderbird's autoconfig file (docs/mail-clients.md): served at both paths Thunderbird asks, parsed
// as XML, with the servers, ports and security the config gives the mail access.
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Services } from '@app/runtime';
import { buildApp } from '../src/app';
import { USERNAME_PLACEHOLDER } from '../src/routes/autoconfig/autoconfig';
import { testServices } from '@app/testing';

interface Incoming {
  type: string | null;
  hostname: string;
  port: number;
  socketType: string;
  username: string;
}

function parse(xml: string): { domain: string; incoming: Incoming[] } {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  const text = (el: Element, tag: string) => el.getElementsByTagName(tag)[0]!.textContent!;
  return {
    domain: text(doc.documentElement, 'domain'),
    incoming: [...doc.getElementsByTagName('incomingServer')].map((el) => ({
      type: el.getAttribute('type'),
      hostname: text(el, 'hostname'),
      port: Number(text(el, 'port')),
      socketType: text(el, 'socketType'),
      username: text(el, 'username'),
    })),
  };
}

describe('Thunderbird autoconfig', () => {
  let services: Services;
  let app: FastifyInstance;
  const start = async (env: Record<string, string>) => {
    services = await testServices(env);
    app = await buildApp(services, { webDist: '/nonexistent' });
    await app.ready();
  };
  afterEach(async () => {
    await app.close();
    await services.close();
  });

  it('lists implicit TLS first, then STARTTLS, at the host whose certificate the mail access serves', async () => {
    await start({
      MAIL_DOMAIN: 'alias.example.test',
      MX_HOSTNAME: 'mx.example.test',
      IMAP_PORT: '143',
      POP3_PORT: '110',
      IMAPS_PORT: '993',
      POP3S_PORT: '995',
    });
    const paths = ['/.well-known/autoconfig/mail/config-v1.1.xml', '/mail/config-v1.1.xml?emailaddress=me%40alias.example.test'];
    const answers = await Promise.all(paths.map((url) => app.inject({ method: 'GET', url })));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
    }
    expect(answers[1]!.body).toBe(answers[0]!.body);
    const config = parse(answers[0]!.body);
    expect(config.domain).toBe('alias.example.test');
    const server = { hostname: 'mx.example.test', username: USERNAME_PLACEHOLDER };
    expect(config.incoming).toEqual([
      { type: 'imap', port: 993, socketType: 'SSL', ...server },
      { type: 'imap', port: 143, socketType: 'STARTTLS', ...server },
      { type: 'pop3', port: 995, socketType: 'SSL', ...server },
      { type: 'pop3', port: 110, socketType: 'STARTTLS', ...server },
    ]);
  });

  it('says plain without TLS (the embedded default on loopback)', async () => {
    await start({
      MAIL_DOMAIN: 'alias.localhost',
      MX_HOSTNAME: '',
      IMAPS_PORT: '',
      POP3S_PORT: '',
      SMTP_TLS_KEY: '',
      SMTP_TLS_CERT: '',
    });
    const res = await app.inject({ method: 'GET', url: '/.well-known/autoconfig/mail/config-v1.1.xml' });
    const server = { hostname: 'alias.localhost', socketType: 'plain', username: USERNAME_PLACEHOLDER };
    expect(parse(res.body).incoming).toEqual([
      { type: 'imap', port: 1143, ...server },
      { type: 'pop3', port: 1110, ...server },
    ]);
  });
});
