// @vitest-environment happy-dom
// The UI language (SPEC §5 "Language"): Settings → Language switches the page at once, <html lang>
// follows, and dates are written by Intl in that language.
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/src/App';
import { dayLabel, relativeTime } from '../../renderer/src/lib/format';
import { setLanguage } from '../../shared/i18n';
import { buttonNamed, byLabel, click, render, settle, setup, sessionView, step, summary, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
  setLanguage('en');
});

const nav = () => document.querySelector('nav')!;

async function app(handlers = {}) {
  const now = new Date();
  const ctx = await setup({
    'sessions.open': () => sessionView({ id: 'today' }),
    'sessions.list': () => [
      summary('today', 'Parser work', { updatedAt: new Date(now.getTime() - 2 * 60_000).toISOString() }),
      summary('yesterday', 'Old notes', { updatedAt: new Date(now.getTime() - 86_400_000).toISOString() }),
    ],
    ...handlers,
  }, { init: false });
  view = await render(<App />, ctx.store);
  await settle();
  return ctx;
}

/** In the open Settings dialog. */
async function chooseLanguage(label: string, value: string) {
  const select = byLabel(document, label) as HTMLSelectElement;
  await step(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('Settings → Language', () => {
  it('offers System and each language by its own name; ไทย shows the sidebar and composer in Thai at once', async () => {
    const { fake } = await app();
    expect(document.documentElement.lang).toBe('en');
    expect(nav().getAttribute('aria-label')).toBe('Sessions');
    await click(buttonNamed(document, 'Settings'));
    const select = byLabel(document, 'Language') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['System', 'English', 'ไทย']);

    await chooseLanguage('Language', 'th');
    expect(fake.callsTo('settings.set')).toContainEqual({ language: 'th' });
    expect(document.documentElement.lang).toBe('th');
    // The dialog itself switched: its field is now named in Thai.
    expect([...(byLabel(document, 'ภาษา') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['ตามระบบ', 'English', 'ไทย']);
    expect(nav().getAttribute('aria-label')).toBe('เซสชัน');
    expect(byLabel(document, 'ค้นหาเซสชัน')).not.toBeNull();
    expect([...nav().querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['วันนี้', 'เมื่อวาน']);
    expect(nav().querySelector('time')?.textContent).toBe('2 นาทีที่แล้ว');
    expect(buttonNamed(nav(), 'เซสชันใหม่')).not.toBeNull();
    expect(byLabel(document, 'ข้อความ')?.getAttribute('placeholder')).toBe('พิมพ์ข้อความถึง Claude — พิมพ์ / เพื่อดูคำสั่ง');
    expect(buttonNamed(document, 'ส่ง')).not.toBeNull();
    // The core lists the slash commands in the new language: they are asked for again.
    expect(fake.callsTo('chat.commands').length).toBeGreaterThan(1);

    await chooseLanguage('ภาษา', 'en');
    expect(document.documentElement.lang).toBe('en');
    expect(nav().getAttribute('aria-label')).toBe('Sessions');
  });

  it('ไทย reaches Settings\' own fields, the toolbar\'s Hand off and the status line', async () => {
    await app();
    await click(buttonNamed(document, 'Settings'));
    await chooseLanguage('Language', 'th');
    const dialog = document.querySelector('.settings-dialog')!;
    expect(byLabel(dialog, 'โมเดลสำหรับส่งต่อ')).not.toBeNull();
    expect((byLabel(dialog, 'การคิด') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('ปรับตามงาน');
    expect(dialog.textContent).toContain('เตรียมการส่งต่อไว้ล่วงหน้า');
    expect(dialog.textContent).toContain('คำสั่งสำหรับการส่งต่อ');
    expect(dialog.textContent).not.toContain('Hand off automatically');
    await click(buttonNamed(dialog, 'ปิด'));
    expect(document.querySelector('.settings-dialog')).toBeNull();
    expect(buttonNamed(document, 'ส่งต่อ')).not.toBeNull();
    expect(document.querySelector('.statusline')?.textContent).toContain('โทเค็น เข้า 0 · ออก 0');
  });

  it('System follows the browser: a Thai browser gets Thai from the first paint', async () => {
    const languages = Object.getOwnPropertyDescriptor(Navigator.prototype, 'languages');
    Object.defineProperty(navigator, 'languages', { configurable: true, get: () => ['th-TH', 'en-US'] });
    try {
      await app();
      expect(document.documentElement.lang).toBe('th');
      expect(nav().getAttribute('aria-label')).toBe('เซสชัน');
    } finally {
      delete (navigator as { languages?: unknown }).languages;
      if (languages) Object.defineProperty(Navigator.prototype, 'languages', languages);
    }
  });
});

describe('dates in the UI language', () => {
  const now = new Date(2025, 5, 10, 15, 0);
  const at = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString();

  it('groups and relative times in Thai, with Gregorian years', () => {
    setLanguage('th');
    expect(dayLabel(at(2025, 5, 10, 9, 0), now)).toBe('วันนี้');
    expect(dayLabel(at(2025, 5, 9, 9, 0), now)).toBe('เมื่อวาน');
    expect(dayLabel(at(2025, 0, 3, 9, 0), now)).toBe('3 ม.ค. 2025');
    expect(relativeTime(new Date(2025, 5, 10, 14, 59, 40).toISOString(), now)).toBe('เมื่อสักครู่');
    expect(relativeTime(at(2025, 5, 10, 12, 0), now)).toBe('3 ชม. ที่แล้ว');
    expect(relativeTime(at(2025, 5, 6, 9, 0), now)).toBe('4 วันที่แล้ว');
  });

  it('in English, the same through Intl', () => {
    expect(dayLabel(at(2025, 5, 10, 9, 0), now)).toBe('Today');
    expect(dayLabel(at(2025, 5, 9, 9, 0), now)).toBe('Yesterday');
    expect(dayLabel(at(2025, 0, 3, 9, 0), now)).toBe('Jan 3, 2025');
  });
});
