// The main process's log file (<dataDir>/logs/baton.log): what is logged lands there, the file starts
// again past its size with the previous one kept, and no line holds the API key or a token, whoever
// logged it (SPEC §6).
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileLogSink, LOG_FILE, log, logsDir, setLogSink } from '../../electron/core/log';
import { useFakeAnthropic } from '../fakeAnthropic';
import { startCore } from '../support/testApp';

const fake = useFakeAnthropic();
let dataDir: string;
const logFile = () => join(logsDir(dataDir), LOG_FILE);
const logText = () => readFileSync(logFile(), 'utf8');

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'baton-log-'));
});
afterEach(() => {
  setLogSink(undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the log file', () => {
  it('gets each line, with its time, level and the error’s stack, in <dataDir>/logs/baton.log', () => {
    setLogSink(fileLogSink(dataDir));
    log.warn('Could not fetch the model list (offline); using the built-in list.');
    log.error('sessions.open failed:', new Error('EIO: i/o error, read'));
    const lines = logText().split('\n');
    expect(lines[0]).toMatch(/^\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\] \[warn\] Could not fetch the model list \(offline\); using the built-in list\.$/);
    expect(lines[1]).toMatch(/^\[.+Z\] \[error\] sessions\.open failed: Error: EIO: i\/o error, read$/);
    expect(lines[2]).toMatch(/^\s+at /);
  });

  it('starts again past its size, keeping the previous file as baton.old.log, so the folder stays under twice the size', () => {
    const maxBytes = 1000;
    setLogSink(fileLogSink(dataDir, maxBytes));
    for (let i = 0; i < 50; i++) log.warn(`line ${i} ${'x'.repeat(40)}`);
    expect(readdirSync(logsDir(dataDir)).sort()).toEqual(['baton.log', 'baton.old.log']);
    const current = logText();
    const old = readFileSync(join(logsDir(dataDir), 'baton.old.log'), 'utf8');
    expect(Buffer.byteLength(current)).toBeLessThanOrEqual(maxBytes);
    expect(Buffer.byteLength(old)).toBeLessThanOrEqual(maxBytes);
    // Nothing lost between the two files' last lines, and the newest line is in the current one.
    expect(current.trimEnd().endsWith(`line 49 ${'x'.repeat(40)}`)).toBe(true);
    const numbers = (text: string) => [...text.matchAll(/line (\d+)/g)].map((m) => Number(m[1]));
    const kept = [...numbers(old), ...numbers(current)];
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => 50 - kept.length + i));
  });

  it('a log that grew past the size before this start is rotated at the first line', () => {
    setLogSink(fileLogSink(dataDir));
    for (let i = 0; i < 10; i++) log.warn(`earlier run ${'y'.repeat(80)}`);
    setLogSink(fileLogSink(dataDir, 500));
    log.warn('this run');
    expect(logText()).toMatch(/^\[.+\] \[warn\] this run\n$/);
  });

  it('never holds the API key of the running core, nor anything shaped like a key or a token, whoever logged it', async () => {
    // Not shaped like an Anthropic key: only the core's own redaction (the key store's) can catch it.
    const key = 'test-key-4f9a2c7e1b';
    const core = startCore({ modelUrl: fake.url, apiKey: key, dataDir });
    setLogSink(fileLogSink(dataDir));
    try {
      log.error(`Request failed with x-api-key ${key}`, new Error(`headers: { "x-api-key": "${key}" }`));
      log.warn('Pasted wrongly: sk-ant-api03-AbCdEf_123-456 and Authorization: Bearer abc.def.ghi');
      log.warn('Opened http://127.0.0.1:8080/?token=s3cr3t-launch-token&x=1');
    } finally {
      await core.dispose();
    }
    const text = logText();
    for (const secret of [key, 'sk-ant-api03', 'AbCdEf_123', 'abc.def.ghi', 's3cr3t-launch-token']) expect(text).not.toContain(secret);
    expect(text).toContain('Request failed with x-api-key [API key]');
    expect(text).toContain('Pasted wrongly: [API key] and Authorization: Bearer [redacted]');
    expect(text).toContain('?token=[token]&x=1');
  });

  it('a log that cannot be written loses the file’s lines, not the process, and the file is used again once it can be', () => {
    // A file where the folder should be: mkdir fails as it would on a read-only or full disk, even for root.
    writeFileSync(logsDir(dataDir), 'not a folder');
    setLogSink(fileLogSink(dataDir));
    expect(() => log.error('while it cannot be written')).not.toThrow();
    rmSync(logsDir(dataDir));
    log.error('writable again');
    expect(logText()).toMatch(/^\[.+\] \[error\] writable again\n$/);
  });
});
