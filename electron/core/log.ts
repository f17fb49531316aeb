// The main process's log: what went wrong, for the user to read or attach to a bug report, in
// <dataDir>/logs/baton.log in both modes (desktop: electron-log writes it, electron/shell/logging.ts; web
// mode: logToFile below). Every line is echoed to stderr with a "[baton]" prefix and has the API key and
// tokens taken out first (SPEC §6: the key is never logged). Logging never throws: a log that cannot be
// written (a full disk, a read-only folder) is left, and stderr still gets the line.
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';

export type LogLevel = 'error' | 'warn' | 'info';
/** Where a finished, redacted line goes. */
export type LogSink = (level: LogLevel, text: string) => void;

export const LOG_FILE = 'baton.log';
/**
 * The size at which the log starts again, the previous one kept as baton.old.log (electron-log's default
 * and its naming). Baton logs failures, not traffic: 1 MB holds thousands of them, is quick to open and
 * to attach to a report, and with the old file the folder never passes 2 MB.
 */
export const LOG_MAX_BYTES = 1024 * 1024;

export const logsDir = (dataDir: string): string => join(dataDir, 'logs');

/** Secrets with a shape of their own, caught even when no store knows them (a key pasted wrongly, a token in a URL). */
const PATTERNS: [RegExp, string][] = [
  [/sk-ant-[\w-]+/g, '[API key]'],
  [/([?&](?:token|key|api_key)=)[^&\s#"']+/gi, '$1[token]'],
  [/((?:authorization|x-api-key)["']?\s*[:=]\s*["']?(?:bearer\s+)?)[^\s"',}]+/gi, '$1[redacted]'],
];

const redactions = new Set<(text: string) => string>();
const stderrSink: LogSink = (_level, text) => {
  try {
    process.stderr.write(`[baton] ${text}\n`);
  } catch {
    // No stderr left (its reader went): nothing more can be done.
  }
};
let sink: LogSink = stderrSink;

/** Set while the redactions run: reading the key may log (an unreadable key file), and must not loop. */
let redacting = false;

/** Takes every secret Baton knows of out of `text`. */
export function redactSecrets(text: string): string {
  let out = text;
  if (!redacting) {
    redacting = true;
    try {
      for (const redact of redactions) out = redact(out);
    } finally {
      redacting = false;
    }
  }
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** Adds a secret-remover (the API key store's, the web token's); the returned function removes it. */
export function addRedaction(redact: (text: string) => string): () => void {
  redactions.add(redact);
  return () => redactions.delete(redact);
}

/** Sends the log somewhere else (the desktop's electron-log); undefined goes back to stderr alone. */
export function setLogSink(next: LogSink | undefined): void {
  sink = next ?? stderrSink;
}

function write(level: LogLevel, message: string, err?: unknown): void {
  const detail = err === undefined ? '' : ` ${err instanceof Error ? (err.stack ?? err.message) : inspect(err)}`;
  try {
    sink(level, redactSecrets(`${message}${detail}`));
  } catch {
    stderrSink(level, redactSecrets(`${message}${detail}`));
  }
}

export const log = {
  error: (message: string, err?: unknown) => write('error', message, err),
  warn: (message: string, err?: unknown) => write('warn', message, err),
  info: (message: string) => write('info', message),
};

/**
 * Web mode's log: lines appended to <dataDir>/logs/baton.log (synchronously, so the line that explains a
 * crash is on disk before it), rotated at `maxBytes`, each also on stderr.
 */
export function fileLogSink(dataDir: string, maxBytes = LOG_MAX_BYTES): LogSink {
  const dir = logsDir(dataDir);
  const file = join(dir, LOG_FILE);
  let size: number | undefined;
  return (level, text) => {
    stderrSink(level, text);
    const line = `[${new Date().toISOString()}] [${level}] ${text}\n`;
    try {
      if (size === undefined) {
        mkdirSync(dir, { recursive: true });
        size = fileSize(file);
      }
      const bytes = Buffer.byteLength(line);
      if (size > 0 && size + bytes > maxBytes) {
        renameSync(file, join(dir, LOG_FILE.replace(/\.log$/, '.old.log')));
        size = 0;
      }
      appendFileSync(file, line, { mode: 0o600 });
      size += bytes;
    } catch {
      // The folder cannot be written (read-only, full): stderr had the line; try the file again next time.
      size = undefined;
    }
  };
}

function fileSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
