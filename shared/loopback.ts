// Loopback host names, as they appear in a URL's hostname (IPv6 in brackets) or as a listen address.

export const LOOPBACK_HOSTNAMES: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** True for a listen address or URL hostname that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTNAMES.has(host) || host === '::1';
}
