// The core writes what the user reads in the UI language (SPEC §5 "Language"): set in Settings, read
// again at the next start; what goes to the model stays as it was.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { setLanguage } from '../../../shared/i18n';
import { useFakeAnthropic } from '../../fakeAnthropic';
import { startCoreDriver, type CoreDriver } from '../../support/coreDriver';

const fake = useFakeAnthropic();
let driver: CoreDriver;

beforeEach(() => {
  driver = startCoreDriver(fake);
});
afterEach(async () => {
  await driver.dispose();
  setLanguage('en');
});

it('answers in Thai once the language is ไทย, and still after a restart', async () => {
  const { header } = await driver.call('sessions.open', {});
  expect(await driver.call('handoff.start', { sessionId: header.id })).toEqual({ status: 'refused', message: 'Nothing to hand off (no messages yet)' });

  await driver.call('settings.set', { language: 'th' });
  expect(await driver.call('handoff.start', { sessionId: header.id })).toEqual({ status: 'refused', message: 'ยังไม่มีอะไรให้ส่งต่อ (ยังไม่มีข้อความ)' });
  expect((await driver.call('chat.commands', {})).find((c) => c.name === 'new')?.description).toBe('เริ่มเซสชันใหม่');

  setLanguage('en'); // as a new process starts
  await driver.restart();
  const result = await driver.view.dispatch('settings.setApiKey', { apiKey: 'sk-ant-\u0007bad' }, true);
  expect(result).toMatchObject({ ok: false, error: { message: 'คีย์ API มีอักขระที่ใช้ไม่ได้' } });
});

it('refuses in Thai too: a session that is gone, a blank API key, no document waiting for review, Settings → Tools read-only in web mode', async () => {
  const { header } = await driver.call('sessions.open', {});
  await driver.call('settings.set', { language: 'th' });
  expect(await driver.view.dispatch('sessions.rename', { id: 'no-such-session', title: 'x' }, true)).toEqual({ ok: false, error: { code: 'not_found', message: 'เซสชันนั้นไม่มีอยู่แล้ว' } });
  expect(await driver.view.dispatch('settings.setApiKey', { apiKey: '   ' }, true)).toEqual({ ok: false, error: { code: 'invalid_input', message: 'คีย์ API ว่างเปล่า' } });
  expect(await driver.view.dispatch('handoff.commit', { sessionId: header.id, document: '## Goal\nx' }, true)).toMatchObject({ data: { message: 'ไม่มีเอกสารส่งต่อที่รอตรวจทาน' } });
  expect((await driver.call('tools.overview', {})).readOnlyReason).toBe('ในโหมดเว็บ เปลี่ยนเซิร์ฟเวอร์ MCP ได้เฉพาะใน mcp.json บนเครื่องเซิร์ฟเวอร์ (หรือเริ่มโหมดเว็บด้วย --allow-tool-config)');
});

it('keeps what it sends the model in English: the handoff prompt follows the Handoff instructions', async () => {
  await driver.call('settings.set', { language: 'th' });
  await driver.chat('hello');
  await driver.chat('and more');
  fake.enqueue({ kind: 'text', text: '## Goal\nhello\n\n## Next Steps\nand more' });
  const result = await driver.call('handoff.start', { sessionId: driver.sessionId });
  expect(result.status).toBe('done');
  const bodies = fake.messageRequests().map((request) => JSON.stringify(request.body));
  const handoffRequest = bodies.find((body) => body.includes('Use exactly these sections'));
  expect(handoffRequest).toBeDefined();
  for (const body of bodies) expect(body).not.toMatch(/[\u0E00-\u0E7F]/);
});
