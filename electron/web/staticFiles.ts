// Serves the built renderer. Only files under the build folder, never a path that climbs out of it.
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { contentSecurityPolicy } from '../core/security/csp';
import { contentTypeOf, staticFilePath } from '../core/staticAssets';

const CSP = contentSecurityPolicy();

export function serveStatic(root: string, req: IncomingMessage, res: ServerResponse): void {
  let pathname: string;
  try {
    pathname = new URL(req.url ?? '/', 'http://x').pathname;
    decodeURIComponent(pathname);
  } catch {
    res.writeHead(400, { 'content-type': 'text/plain' }).end('Bad request');
    return;
  }
  const file = staticFilePath(root, pathname);
  if (!file) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  res.writeHead(200, {
    'content-type': contentTypeOf(file),
    'content-security-policy': CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': file.endsWith('index.html') ? 'no-store' : 'public, max-age=31536000, immutable',
  });
  // A client that goes away mid-file, or a file that cannot be read, ends this response only.
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
