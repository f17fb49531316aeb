// On Windows, `npx` and `uvx` are `npx.cmd` and `uvx.exe`: spawn finds neither without the extension,
// and runs a .cmd or .bat only through cmd.exe. So the command is looked up in PATH with PATHEXT, and a
// batch file is started as `cmd.exe /d /s /c "<line>"` with every part escaped for cmd, as cross-spawn
// does (a path with spaces, an argument with quotes or `&` arrive as written).
import { existsSync } from 'node:fs';
import { win32 } from 'node:path';

export interface Spawnable {
  command: string;
  args: string[];
  /** The line is already quoted for cmd.exe: Node must pass it as it is. */
  verbatim: boolean;
}

const DEFAULT_PATHEXT = '.COM;.EXE;.BAT;.CMD';
// cmd.exe's metacharacters, escaped with ^.
const META = /([()\][%!^"`<>&|;, *?])/g;
// A package's shim in node_modules\.bin starts another batch file, which reads the line once more.
const CMD_SHIM = /node_modules[\\/]\.bin[\\/][^\\/]+\.cmd$/i;

export function windowsCommand(
  command: string,
  args: readonly string[],
  env: { PATH?: string | undefined; PATHEXT?: string | undefined; ComSpec?: string | undefined },
  exists: (file: string) => boolean = existsSync,
): Spawnable {
  const file = findOnPath(command, env.PATH ?? '', env.PATHEXT ?? DEFAULT_PATHEXT, exists);
  if (!file || !/\.(cmd|bat)$/i.test(file)) return { command: file ?? command, args: [...args], verbatim: false };
  const twice = CMD_SHIM.test(file);
  const line = [win32.normalize(file).replace(META, '^$1'), ...args.map((arg) => escapeArgument(arg, twice))].join(' ');
  return { command: env.ComSpec ?? 'cmd.exe', args: ['/d', '/s', '/c', `"${line}"`], verbatim: true };
}

/** The file a command names: as given when it has a folder or an extension that exists, else from PATH. */
function findOnPath(command: string, path: string, pathext: string, exists: (file: string) => boolean): string | undefined {
  const extensions = pathext.split(';').filter(Boolean);
  const candidates = (base: string) => [...(win32.extname(base) ? [base] : []), ...extensions.map((ext) => base + ext.toLowerCase())];
  if (/[\\/]/.test(command)) return candidates(command).find(exists);
  for (const dir of path.split(';').filter(Boolean)) {
    const found = candidates(win32.join(dir, command)).find(exists);
    if (found) return found;
  }
  return undefined;
}

function escapeArgument(arg: string, twice: boolean): string {
  // Backslashes before a quote, and at the end (before the closing quote), are doubled; the quote escaped.
  const quoted = `"${arg.replace(/(\\*)"/g, '$1$1\\"').replace(/(\\*)$/, '$1$1')}"`;
  const once = quoted.replace(META, '^$1');
  return twice ? once.replace(META, '^$1') : once;
}
