// Text and code files attach (SPEC §5 "Attachments"): told by their content (UTF-8, no NUL), sent to the
// Messages API as plain-text document blocks titled by the file's name, kept in the session file and
// sent again on later turns; binary content, other encodings, and files over the size or token limit are
// refused with the file named. Requests are checked at the fake API.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MB } from '../../../shared/attachments';
import { texts } from '../../../shared/texts';
import { useFakeAnthropic } from '../../fakeAnthropic';
import { expectValidRequests } from '../../support/apiRequestRules';
import { startCoreDriver, type CoreDriver } from '../../support/coreDriver';

const fake = useFakeAnthropic();
let driver: CoreDriver | undefined;
afterEach(async () => {
  await driver?.dispose();
  driver = undefined;
});

async function upload(name: string, bytes: Buffer) {
  const d = driver!;
  const sessionId = d.view.sessionId ?? (await d.call('sessions.open', {})).header.id;
  const first = bytes.subarray(0, 64 * 1024);
  const { id } = await d.call('attachments.begin', { name, size: bytes.length, data: first.toString('base64') });
  for (let at = first.length; at < bytes.length; at += 3 * MB) await d.call('attachments.append', { id, data: bytes.subarray(at, at + 3 * MB).toString('base64') });
  return d.call('attachments.finish', { sessionId, id });
}

async function refusal(name: string, bytes: Buffer): Promise<string> {
  return upload(name, bytes).then(
    () => {
      throw new Error(`${name} was accepted`);
    },
    (err: Error) => err.message.replace(/^[\w.]+: \w+: /, ''), // the driver names the call and the code
  );
}

type SentBlock = { type: string; source?: { type: string; media_type: string; data: string }; title?: string; text?: string };
const lastUserContent = () => {
  const body = fake.messageRequests().at(-1)?.body as { messages: Array<{ role: string; content: SentBlock[] }> };
  return body.messages.filter((m) => m.role === 'user').at(-1)!.content.map(({ cache_control: _c, ...b }: SentBlock & { cache_control?: unknown }) => b);
};

describe('text and code files', () => {
  it('go as plain-text documents named by file, are kept in the session and sent again later', async () => {
    driver = startCoreDriver(fake);
    const csv = 'city,temperature\nOslo,-3\nKyōto,8\n';
    const code = '\uFEFFexport const answer = 42; // “quoted”\n';
    const a = await upload('weather.csv', Buffer.from(csv));
    const b = await upload('answer.ts', Buffer.from(code));
    expect([a.mediaType, b.mediaType]).toEqual(['text/plain', 'text/plain']);
    await driver.call('chat.send', { sessionId: driver.sessionId, text: 'Read these', attachments: [a.id, b.id] });
    await expect.poll(() => driver!.of('agent_end').length).toBe(1);

    const sent = lastUserContent();
    expect(sent).toEqual([
      { type: 'document', source: { type: 'text', media_type: 'text/plain', data: csv }, title: 'weather.csv' },
      { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'export const answer = 42; // “quoted”\n' }, title: 'answer.ts' },
      { type: 'text', text: 'Read these' },
    ]);
    expectValidRequests(fake.messageRequests());

    const dir = join(driver.dataDir, 'sessions');
    const saved = readFileSync(join(dir, readdirSync(dir)[0]!), 'utf8');
    expect(saved).toContain('"source":{"type":"text","media_type":"text/plain","data":"city,temperature');

    await driver.restart();
    await driver.call('sessions.open', {});
    await driver.chat('And now?');
    const body = fake.messageRequests().at(-1)?.body as { messages: Array<{ content: SentBlock[] }> };
    expect(body.messages[0]!.content.filter((block) => block.type === 'document').map((block) => block.title)).toEqual(['weather.csv', 'answer.ts']);
  });

  it('are refused when they are not text, or too large for the request or the window, naming the file', async () => {
    driver = startCoreDriver(fake);
    await driver.call('sessions.open', {});
    expect(await refusal('data.bin', Buffer.from([0x41, 0x00, 0x42, 0x43]))).toBe(texts.attachmentType('data.bin'));
    expect(await refusal('latin1.txt', Buffer.from('caf\xe9 cr\xe8me', 'latin1'))).toBe(texts.attachmentType('latin1.txt'));
    expect(await refusal('utf16.txt', Buffer.from('\uFEFFhello', 'utf16le'))).toBe(texts.attachmentType('utf16.txt'));
    // Valid at the start, broken later: told when the whole file is there.
    expect(await refusal('broken.md', Buffer.concat([Buffer.from('# Notes\n'.repeat(10_000)), Buffer.from([0xc3, 0x28])]))).toBe(texts.attachmentType('broken.md'));
    expect(await refusal('huge.log', Buffer.alloc(2 * MB + 1, 'a'))).toBe(texts.attachmentTooLarge('huge.log', '2 MB', 'text', '2 MB'));
    // 1.2 MB of text is some 300,000 tokens: more than half of a 200k window.
    const tokens = Math.ceil((1.2 * MB) / 4);
    expect(await refusal('book.txt', Buffer.alloc(1.2 * MB, 'word '))).toBe(texts.attachmentTooManyTokens('book.txt', tokens, 100_000));
  });
});
