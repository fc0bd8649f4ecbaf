// Runs before `pnpm start` and `pnpm test`, on whatever Node the machine has: plain CommonJS that
// even old versions parse. An older Node fails minutes later deep inside a dependency; this says in
// one line what to install. Exit code 1 when the version is too old.
'use strict';
const MIN = [22, 12];
const have = process.versions.node.split('.').map(Number);
const ok = have[0] > MIN[0] || (have[0] === MIN[0] && have[1] >= MIN[1]);
if (!ok) {
  process.stderr.write(
    'Node ' +
      process.versions.node +
      ' is too old: this product needs Node ' +
      MIN.join('.') +
      " or later (24 recommended). Install it with `npm i -g --prefix /opt/node24 node@24` and put /opt/node24/bin first in PATH (or use nvm, or your distribution's nodejs 24 package).\n",
  );
  process.exit(1);
}
