// Which machine, and which boot of it, a lock was written on. A data folder on a synced drive (Dropbox,
// Syncthing) carries one machine's locks to another, where its pid means nothing: the host tells them
// apart, and the boot tells a lock left by a crash or power cut on this machine from a live one.
import { readFileSync } from 'node:fs';
import { hostname, uptime } from 'node:os';

/** Boot ids that are a boot time (not Linux's random id) start with this. */
const BOOTED_AT = 'booted:';
/** Two readings of a boot time from the clock and the uptime differ by the clock's adjustments since. */
const BOOT_TIME_SLACK_S = 60;

let linuxBoot: string | null | undefined;

/** Linux's id of this boot (random, new at every boot); undefined elsewhere. */
export function linuxBootId(): string | undefined {
  if (linuxBoot === undefined) {
    try {
      linuxBoot = process.platform === 'linux' ? readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null : null;
    } catch {
      linuxBoot = null;
    }
  }
  return linuxBoot ?? undefined;
}

export function thisHost(): string {
  return hostname();
}

/** This boot: Linux's boot id, elsewhere the boot time (whole seconds) from the clock and the uptime. */
export function thisBoot(): string {
  return linuxBootId() ?? `${BOOTED_AT}${Math.round(Date.now() / 1000 - uptime())}`;
}

/** Whether two boot ids name the same boot; boot times match within the clock's slack. */
export function sameBoot(a: string, b: string): boolean {
  if (a.startsWith(BOOTED_AT) && b.startsWith(BOOTED_AT)) {
    return Math.abs(Number(a.slice(BOOTED_AT.length)) - Number(b.slice(BOOTED_AT.length))) <= BOOT_TIME_SLACK_S;
  }
  return a === b;
}
