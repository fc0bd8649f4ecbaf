import { ConfigError } from '@app/runtime';
import { startEmbedded } from './index';

try {
  const app = await startEmbedded();
  const { config } = app.services;
  const lines = [
    '',
    `  Web:   ${app.url}`,
    `  SMTP:  ${config.SMTP_HOST}:${app.smtpPort}  (mail to any alias @${config.MAIL_DOMAIN})`,
    `  Data:  ${app.services.database.kind === 'pglite' ? config.DATA_DIR : 'Postgres'}`,
    app.adminPassword ? `  Admin: admin / ${app.adminPassword}   (shown once; change it in the profile)` : '',
    '',
  ];
  console.log(lines.filter((l, i) => l || i === 0 || i === lines.length - 1).join('\n'));
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  throw err;
}
