// Every component shows its texts through the catalogs (shared/i18n), so the UI is whole in every
// language. This finds English written into a component: JSX text, and string literals given to
// aria-label, title, placeholder, alt or label, or of several words anywhere. It reads the source with
// patterns, not a parser: good enough to catch a forgotten text, and a file it misreads can say so below.
// The core and the shell are held to it too, where their words reach the user (see userMessages).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../renderer/src/components');
const MAIN_ROOT = join(import.meta.dirname, '../../electron');
const MAIN_FOLDERS = ['core', 'shell', 'web'];

/**
 * Not yet converted: these were being changed elsewhere when the rest went through the catalogs.
 * Convert one (its texts into shared/i18n/en.ts and th.ts, `useT` in the component), then take it off.
 */
const NOT_YET_CONVERTED = new Set([
  'chat/Markdown.tsx',
]);

/** Shown as they are in every language: a code block's language, commands, a URL, a key and its variable. */
const NOT_WORDS = new Set(['mermaid', 'npx', 'https://', 'sk-ant-…', 'ANTHROPIC_API_KEY', 'npm run web']);

function sourceFiles(dir: string, ext: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path, ext);
    return name.endsWith(ext) ? [path] : [];
  });
}

/** The source without comments (line, block and JSX ones), strings kept. */
function withoutComments(source: string): string {
  return source.replace(/\{\/\*[\s\S]*?\*\/\}/g, '').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '').replace(/\s\/\/ .*$/gm, '');
}

