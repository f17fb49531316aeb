// The catalogs (SPEC §5 "Language"): Thai has every English text with the same placeholders, nothing
// more, and no text left in English by mistake; the language follows the setting, or the system's.
import { afterEach, describe, expect, it } from 'vitest';
import { resolveLanguage, setLanguage, t } from '../../shared/i18n';
import { en } from '../../shared/i18n/en';
import { th } from '../../shared/i18n/th';
import { texts } from '../../shared/texts';

type Tree = { [key: string]: string | Tree };

/** Every text by its dotted key, a plural under its base key (the `_other` form: it holds `count`). */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value !== 'string') for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
    else if (!key.endsWith('_one')) out.set(`${prefix}${key.replace(/_other$/, '')}`, value);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([^,}\s]+)[^}]*\}\}/g)].map((m) => m[1]!).sort((a, b) => a.localeCompare(b));

/** Texts that read the same in Thai: product and format names, numbers, symbols. */
const SAME_IN_THAI = new Set([
  'texts.attachmentKind.PDF',
  'texts.mcp.troubleAndWhat',
  'ui.percentTyped',
  'ui.cardSavings',
  'ui.findCount',
  'ui.importedAndSkipped',
  'language.en',
  'language.th',
  'appearance.sizeOption',
  'transfer.markdown',
  'transfer.json',
  'composer.kindPdf',
  'composer.kindText',
  'chat.versionCount',
  'chat.claude',
  'settings.url',
]);

afterEach(() => setLanguage('en'));

describe('the Thai catalog', () => {
  const english = flatten(en as unknown as Tree);
  const thai = flatten(th as unknown as Tree);

  it('has every English text, and no text English lacks', () => {
    expect([...thai.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('fills the same placeholders as the English text', () => {
    for (const [key, text] of english) expect(placeholders(thai.get(key) ?? ''), key).toEqual(placeholders(text));
  });

  it('is written in Thai, apart from names and symbols', () => {
    for (const [key, text] of thai) if (!SAME_IN_THAI.has(key)) expect(text, key).toMatch(/[\u0E00-\u0E7F]/);
  });

  it('English plurals have both forms', () => {
    const plurals = (tree: Tree, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'string' ? (key.endsWith('_other') ? [`${prefix}${key.slice(0, -6)}`] : []) : plurals(value, `${prefix}${key}.`),
      );
    for (const base of plurals(en as unknown as Tree)) {
      const [group, key] = base.split('.') as [keyof typeof en, string];
      expect((en[group] as Record<string, unknown>)[`${key}_one`], base).toBeTypeOf('string');
    }
  });
});

describe('the UI language', () => {
  it('is the setting, or the first language of the system Baton speaks, else English', () => {
    expect(resolveLanguage('th', ['en-US'])).toBe('th');
    expect(resolveLanguage('en', ['th-TH'])).toBe('en');
    expect(resolveLanguage('system', ['th-TH', 'en-US'])).toBe('th');
    expect(resolveLanguage('system', ['de-DE', 'th_TH.UTF-8'])).toBe('th');
    expect(resolveLanguage('system', ['fr-FR'])).toBe('en');
    expect(resolveLanguage('system', [])).toBe('en');
  });

  it('is what texts are read in, each time one is read', () => {
    expect(texts.cutOff).toBe('Cut off');
    expect(texts.quitWhileRunning(1)).toBe('1 reply is still being written. Quit anyway?');
    expect(texts.quitWhileRunning(2)).toBe('2 replies are still being written. Quit anyway?');
    setLanguage('th');
    expect(texts.cutOff).toBe('ถูกตัดกลางคัน');
    expect(texts.quitWhileRunning(1)).toBe('ยังเขียนคำตอบอยู่ 1 รายการ ออกจากโปรแกรมเลยหรือไม่');
    expect(texts.attachmentTooManyTokens('notes.txt', 123_456, 100_000)).toBe(
      'notes.txt มีประมาณ 123,456 โทเค็น ไฟล์ข้อความใช้ได้ไม่เกินครึ่งหนึ่งของหน้าต่างบริบทของโมเดล (100,000 โทเค็น)',
    );
    // Texts read before are kept per language: the way back reads English again, not what was last read.
    setLanguage('en');
    expect(texts.cutOff).toBe('Cut off');
    expect(t('sessions.deleteSession')).toBe(en.sessions.deleteSession);
  });

  it('fills a placeholder with the value as it is, never as another placeholder or text', () => {
    expect(t('texts.handoffFailed', { message: '{{title}} $t(texts.cutOff) <b>' })).toBe('Handoff failed: {{title}} $t(texts.cutOff) <b>');
  });
});
