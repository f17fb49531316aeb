// The built renderer's files, as web mode's HTTP server and the desktop app's app:// protocol serve
// them: a URL path maps to a file under the build folder, never to one outside it.
import { statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/**
 * The file under `root` that a URL path names ('/' is index.html), or undefined when there is none:
 * a path that climbs out of `root` (escaped or not), an undecodable escape, a NUL, a folder.
 */
export function staticFilePath(root: string, urlPathname: string): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(urlPathname);
  } catch {
    return undefined;
  }
  if (pathname.includes('\0')) return undefined;
  const relative = pathname === '/' ? 'index.html' : pathname.slice(1);
  const file = normalize(join(root, relative));
  return file.startsWith(root + sep) && isFile(file) ? file : undefined;
}

export function contentTypeOf(file: string): string {
  return TYPES[extname(file)] ?? 'application/octet-stream';
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
