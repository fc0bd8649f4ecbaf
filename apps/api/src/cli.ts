// The operator's command line (`pnpm cli <command>`; in the image `cli <command>`): runs once on
// the configured database and exits. Every failure prints one clear line and exits non-zero.
import { runCli } from './cli/commands';

process.exitCode = await runCli(process.argv.slice(2), { out: (s) => console.log(s), err: (s) => console.error(s) });
// Pools, Redis clients and timers must not keep a finished command alive.
setTimeout(() => process.exit(), 100).unref();
