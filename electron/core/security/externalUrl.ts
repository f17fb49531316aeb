// Links leave the app only for schemes a browser or mail client handles safely (SPEC §6). Everything
// is decided on the parsed URL, never on string prefixes, so " javascript:", "JAVA\tSCRIPT:" and
// friends cannot slip through.

const EXTERNAL_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
/**
 * The mailto fields a link may carry (RFC 6068's usual headers). Anything else is refused: several mail
 * clients (Thunderbird, Evolution, mutt through xdg-email) read `attach=`, `attachment=` and the like as
 * files to attach, so a link in a reply could mail a file of the user's away.
 */
const MAILTO_FIELDS = new Set(['to', 'cc', 'bcc', 'subject', 'body', 'in-reply-to']);
const MAX_URL_LENGTH = 4096;

/** The normalized URL to hand to the OS, or undefined when the link must not be opened. */
export function safeExternalUrl(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_URL_LENGTH) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (!EXTERNAL_SCHEMES.has(url.protocol)) return undefined;
  if (url.protocol === 'mailto:') {
    // Decoded, so `%61ttach=` is seen as `attach=`.
    for (const field of new URLSearchParams(url.search).keys()) if (!MAILTO_FIELDS.has(field.toLowerCase())) return undefined;
  } else if (!url.hostname) return undefined;
  // "https://bank.example@evil.example" reads as the bank but goes to evil; no legitimate link needs it.
  if (url.username || url.password) return undefined;
  return url.href;
}

export function isSafeExternalUrl(raw: unknown): boolean {
  return safeExternalUrl(raw) !== undefined;
}
