// The PATH a stdio server's command is looked up in. A desktop app started from the dock or a launcher
// gets a minimal PATH, without the folders `npx` or `uvx` live in; the user's login shell knows them. So
// the shell is asked once (interactive and login, as a terminal would start it), with a time limit, and
// the process's own PATH is the fallback.
import { execFile } from 'node:child_process';

/** Long enough for a slow shell start-up (nvm, conda), short enough not to hold servers up for long. */
export const LOGIN_SHELL_TIMEOUT_MS = 5_000;
// Start-up files may print (a motd, a prompt theme): the PATH is read between these marks only.
const MARK = '__BATON_PATH__';

export interface PathOptions {
  shell?: string | undefined;
  fallback?: string | undefined;
  platform?: NodeJS.Platform;
  timeoutMs?: number;
}

export function loginShellPath(options: PathOptions = {}): Promise<string> {
  const { shell = process.env.SHELL, fallback = process.env.PATH ?? '', platform = process.platform, timeoutMs = LOGIN_SHELL_TIMEOUT_MS } = options;
  // Windows apps get the user's PATH from the registry whatever starts them.
  if (platform === 'win32' || !shell) return Promise.resolve(fallback);
  return new Promise((resolve) => {
    execFile(
      shell,
      ['-ilc', `printf '${MARK}%s${MARK}' "$PATH"`],
      // No terminal: stdin is closed, so an interactive shell cannot wait for input.
      { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 1024 * 1024, encoding: 'utf8', env: process.env },
      // A start-up file that fails after the PATH is set still leaves it printed: what counts is the marks.
      (_err, stdout) => resolve(new RegExp(`${MARK}(.*?)${MARK}`, 's').exec(stdout ?? '')?.[1] || fallback),
    ).stdin?.end();
  });
}

let cached: Promise<string> | undefined;

/** The login shell's PATH, asked for once per process. */
export function userPath(): Promise<string> {
  cached ??= loginShellPath();
  return cached;
}
