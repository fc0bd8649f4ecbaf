// `pnpm bench` (docs/architecture.md §7): SMTP ingest, API latency, SPA initial JS, memory. Each bench prints
// its own figures; one summary table with the goals closes the run and goes to
// bench/results/latest.json. BENCH_ONLY=ingest,api,spa picks benches.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureSpaJs, runApiBench, type JsFigure, type LatencyFigure } from './api';
import { runIngestBench, type Phase, type Rss } from './ingest';

const only = process.env.BENCH_ONLY?.split(',');
const want = (b: string) => !only || only.includes(b);

let ingest: { phases: Phase[]; rss: Rss } | null = null;
let api: LatencyFigure[] | null = null;
let spa: JsFigure[] | null = null;

if (want('ingest')) {
  console.log('\n=== ingest ===');
  ingest = await runIngestBench();
}
if (want('api')) {
  console.log('\n=== api ===');
  api = await runApiBench();
}
if (want('spa')) spa = measureSpaJs();

interface Row {
  figure: string;
  value: number | null;
  unit: string;
  goal: string;
  met: boolean | null;
}
const rows: Row[] = [];
const add = (figure: string, value: number | null, unit: string, goal = '', ok?: (v: number) => boolean) =>
  rows.push({ figure, value, unit, goal, met: value === null || !ok ? null : ok(value) });

if (ingest) {
  const rate = (p: Phase | undefined, e2e = false) => (p ? (p.n - p.refused) / (((e2e ? p.e2eMs : p.acceptMs) ?? p.acceptMs) / 1000) : null);
  for (const mode of [...new Set(ingest.phases.filter((p) => p.mode !== 'split').map((p) => p.mode))]) {
    const get = (t: string) => ingest!.phases.find((p) => p.mode === mode && p.target === t);
    const ours = rate(get('ours'), true);
    const md = rate(get('maildev'));
    const sink = rate(get('sink'));
    add(`SMTP e2e msg/s, ${mode}`, ours, 'msg/s');
    add(`  MailDev msg/s, ${mode}`, md, 'msg/s');
    const reused = mode.includes('reused');
    add(`  ours / MailDev, ${mode}`, ours && md ? ours / md : null, '×', reused ? '≥ 1.5×' : '', reused ? (v) => v >= 1.5 : undefined);
    add(`  ours / bare smtp-server, ${mode}`, ours && sink ? ours / sink : null, '×');
  }
  add('mx alone (commit) msg/s', rate(ingest.phases.find((p) => p.target === 'ours: mx only')), 'msg/s');
  add('worker alone (drain) msg/s', rate(ingest.phases.find((p) => p.target === 'ours: worker drain')), 'msg/s');
  add('peak RSS mx under load', ingest.rss.mx, 'MB', '< 150 MB', (v) => v < 150);
  add('peak RSS worker under load', ingest.rss.worker, 'MB', '< 150 MB', (v) => v < 150);
  add('idle RSS mx / worker', ingest.rss.idleMx, 'MB', `worker ${ingest.rss.idleWorker ?? '?'} MB`);
}
if (api) {
  for (const f of api) {
    const goal = f.name.startsWith('inbox') ? 15 : 10;
    add(`API ${f.name} p50`, f.p50, 'ms');
    add(`API ${f.name} p99`, f.p99, 'ms', `< ${goal} ms`, (v) => v < goal);
    add(`API ${f.name} req/s`, f.rps, 'req/s', f.errors ? `${f.errors} errors` : '');
  }
}
if (spa) for (const s of spa) add(`SPA initial JS gzipped, ${s.route}`, Math.round(s.gzipBytes / 102.4) / 10, 'KB', '< 120 KB', (v) => v < 120);

const fmt = (v: number | null) => (v === null ? '-' : v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));
console.log('\n=== summary ===\n');
console.log(`${'figure'.padEnd(58)} ${'value'.padStart(8)}  ${'unit'.padEnd(6)} goal`);
for (const r of rows) {
  console.log(`${r.figure.padEnd(58)} ${fmt(r.value).padStart(8)}  ${r.unit.padEnd(6)} ${r.goal}${r.met === null ? '' : r.met ? '  met' : '  NOT met'}`);
}
const out = join(dirname(fileURLToPath(import.meta.url)), 'results');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'latest.json'), JSON.stringify({ at: new Date().toISOString(), summary: rows, ingest, api, spa }, null, 2));
console.log(`\nwritten to bench/results/latest.json`);
process.exit(0);