const WORDS = /[A-Za-z]{2,}/;
// A comparison's > up to a return's object ({ error: … }) reads as code too.
const CODE = /;|=>|\s=\s|===|\w\(|[[\]*&|`$]|\?\s|\?\.|\.\.\.|\)\s*$|^\s*[,:()]|^=|\)\s*return\s*$/;

/** The English texts written into a component's source, each once. */
export function englishTexts(source: string): string[] {
  const code = withoutComments(source);
  const found = new Set<string>();
  const add = (text: string | undefined) => {
    const trimmed = text?.replace(/\s+/g, ' ').trim();
    if (trimmed && WORDS.test(trimmed) && !NOT_WORDS.has(trimmed)) found.add(trimmed);
  };
  // aria-label="…", title={'…'}, placeholder={`…`}
  for (const m of code.matchAll(/\b(?:aria-label|title|placeholder|alt|label)=(?:"([^"]*)"|\{\s*(?:'([^']*)'|`([^`$]*)))/g)) add(m[1] ?? m[2] ?? m[3]);
  // JSX text: between a tag's end and the next tag or expression; what reads as code there (between a
  // generic's > and a comparison's <, say) is left out.
  for (const m of code.matchAll(/(?<!=)>([^<>{}]+)(?=[<{])/g)) if (!CODE.test(m[1]!)) add(m[1]);
  // A capitalised string literal as a ternary's branch or an object's value: {done ? 'Copied' : 'Copy'}.
  for (const m of code.matchAll(/[?:]\s*(['"`])([A-Z][a-z]+)\1/g)) add(m[2]);
  // String literals of two words or more, starting with a capital: a sentence, a label.
  for (const m of code.matchAll(/(?<![\w.])(['"`])([A-Z][a-z]+(?: [A-Za-z…’(),.:-]+)+)\1/g)) add(m[2]);
  return [...found];
}

/**
 * Words of the core, web mode and the shell that need no translation: answers to a caller that is not a
 * Baton page (a foreign sender, a broken frame, an app:// file the app does not have), a detail kept for
 * the log, and a file format's name.
 */
const NOT_SHOWN = new Set(['This sender may not call Baton', 'Malformed request frame', 'Not found', 'inactivity timeout after … ms', 'JSON Lines']);

/**
 * Where the main process's words reach the user as they are: the message of an error the core raises on
 * purpose (its own error classes; toApiError hands it to the renderer, which shows it), an ApiError it
 * writes by hand, and the shell's dialogs. JavaScript's own errors (new Error: a bug, not a refusal), log
 * lines and the texts written for the model (English by design, SPEC §4.3) are in none of these.
 */
const USER_SINKS = /\bnew (?!(?:Error|TypeError|RangeError|SyntaxError)\()[A-Z]\w*Error\(|\bsuper\(|\bdialog\.\w+\(/g;
const STRING = /(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g;

/** Where each call `callee` matches begins, where its arguments begin, and where it ends (strings skipped). */
function callSpans(code: string, callee: RegExp): [start: number, args: number, end: number][] {
  return [...code.matchAll(callee)].map((m) => {
    let i = m.index + m[0].length;
    let quote = '';
    for (let depth = 1; i < code.length && depth > 0; i++) {
      const c = code[i]!;
      if (quote) {
        if (c === '\\') i++;
        else if (c === quote) quote = '';
      } else if (c === "'" || c === '"' || c === '`') quote = c;
      else if (c === '(') depth++;
      else if (c === ')') depth--;
    }
    return [m.index, m.index + m[0].length, i];
  });
}

/** A log line, and an error of JavaScript's own (a bug, not a refusal). */
const NOT_FOR_USERS = /\b(?:log(?:\.\w+)?|console\.\w+|new (?:Error|TypeError|RangeError|SyntaxError))\(/g;

function withoutCalls(code: string, callee: RegExp): string {
  let out = '';
  let at = 0;
  for (const [start, , end] of callSpans(code, callee)) {
    if (start < at) continue;
    out += code.slice(at, start);
    at = end;
  }
  return out + code.slice(at);
}

/**
 * The English messages for the user written into a main-process source: literals of two words or more
 * in a sink; in the shell, which writes nothing for the model, anywhere but in a log line or a bug's error.
 */
export function userMessages(source: string, shell = false): string[] {
  const code = withoutComments(source);
  const handWritten = [...code.matchAll(/\{ code: '\w+', message: (['"`](?:\\.|[^\\\n])*?['"`])/g)].map((m) => m[1]!);
  const sinks = callSpans(code, USER_SINKS).map(([, args, end]) => code.slice(args, end));
  // A sink given a constant of this file (`throw new HandoffError('failed', EMPTY_HANDOFF)`) says its text.
  const constants = sinks.flatMap((args) => [...args.matchAll(/\b[A-Z][A-Z\d_]+\b/g)].map((m) => new RegExp(`\\b(?:const|let) ${m[0]} =\\s*(['"\`][^\\n]*)`).exec(code)?.[1] ?? ''));
  const parts = shell ? [withoutCalls(code, NOT_FOR_USERS)] : [...sinks, ...constants, ...handWritten];
  const found = new Set<string>();
  for (const part of parts) {
    for (const m of part.matchAll(STRING)) {
      const text = m[2]!.replace(/\$\{[^}]*\}/g, '…');
      if (/[A-Za-z]{2,}[,.:;]? +[A-Za-z]{2,}/.test(text) && !NOT_SHOWN.has(text)) found.add(text);
    }
  }
  return [...found];
}

describe('the main process says what the user reads through the catalogs', () => {
  const files = MAIN_FOLDERS.flatMap((folder) => sourceFiles(join(MAIN_ROOT, folder), '.ts')).map((path) => [relative(MAIN_ROOT, path).split('\\').join('/'), path]);

  it.each(files)('%s', (name, path) => {
    expect(userMessages(readFileSync(path!, 'utf8'), name!.startsWith('shell/'))).toEqual([]);
  });

  it('finds what it is for, and leaves log lines, bugs and texts for the model alone', () => {
    expect(userMessages("if (!key) throw new BatonError('no_api_key', 'No API key is configured');")).toEqual(['No API key is configured']);
    expect(userMessages('super(\n  file,\n  holder,\n  `Session file ${file} is already open`,\n);')).toEqual(['Session file … is already open']);
    expect(userMessages("return { ok: false, error: { code: 'busy', message: `Too many calls at once (${n})` } };")).toEqual(['Too many calls at once (…)']);
    expect(userMessages("const EMPTY = 'The model returned nothing.';\nthrow new HandoffError('failed', EMPTY);")).toEqual(['The model returned nothing.']);
    expect(userMessages("dialog.showErrorBox('Baton could not start', String(err));")).toEqual(['Baton could not start']);
    expect(userMessages("const tell = (m: string) => dialog.showMessageBox({ message: m });\ntell('Could not check for updates.');", true)).toEqual(['Could not check for updates.']);
    expect(userMessages("log(\n  'No system keyring was found. ' +\n 'Unlock a keyring.',\n);\nlog.warn('Update failed:', err);", true)).toEqual([]);
    expect(userMessages("dialog.showMessageBox({ message: t('desktop.checkFailed'), buttons: [t('desktop.ok')] });")).toEqual([]);
    expect(userMessages("log.warn('Could not open the logs folder:', err);\nthrow new Error('Unknown channel here');")).toEqual([]);
    expect(userMessages("const PROMPT = 'You name chat sessions. Reply with a title only.';")).toEqual([]);
    expect(userMessages("throw new StorageError('CLOSED', t('texts.sessionClosed', { path }));")).toEqual([]);
  });
});

describe('the components show their texts through the catalogs', () => {
  const files = sourceFiles(ROOT, '.tsx').map((path) => ({ path, name: relative(ROOT, path).split('\\').join('/') }));

  it.each(files.filter((f) => !NOT_YET_CONVERTED.has(f.name)).map((f) => [f.name, f.path]))('%s', (_name, path) => {
    expect(englishTexts(readFileSync(path, 'utf8'))).toEqual([]);
  });

  it('lists only files that exist', () => {
    const known = new Set(files.map((f) => f.name));
    expect([...NOT_YET_CONVERTED].filter((name) => !known.has(name))).toEqual([]);
  });

  it('finds what it is for', () => {
    expect(englishTexts('<button aria-label="Close find" title={`Close (Escape)`}>\n  Cancel\n</button>')).toEqual(['Close find', 'Close (Escape)', 'Cancel']);
    expect(englishTexts("<p>{done ? 'All done here' : 'Copy'}</p><h2>Start a conversation</h2>")).toEqual(['Start a conversation', 'Copy', 'All done here']);
    expect(englishTexts('<input type="radio" />A command on this computer\n</label>')).toEqual(['A command on this computer']);
    expect(englishTexts('const ref = useRef<HTMLDivElement>(null);\n  const open = useBaton((s) => s.open);\n  return <div />;')).toEqual([]);
    expect(englishTexts("<button aria-label={t('app.settings')}>{t('app.settings')}</button>")).toEqual([]);
    expect(englishTexts('if (text.length > MAX.prompt) return { error };\n  if (empty >= 0) return { error };')).toEqual([]);
  });
});
