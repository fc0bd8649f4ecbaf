// The ingest bench's table: each phase's rates, CPU per message and check, and the ratios to the peers.
/** One measured phase of the ingest bench: a target, a mode, its times and checks. */
export interface Phase {
  target: string;
  mode: string;
  n: number;
  acceptMs: number;
  e2eMs: number | null;
  refused: number;
  checked: string;
  /** CPU ms per message of each server process during the phase. */
  cpuPerMsg?: Record<string, number>;
  /** Scale-out only: Message-IDs stored more than once (must be 0). */
  duplicates?: number;
}

/** Peak and idle RSS (MB) of the mx and the worker. */
export interface Rss {
  mx: number | null;
  worker: number | null;
  idleMx: number | null;
  idleWorker: number | null;
}

/** The whole pipeline's CPU per message: for ours mx, worker, Postgres and Redis; for a peer its processes. */
export const pipelineCpu = (p: Phase | undefined) =>
  p?.cpuPerMsg ? Object.values(p.cpuPerMsg).reduce((sum, ms) => sum + ms, 0) : null;

export function printIngest(phases: Phase[], rss: Rss, postfixSkipped: string | null) {
  const rate = (n: number, ms: number) => n / (ms / 1000);
  const fmt = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
  const cpu = (p: Phase) =>
    p.cpuPerMsg
      ? Object.entries(p.cpuPerMsg)
          .map(([k, v]) => `${k} ${v.toFixed(2)}`)
          .join(', ')
      : '-';
  const modes = [...new Set(phases.map((p) => p.mode))];
  console.log(
    '\nSMTP ingest (20 KB multipart; ours = end to end: 250 → parsed, sealed, stored, visible; Postfix = 250 → fsynced in Maildir/new)\n',
  );
  if (postfixSkipped) console.log(`${postfixSkipped}\n`);
  console.log(`${'mode'.padEnd(38)} ${'target'.padEnd(22)}  msgs   accept msg/s   e2e msg/s   CPU ms/msg             check`);
  for (const mode of modes) {
    for (const p of phases.filter((x) => x.mode === mode)) {
      console.log(
        `${mode.padEnd(38)} ${p.target.padEnd(22)} ${String(p.n).padStart(5)}   ${fmt(rate(p.n - p.refused, p.acceptMs)).padStart(12)}   ${(p.e2eMs ? fmt(rate(p.n - p.refused, p.e2eMs)) : '-').padStart(9)}   ${cpu(p).padEnd(22)} ${p.checked}${p.refused ? ` (${p.refused} refused)` : ''}`,
      );
    }
    if (mode === 'scale-out')
      console.log(`${''.padEnd(38)} on a 2-core machine this shows the cost of running two of each, not a speed-up\n`);
    const get = (t: string) => phases.find((x) => x.mode === mode && x.target === t);
    const ours = get('ours');
    const md = get('maildev');
    const sink = get('sink');
    const postfix = get('postfix');
    if (!ours?.e2eMs) continue;
    const oursE2e = rate(ours.n - ours.refused, ours.e2eMs);
    const ratios = [
      md && `ours e2e / MailDev = ${(oursE2e / rate(md.n - md.refused, md.acceptMs)).toFixed(2)}×`,
      postfix?.e2eMs && `ours e2e / Postfix = ${(oursE2e / rate(postfix.n - postfix.refused, postfix.e2eMs)).toFixed(2)}×`,
      postfix && `ours CPU per message / Postfix = ${(pipelineCpu(ours)! / pipelineCpu(postfix)!).toFixed(2)}×`,
      sink && `ours e2e / bare smtp-server = ${(oursE2e / rate(sink.n - sink.refused, sink.acceptMs)).toFixed(3)}×`,
    ].filter(Boolean);
    if (ratios.length) console.log(`${''.padEnd(38)} ratios: ${ratios.join(', ')}\n`);
  }
  console.log(
    `peak RSS under load: mx ${rss.mx ?? '?'} MB, worker ${rss.worker ?? '?'} MB (idle after start: mx ${rss.idleMx ?? '?'} MB, worker ${rss.idleWorker ?? '?'} MB)`,
  );
}
