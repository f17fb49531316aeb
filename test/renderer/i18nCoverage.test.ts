// Every component shows its texts through the catalogs (shared/i18n), so the UI is whole in every
// language. This finds English written into a component: JSX text, and string literals given to
// aria-label, title, placeholder, alt or label, or of several words anywhere. It reads the source with
// patterns, not a parser: good enough to catch a forgotten text, and a file it misreads can say so below.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../renderer/src/components');

/**
 * Not yet converted: these were being changed elsewhere when the rest went through the catalogs.
 * Convert one (its texts into shared/i18n/en.ts and th.ts, `useT` in the component), then take it off.
 */
const NOT_YET_CONVERTED = new Set([
  'chat/Markdown.tsx',
]);

/** Shown as they are in every language: a code block's language, commands, a URL, a key and its variable. */
const NOT_WORDS = new Set(['mermaid', 'npx', 'https://', 'sk-ant-…', 'ANTHROPIC_API_KEY', 'npm run web']);

function componentFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return componentFiles(path);
    return name.endsWith('.tsx') ? [path] : [];
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

describe('the components show their texts through the catalogs', () => {
  const files = componentFiles(ROOT).map((path) => ({ path, name: relative(ROOT, path).split('\\').join('/') }));

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
