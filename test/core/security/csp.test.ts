// The CSP response header the desktop shell adds (the renderer's meta tag is the other half).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../electron/core/security/csp';

const directives = (csp: string) =>
  new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));

describe('contentSecurityPolicy', () => {
  it('is strict in production: own scripts only, no eval, no plugins, no framing, connects nowhere', () => {
    const csp = directives(contentSecurityPolicy());
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(contentSecurityPolicy()).not.toMatch(/unsafe-eval|\*|http:|https:|ws:/);
    // Thumbnails of attached images: data: and blob: URLs as images, and nowhere else.
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect([...csp].filter(([, values]) => values.includes('data:') || values.includes('blob:')).map(([name]) => name)).toEqual(['img-src']);
  });

  it("lets the dev server's page reach that server's WebSocket, and nothing more", () => {
    const csp = directives(contentSecurityPolicy({ devServerOrigin: 'http://localhost:5173' }));
    expect(csp.get('connect-src')).toEqual(["'self'", 'http://localhost:5173', 'ws://localhost:5173']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });
});

describe('the meta CSP of renderer/index.html', () => {
  const html = readFileSync(join(import.meta.dirname, '..', '..', '..', 'renderer', 'index.html'), 'utf8');
  const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1] ?? '';

  it('is the header policy itself, so web mode and the desktop page are held to the same rules', () => {
    const header = directives(contentSecurityPolicy());
    // A meta tag cannot carry frame-ancestors (browsers ignore it there and warn); the header does.
    header.delete('frame-ancestors');
    expect(directives(meta)).toEqual(header);
  });

  it('connects only to its own origin (its WebSocket included), never to any ws: or wss: host', () => {
    expect(directives(meta).get('connect-src')).toEqual(["'self'"]);
    expect(meta).not.toMatch(/\bwss?:/);
  });
});
