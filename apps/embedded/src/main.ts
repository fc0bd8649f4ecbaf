import { exitOnSignal, startOrExit } from '@app/runtime';
import { startEmbedded } from './index';

const app = await startOrExit('alias', () => startEmbedded());
const { config } = app.services;
const lines = [
  '',
  `  Web:   ${app.url}`,
  `  SMTP:  ${config.SMTP_HOST}:${app.smtpPort}  (mail to any alias @${config.MAIL_DOMAIN})`,
  `  IMAP:  ${config.IMAP_HOST}:${app.imapPort}   POP3: ${config.IMAP_HOST}:${app.pop3Port}  (user name + app password)`,
  `  Data:  ${app.services.database.kind === 'pglite' ? config.DATA_DIR : 'Postgres'}`,
  app.adminPassword ? `  Admin: admin / ${app.adminPassword}   (shown once; change it in the profile)` : '',
  '',
];
console.log(lines.filter((l, i) => l || i === 0 || i === lines.length - 1).join('\n'));
exitOnSignal(app.shutdownSteps, { log: app.services.log, graceMs: config.SHUTDOWN_GRACE_MS });
