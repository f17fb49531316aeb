// MCP over a child process's stdin and stdout, as the SDK's StdioClientTransport, with what Baton needs
// on top: the child gets exactly the environment it is given (the SDK's adds HOME, USER and others);
// it runs in a process group of its own, so closing ends what it started too (npx starts node); a
// message is read in one pass however many chunks it came in, and one over the limit ends the
// connection instead of growing without bound; stderr's last lines are kept for the status.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { t } from '../../../../shared/i18n';
import { processGroupEndsWithin } from './processGroup';

/** Far above any sensible message (images in a result are at most 5 MB each for the API). */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
export const STDERR_LINES = 20;
/** No real server sends this many; a server that does would keep Baton's main thread busy parsing them. */
export const MAX_MESSAGES_PER_SECOND = 5_000;
const STDERR_LINE_CHARS = 500;
/** After stdin closes, how long a server has to exit before SIGTERM, then SIGKILL. */
const EXIT_GRACE_MS = 1_000;

export interface StdioParams {
  command: string;
  args: readonly string[];
  env: Record<string, string>;
  /** Windows: the args are one line already quoted for cmd.exe (windowsCommand). */
  verbatim?: boolean;
  maxMessageBytes?: number;
}

export class StdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private chunks: Buffer[] = [];
  private buffered = 0;
  private readonly stderrLines: string[] = [];
  private stderrPartial = '';
  private windowStart = 0;
  private inWindow = 0;
  /** How the process ended, once it has. */
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;

  constructor(private readonly params: StdioParams) {}

  /** The last lines of stderr, oldest first (and a line not yet ended). */
  get stderr(): string[] {
    return this.stderrPartial ? [...this.stderrLines, this.stderrPartial] : [...this.stderrLines];
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.params.command, [...this.params.args], {
        env: this.params.env,
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: process.platform !== 'win32',
        windowsHide: true,
        windowsVerbatimArguments: this.params.verbatim === true,
      });
      this.child = child;
      this.exited = new Promise((done) => {
        child.once('close', () => done());
        // A command that could not be started has nothing to wait for.
        child.once('error', () => child.pid === undefined && done());
      });
      child.once('error', (err) => {
        if (child.pid === undefined) this.child = undefined;
        reject(err);
        this.onerror?.(err);
      });
      child.once('spawn', () => resolve());
      // What the server started may outlive it and hold its pipes open: the group goes when it does.
      child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        this.signal(child, 'SIGTERM');
      });
      child.once('close', () => {
        this.child = undefined;
        this.onclose?.();
      });
      child.stdout?.on('data', (chunk: Buffer) => this.read(chunk));
      child.stderr?.setEncoding('utf8').on('data', (text: string) => this.keepStderr(text));
      // A server that has gone takes its pipes with it; the close event says so.
      for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.on('error', (err) => this.onerror?.(err));
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin?.writable) return reject(new Error('Not connected'));
      if (stdin.write(`${JSON.stringify(message)}\n`)) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /** Ends the server, then what it started that is still running: resolves once all of it is gone. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.stdin?.end();
    if (!(await exitsWithin(this.exited, EXIT_GRACE_MS))) {
      this.signal(child, 'SIGTERM');
      if (!(await exitsWithin(this.exited, EXIT_GRACE_MS))) {
        this.signal(child, 'SIGKILL');
        await this.exited;
      }
    }
    await this.endGroup(child);
  }

  /** The server's process group, once the server has exited: given the same grace, then SIGTERM, then SIGKILL. */
  private async endGroup(child: ChildProcess): Promise<void> {
    const pgid = child.pid;
    if (process.platform === 'win32' || pgid === undefined) return;
    if (await processGroupEndsWithin(pgid, EXIT_GRACE_MS)) return;
    this.signal(child, 'SIGTERM');
    if (await processGroupEndsWithin(pgid, EXIT_GRACE_MS)) return;
    this.signal(child, 'SIGKILL');
    await processGroupEndsWithin(pgid, EXIT_GRACE_MS);
  }

  /** The whole group, or on Windows the whole tree: what the server started goes with it. */
  private signal(child: ChildProcess, signal: NodeJS.Signals): void {
    if (child.pid === undefined) return;
    if (process.platform === 'win32') {
      // Windows has no groups to signal; taskkill /T ends the tree (cmd.exe, npx, node), /F at once.
      if (child.exitCode === null) spawn('taskkill', ['/pid', String(child.pid), '/T', ...(signal === 'SIGKILL' ? ['/F'] : [])], { windowsHide: true, stdio: 'ignore' }).on('error', () => {});
      return;
    }
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  }

  private read(chunk: Buffer): void {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline >= 0; newline = chunk.indexOf(10, start)) {
      this.chunks.push(chunk.subarray(start, newline));
      const line = Buffer.concat(this.chunks).toString('utf8');
      this.chunks = [];
      this.buffered = 0;
      start = newline + 1;
      this.deliver(line);
      if (!this.child) return; // closed while delivering
    }
    if (start >= chunk.length) return;
    this.buffered += chunk.length - start;
    if (this.buffered > (this.params.maxMessageBytes ?? MAX_MESSAGE_BYTES)) {
      this.chunks = [];
      this.buffered = 0;
      const limit = Math.round((this.params.maxMessageBytes ?? MAX_MESSAGE_BYTES) / 1024 / 1024);
      this.onerror?.(new ServerMisbehaved(t('texts.mcp.messageTooLarge', { megabytes: String(limit) })));
      void this.close();
      return;
    }
    this.chunks.push(chunk.subarray(start));
  }

  private deliver(line: string): void {
    const text = line.replace(/\r$/, '');
    if (text.trim() === '') return;
    let message: JSONRPCMessage;
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(text));
    } catch {
      this.onerror?.(new ServerMisbehaved(t('texts.mcp.notMcp', { text: shorten(text, 120) })));
      return;
    }
    if (this.flooding()) {
      this.onerror?.(new ServerMisbehaved(t('texts.mcp.tooManyMessages', { count: String(MAX_MESSAGES_PER_SECOND) })));
      void this.close();
      return;
    }
    this.onmessage?.(message);
  }

  /** Counts messages in one-second windows. */
  private flooding(): boolean {
    const now = Date.now();
    if (now - this.windowStart >= 1_000) {
      this.windowStart = now;
      this.inWindow = 0;
    }
    return ++this.inWindow > MAX_MESSAGES_PER_SECOND;
  }

  private keepStderr(text: string): void {
    const lines = (this.stderrPartial + text).split('\n');
    this.stderrPartial = shorten(lines.pop() ?? '', STDERR_LINE_CHARS);
    for (const line of lines) {
      if (line.trim() === '') continue;
      this.stderrLines.push(shorten(line.replace(/\r$/, ''), STDERR_LINE_CHARS));
      if (this.stderrLines.length > STDERR_LINES) this.stderrLines.shift();
    }
  }
}

/** What the server did wrong on the wire: the reason a failure gives first. */
export class ServerMisbehaved extends Error {}

function exitsWithin(exited: Promise<void>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void exited.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

function shorten(text: string, chars: number): string {
  return text.length > chars ? `${text.slice(0, chars)}…` : text;
}
