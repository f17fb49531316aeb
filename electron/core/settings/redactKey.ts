// The API key taken out of a text that leaves the main process. Not only the key as it is: an error may
// quote the start of it (a header cut short, "sk-ant-api03-AbCd…"), or the key percent-encoded in a URL.

/** The shortest start of a key taken for the key: past the prefix all Anthropic keys share ("sk-ant-api03-", 13). */
const MIN_PREFIX = 20;
/** Shorter keys are not looked for: words of a message could be one by chance. */
const MIN_KEY = 8;
export const REDACTED = '[API key]';

export function redactKey(text: string, key: string | undefined): string {
  if (!key || key.length < MIN_KEY) return text;
  const encoded = encodeURIComponent(key);
  let out = text;
  for (const form of new Set([key, encoded, encoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase())])) out = withoutStartsOf(out, form);
  return out;
}

/** Every run of `text` that is `form`, or a start of it at least MIN_PREFIX long, replaced by REDACTED. */
function withoutStartsOf(text: string, form: string): string {
  const start = form.slice(0, Math.min(form.length, MIN_PREFIX));
  let out = '';
  let copied = 0;
  for (let at = text.indexOf(start); at >= 0; at = text.indexOf(start, copied)) {
    let end = at + start.length;
    while (end < text.length && end - at < form.length && text[end] === form[end - at]) end++;
    out += text.slice(copied, at) + REDACTED;
    copied = end;
  }
  return out + text.slice(copied);
}
