// `npm run web` as a user starts it: the CLI in its own process, so a test sees whether the process
// itself survives (an exit code, not just a failed assertion). Listens on 127.0.0.1 unless told otherwise.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';

const root = join(import.meta.dirname, '..', '..');

export interface WebProcess {
  url: URL;
  port: number;
  token: string;
  origin: string;
  /** Everything the process printed so far. */
  output(): string;
  /** null while it runs, else how it ended. */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | null;
  /** Calls app.info over a fresh, proper WebSocket: true when the server answered it. */
  answers(): Promise<boolean>;
  stop(): Promise<void>;
}

export interface WebProcessOptions {
  host?: string;
  port?: number;
  token?: string;
  /** Reused across restarts; a temp dir (removed by stop()) if not given. */
  dataDir?: string;
  env?: NodeJS.ProcessEnv;
}

export async function startWebProcess(options: WebProcessOptions = {}): Promise<WebProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'baton-web-process-'));
  const token = options.token ?? randomBytes(18).toString('base64url');
  const args = ['--port', String(options.port ?? 0), '--host', options.host ?? '127.0.0.1', '--data-dir', dataDir];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'electron/web/cli.ts'), ...args], {
    cwd: root,
    env: { ...process.env, BATON_WEB_TOKEN: token, ANTHROPIC_API_KEY: '', ...options.env },
  });
  let output = '';
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve();
    }),
  );

  const url = await new Promise<URL>((resolve, reject) => {
    const poll = setInterval(() => {
      const line = output.match(/^Baton web UI: (\S+)$/m);
      if (line) {
        clearInterval(poll);
        resolve(new URL(line[1]!));
      } else if (exit) {
        clearInterval(poll);
        reject(new Error(`npm run web exited (${exit.code ?? exit.signal}):\n${output}`));
      }
    }, 20);
  });
  const origin = url.origin;

  return {
    url,
    port: Number(url.port),
    token,
    origin,
    output: () => output,
    exit: () => exit,
    answers: () => answersAppInfo(`ws://127.0.0.1:${url.port}/ws?token=${token}`, origin),
    stop: async () => {
      if (!exit) {
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function answersAppInfo(wsUrl: string, origin: string): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(wsUrl, { origin });
    const timer = setTimeout(() => finish(false), 5_000);
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      ws.terminate();
      resolve(ok);
    };
    ws.on('open', () => ws.send(JSON.stringify({ id: 1, channel: 'app.info', input: {} })));
    ws.on('message', (data) => {
      const reply = JSON.parse((data as Buffer).toString()) as { id?: number; result?: { ok?: boolean; data?: { name?: string } } };
      if (reply.id === 1) finish(reply.result?.ok === true && reply.result.data?.name === 'Baton');
    });
    ws.on('error', () => finish(false));
  });
}
