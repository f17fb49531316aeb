// The name an export is offered under: the session's title made safe for any file system, and unable to
// pass for another name (a right-to-left override turns "report‮dm.exe" into what reads as "…exe.md").

/** Code points of the stem; UTF-8 bytes of the stem, well under the 255 that most file systems allow. */
const MAX_STEM = 80;
const MAX_STEM_BYTES = 200;

// Characters Windows, macOS or Linux refuse in a name; control characters (C0, DEL and C1); the
// direction marks and overrides; lone halves of a surrogate pair, which no file system can name.
// oxlint-disable-next-line no-control-regex -- control characters are exactly what is removed
const UNSAFE = /[\u0000-\u001f\u007f-\u009f<>:"/\\|?*\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// What a title shows but a file name does without: the "…" of a shortened title, and quotation marks
// (a single one is kept between letters, where it is an apostrophe: "Don't").
const QUOTES_AND_ELLIPSIS = /[“”„‟«»‹›「」『』`…]|(?<![\p{L}\p{N}])['‘’‚‛]|['‘’‚‛](?![\p{L}\p{N}])/gu;
/** Names Windows keeps for devices, with any extension after them. */
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(?=\.|$)/i;

export function exportFileName(title: string, extension: string): string {
  const cleaned = title
    .replace(UNSAFE, ' ')
    .replace(QUOTES_AND_ELLIPSIS, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  let stem = '';
  let count = 0;
  let bytes = 0;
  for (const char of cleaned) {
    bytes += Buffer.byteLength(char);
    if (++count > MAX_STEM || bytes > MAX_STEM_BYTES) break;
    stem += char;
  }
  // Windows drops dots and spaces at the end of a name.
  stem = stem.replace(/[. ]+$/, '').replace(RESERVED, '$1_');
  return `${stem || 'session'}.${extension}`;
}
