// A bare smtp-server that reads and discards every message: the ceiling of the SMTP layer alone.
import { SMTPServer } from 'smtp-server';

const port = Number(process.argv[2] ?? 2600);
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  disableReverseLookup: true,
  maxClients: 1000,
  size: 25 * 1024 * 1024,
  onData(stream, _session, callback) {
    stream.on('end', () => callback());
    stream.resume();
  },
});
server.listen(port, '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
