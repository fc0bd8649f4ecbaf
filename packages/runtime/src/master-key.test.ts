import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { loadMasterKey } from './services';

/** A logger whose lines are kept, to read what start-up says about the key. */
function captureLog() {
  const lines: Array<{ level: number; msg: string; file?: string }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

const tmp = () => mkdtempSync(join(tmpdir(), 'master-key-'));

describe('master key (docs/security.md AR3)', () => {
  it('embedded default: generated into DATA_DIR once, and start-up says a copy of DATA_DIR reads the mail', () => {
    const dataDir = tmp();
    const first = captureLog();
    const key = loadMasterKey(loadConfig({ DATA_DIR: dataDir }), first.log);
    expect(readFileSync(join(dataDir, 'master.key'), 'utf8').trim()).toBe(key);
    expect(statSync(join(dataDir, 'master.key')).mode & 0o777).toBe(0o600);
    expect(
      first.lines.some((l) => /generated a master key inside DATA_DIR.*copy of DATA_DIR can read the mail/.test(l.msg)),
    ).toBe(true);

    const again = captureLog();
    expect(loadMasterKey(loadConfig({ DATA_DIR: dataDir }), again.log)).toBe(key);
    expect(again.lines.some((l) => /master key read from a file inside DATA_DIR/.test(l.msg))).toBe(true);
  });

  it('MASTER_KEY_FILE puts the key elsewhere: nothing is written into DATA_DIR', () => {
    const dataDir = tmp();
    const file = join(tmp(), 'secrets', 'alias.key');
    const { log, lines } = captureLog();
    const key = loadMasterKey(loadConfig({ DATA_DIR: dataDir, MASTER_KEY_FILE: file }), log);
    expect(readFileSync(file, 'utf8').trim()).toBe(key);
    expect(existsSync(join(dataDir, 'master.key'))).toBe(false);
    expect(lines.some((l) => /outside DATA_DIR/.test(l.msg) && l.file === file)).toBe(true);
  });

  it('MASTER_KEY wins and no file is written', () => {
    const dataDir = tmp();
    const key = randomBytes(32).toString('base64');
    const { log, lines } = captureLog();
    expect(loadMasterKey(loadConfig({ DATA_DIR: dataDir, MASTER_KEY: key }), log)).toBe(key);
    expect(existsSync(join(dataDir, 'master.key'))).toBe(false);
    expect(lines.some((l) => l.msg === 'master key from MASTER_KEY')).toBe(true);
  });

  it('with DATABASE_URL a missing key file is an error, never a new key', () => {
    const file = join(tmp(), 'missing.key');
    const config = loadConfig({ DATABASE_URL: 'postgres://x@localhost/db', MASTER_KEY_FILE: file });
    expect(() => loadMasterKey(config, captureLog().log)).toThrow(ConfigError);
    expect(existsSync(file)).toBe(false);
  });
});
