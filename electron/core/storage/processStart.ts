// Which run of a process a pid names. Once a process is gone its pid is free for reuse, so a lock notes
// the start of the process that wrote it; a live pid whose process started at another time did not.
// Linux tells any process's start: field 22 of /proc/<pid>/stat (starttime, in clock ticks since boot),
// made unique across reboots by the boot id. Node offers no such thing on macOS or Windows, where this
// returns undefined and a lock falls back to the pid alone.
import { readFileSync } from 'node:fs';
import { linuxBootId } from './machine';

export interface ProcessStart {
  /** Equal for the same run of a process, different for any other (even with the same pid). */
  id: string;
  /** When it started (ms since the epoch), from the boot time and clock ticks: for comparing with wall-clock times. */
  atMs: number;
}

/** USER_HZ, the unit of starttime: 100 on every architecture Electron runs on. */
const TICKS_PER_SECOND = 100;

let boot: { id: string; atMs: number } | null | undefined;
/** This process's own start, read once: every lock it takes writes it. */
let own: ProcessStart | null | undefined;

export function processStart(pid: number): ProcessStart | undefined {
  if (pid !== process.pid) return readProcessStart(pid);
  if (own === undefined) own = readProcessStart(pid) ?? null;
  return own ?? undefined;
}

function readProcessStart(pid: number): ProcessStart | undefined {
  if (process.platform !== 'linux') return undefined;
  const booted = bootInfo();
  if (!booted) return undefined;
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // no such process (or /proc is not mounted)
  }
  // Field 2, the command name, is in parentheses and may itself hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = fields[22 - 3]; // fields[0] is field 3
  if (ticks === undefined || !/^\d+$/.test(ticks)) return undefined;
  return { id: `${booted.id}:${ticks}`, atMs: booted.atMs + (Number(ticks) * 1000) / TICKS_PER_SECOND };
}

function bootInfo(): { id: string; atMs: number } | undefined {
  if (boot === undefined) {
    try {
      const id = linuxBootId();
      const btime = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1];
      boot = id && btime ? { id, atMs: Number(btime) * 1000 } : null;
    } catch {
      boot = null;
    }
  }
  return boot ?? undefined;
}
