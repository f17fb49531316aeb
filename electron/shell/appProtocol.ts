// The built renderer comes from app://baton/… instead of file:// (SPEC §6): a secure origin of its own,
// so 'self' in the CSP means the app's files and nothing else on disk, and file:// needs no extra powers.
// The scheme is registered as privileged before the app is ready and handled after (main.ts); this is
// the pure part, unit-tested: a request maps to a file under the build folder or is refused.
import { readFile } from 'node:fs/promises';
import { contentSecurityPolicy } from '../core/security/csp';
import { contentTypeOf, staticFilePath } from '../core/staticAssets';
import { APP_HOST, APP_SCHEME } from './appUrl';

/** What main.ts registers before `ready`: a standard, secure scheme (like https), with fetch. */
export const APP_SCHEME_PRIVILEGES = { standard: true, secure: true, supportFetchAPI: true } as const;

const CSP = contentSecurityPolicy();

/** The file under `rendererDir` an app:// URL names, or undefined for another host, a path out of the folder, garbage. */
export function appFileFor(url: string, rendererDir: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return undefined;
  return staticFilePath(rendererDir, parsed.pathname);
}

/** The response to one app:// request: the file with its type and the app's CSP, or 404. */
export async function appResponse(url: string, rendererDir: string): Promise<Response> {
  const file = appFileFor(url, rendererDir);
  if (!file) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  try {
    return new Response(await readFile(file), {
      headers: { 'content-type': contentTypeOf(file), 'content-security-policy': CSP, 'x-content-type-options': 'nosniff' },
    });
  } catch {
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  }
}
