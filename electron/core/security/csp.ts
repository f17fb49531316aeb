// The Content-Security-Policy the desktop shell sends as a response header, on top of the meta tag in
// renderer/index.html. Both apply and the stricter wins; the header also covers the dev server.

export function contentSecurityPolicy(options: { devServerOrigin?: string } = {}): string {
  // Vite's dev server pushes updates over a WebSocket on its own origin; production connects nowhere.
  const dev = options.devServerOrigin ? new URL(options.devServerOrigin) : undefined;
  const connect = dev ? `'self' ${dev.origin} ${dev.protocol === 'https:' ? 'wss' : 'ws'}://${dev.host}` : "'self'";
  return [
    "default-src 'self'",
    "script-src 'self'",
    // React sets style attributes (virtualized list positions), which CSP counts as inline styles.
    "style-src 'self' 'unsafe-inline'",
    // Attachments: thumbnails of a message's images (data: URLs) and of files not yet sent (blob: URLs).
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "object-src 'none'",
    "frame-src 'none'",
    "worker-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
