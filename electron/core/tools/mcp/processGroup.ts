// Whether anything of a process group is still running (POSIX). A server's process group holds what it
// started (npx starts node): killed with it, such a process may still be dying when the server's exit is
// heard, and one that ignores its stdin closing outlives a server that exits. On Linux a zombie (dead,
// not yet reaped by whoever inherited it) does not count: some containers' first process never reaps.
import { readdirSync, readFileSync } from 'node:fs';

export function processGroupAlive(pgid: number): boolean {
  if (process.platform === 'linux') return linuxGroupAlive(pgid);
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (err) {
    // EPERM: there is one, not ours to signal.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function linuxGroupAlive(pgid: number): boolean {
  for (const name of readdirSync('/proc')) {
    if (name.charCodeAt(0) < 48 || name.charCodeAt(0) > 57) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // "<pid> (<command>) <state> <ppid> <pgrp> …": the command may hold spaces and parentheses.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z') return true;
  }
  return false;
}

/** Resolves true once nothing of the group runs, false if something still does after `ms`. */
export async function processGroupEndsWithin(pgid: number, ms: number): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (processGroupAlive(pgid)) {
    if (performance.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}
