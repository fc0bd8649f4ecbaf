/**
 * Export memory bench (docs/performance.md §1, §5; docs/product.md §7 Export and import): a 200 MB
 * alias (200 messages of 1 MB, stored the way ingest stores them) is downloaded as .mbox from the
 * api in its own process on real Postgres; the figure is the api's peak RSS during the download
 * against its RSS before, and the bytes received.
 */
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adjustAliasCounters, insertKeysBulk, insertMessagesBulk } from '@app/db';
import { createScratchDatabase } from '@app/db/testing';
import { createServices, generateKey, loadConfig, seal, wrapKey, type Services } from '@app/runtime';
import { seedMember } from './member';
import { startApiProcess, signInCookie } from './api-process';
import { peakRssMb } from './processes';

const MB = 1024 * 1024;

export interface ExportFigure {
  megabytes: number;
  messages: number;
  bytes: number;
  seconds: number;
  rssBeforeMb: number | null;
  peakRssMb: number | null;
}

export async function runExportBench(opts: { messages?: number; messageMb?: number } = {}): Promise<ExportFigure> {
  const count = opts.messages ?? Number(process.env.BENCH_EXPORT_MESSAGES ?? 200);
  const size = (opts.messageMb ?? 1) * MB;
  const pgAdmin = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await createScratchDatabase(pgAdmin, 'bench_export');
  const env = {
    DATABASE_URL: database.url,
    MASTER_KEY: randomBytes(32).toString('base64'),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-export-')),
    MAIL_DOMAIN: 'bench.localhost',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  };
  let services: Services | null = null;
  let api: ChildProcess | null = null;
  try {
    services = await createServices(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { name: 'bench' });
    const db = services.database.db;
    const { account, alias, aliasKey: aliasKeyRow, handle, password } = await seedMember(services, env.MAIL_DOMAIN);

    // Ten messages per statement: each a 1 MB raw of 76-column lines with a few "From " lines to quote.
    const line = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tem\r\n';
    const body = (line.repeat(Math.floor(size / line.length / 100)) + 'From the bench\r\n').repeat(100);
    let rawTotal = 0;
    for (let i = 0; i < count; i += 10) {
      const n = Math.min(10, count - i);
      const ks = Array.from({ length: n }, () => generateKey('aes'));
      const keyIds = await insertKeysBulk(
        db,
        ks.map((k) => ({ scheme: k.scheme, wrapped: wrapKey(aliasKeyRow.key, k) })),
      );
      const rows = ks.map((k, j) => {
        const raw = Buffer.from(
          `From: bench@shop.example\r\nSubject: bench ${i + j}\r\nMessage-ID: <${i + j}@bench>\r\n\r\n${body}`,
        );
        rawTotal += raw.length;
        return {
          aliasId: alias.id,
          keyId: keyIds[j]!,
          senderAddress: 'bench@shop.example',
          recipient: `${alias.handle}@${env.MAIL_DOMAIN}`,
          subjectSealed: seal(k, `bench ${i + j}`),
          rawSealed: seal(k, raw),
          rawSha256: createHash('sha256').update(raw).digest(),
          size: raw.length,
          sentAt: new Date(),
        };
      });
      await insertMessagesBulk(db, rows);
    }
    await adjustAliasCounters(db, alias.id, { unread: count, total: count });

    const server = await startApiProcess(env);
    api = server.child;
    const { child, base } = server;
    const cookie = await signInCookie(base, handle, password);

    const rssBeforeMb = peakRssMb(child.pid, 'VmRSS');
    const started = performance.now();
    const res = await fetch(`${base}/api/account/${account.id}/alias/${alias.id}/export.mbox`, { headers: { cookie } });
    if (res.status !== 200 || !res.body) throw new Error(`export failed: ${res.status}`);
    let bytes = 0;
    const reader = res.body.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.length;
    const seconds = (performance.now() - started) / 1000;
    const figure: ExportFigure = {
      megabytes: Math.round(rawTotal / MB),
      messages: count,
      bytes,
      seconds,
      rssBeforeMb,
      peakRssMb: peakRssMb(child.pid),
    };
    console.log(
      `\n.mbox export of ${figure.megabytes} MB (${count} messages): ${bytes} bytes in ${seconds.toFixed(1)} s; ` +
        `api RSS ${rssBeforeMb ?? '?'} MB before, peak ${figure.peakRssMb ?? '?'} MB`,
    );
    return figure;
  } finally {
    api?.kill('SIGKILL');
    await services?.close().catch(() => undefined);
    await new Promise((r) => setTimeout(r, 300));
    await database.drop().catch(() => undefined);
  }
}
