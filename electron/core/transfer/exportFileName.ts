// The name an export is offered under: the session's title made safe for any file system.

const MAX_STEM = 80;

export function exportFileName(title: string, extension: string): string {
  const stem = title
    // Characters Windows, macOS or Linux refuse in a name, and control characters.
    // oxlint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, MAX_STEM)
    .trim();
  return `${stem || 'session'}.${extension}`;
}
