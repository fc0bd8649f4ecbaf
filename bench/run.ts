// `pnpm bench` (DESIGN §7). Each entry prints its own figures; add more benchmarks below.
import { runIngestBench } from './ingest';

const benches: Array<[string, () => Promise<unknown>]> = [['ingest', () => runIngestBench()]];

for (const [name, run] of benches) {
  console.log(`\n=== ${name} ===`);
  await run();
}
process.exit(0);
