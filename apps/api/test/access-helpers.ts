import type { AppOptions } from '../src/app';
import { randomBytes } from 'node:crypto';
import { startOutbound } from '@app/worker';
import { build, type TestApp } from './helpers';
import { type SmtpCapture, startSmtpCapture } from '@app/testing';

/** Links in mails are built from this, never from the request's Host. */
export const TEST_PUBLIC_URL = 'http://mail.test.example';

type OutboundHandle = ReturnType<typeof startOutbound>;

export interface RelayTestApp extends TestApp {
  capture: SmtpCapture;
  outbound: OutboundHandle;
}

/**
 * The real API with a local SMTP capture server as SMTP_RELAY_URL and the worker's outbound
 * processor running on the same queue (in-process, or BullMQ when REDIS_URL is set).
 */
export async function buildWithRelay(env: Record<string, string> = {}, opts: AppOptions = {}): Promise<RelayTestApp> {
  const capture = await startSmtpCapture();
  const t = await build({ SMTP_RELAY_URL: capture.url, PUBLIC_URL: TEST_PUBLIC_URL, ...env }, opts);
  const outbound = startOutbound(t.services);
  return {
    ...t,
    capture,
    outbound,
    async close() {
      await outbound.close();
      await t.close();
      await capture.close();
    },
  };
}

/** A unique address nobody uses yet. */
export const freshEmail = (tag = 'p') => `${tag}_${randomBytes(5).toString('hex')}@invitee.example`;

/** A unique IP, so tests of one file do not share the per-IP limits. */
export const freshIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;

/** What a browser sends with the SPA's own fetch: redeem wants it (or the CSRF header). */
export const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
