// A reply that fails reaches the window or tab with the core's error code and its own text (SPEC §5, one
// failure, one channel): a connection refused or dropped is `network`, a server gone silent past the
// inactivity timeout is `timeout`, a prompt over the model's window is `context_too_long`. Through the
// real core, the real provider and the fake model server; each failure is told once, as one `error` event
// (chat.send itself answered when the message was saved).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BatonEvent, CallOutput, ErrorCode } from '../../shared/contract';
import { t } from '../../shared/i18n';
import type { Core } from '../../electron/core/BatonCore';
import { useFakeAnthropic } from '../fakeAnthropic';
import { startCore } from '../support/testApp';

const fake = useFakeAnthropic();
let core: Core | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  await core?.dispose();
  core = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

/** Sends one message in a new session of a core talking to `modelUrl`; resolves with what the view was told once the run ended. */
async function failedReply(modelUrl: string, options: { inactivityTimeoutMs?: number } = {}): Promise<BatonEvent[]> {
  dataDir = mkdtempSync(join(tmpdir(), 'baton-error-codes-'));
  core = startCore({ modelUrl, apiKey: 'test-key', dataDir, ...options });
  const view = core.connect();
  const events: BatonEvent[] = [];
  view.subscribe((event) => events.push(event));
  const opened = await view.dispatch('sessions.new', {}, true);
  if (!opened.ok) throw new Error(opened.error.message);
  const { header } = opened.data as CallOutput<'sessions.new'>;
  const sent = await view.dispatch('chat.send', { sessionId: header.id, text: 'Tell me about batons' }, true);
  expect(sent).toEqual({ ok: true, data: { queued: false } });
  await expect.poll(() => events.some((e) => e.type === 'agent_end'), { timeout: 15_000 }).toBe(true);
  return events;
}

/** The one error the run reported: its code, and its text as far as the detail it names. */
function theError(events: BatonEvent[]): { code: ErrorCode; message: string } {
  const errors = events.flatMap((e) => (e.type === 'error' ? [{ code: e.code, message: e.message }] : []));
  expect(errors).toHaveLength(1);
  return errors[0]!;
}

/** A catalog text up to its first placeholder: what a message says whatever the detail. */
const textBefore = (text: string) => text.split('\u0000')[0]!;

/** A port on this machine that nothing listens on: a connection to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('error codes of a failed reply, as the client gets them', () => {
  it('a refused connection is `network`, told once after the retry', async () => {
    const events = await failedReply(`http://127.0.0.1:${await closedPort()}`);
    expect(events.filter((e) => e.type === 'retry')).toHaveLength(1); // the test app's one retry
    const error = theError(events);
    expect(error.code).toBe('network');
    expect(error.message.startsWith(textBefore(t('apiErrors.network', { detail: '\u0000' })))).toBe(true);
  });

  it('a connection dropped mid-reply is `network`, and says the reply was cut off', async () => {
    fake.enqueue({ kind: 'disconnect', text: 'The first words of ' });
    const events = await failedReply(fake.url);
    expect(theError(events)).toEqual({ code: 'network', message: t('apiErrors.closedMidStream') });
    expect(fake.messageRequests()).toHaveLength(1); // words were shown: no retry would repeat them
  });

  it('a server that stops answering past the inactivity timeout is `timeout`', async () => {
    fake.enqueue({ kind: 'stall', text: 'Before the silence' });
    const error = theError(await failedReply(fake.url, { inactivityTimeoutMs: 300 }));
    expect(error.code).toBe('timeout');
    expect(error.message.startsWith(textBefore(t('apiErrors.silent', { time: '\u0000' })))).toBe(true);
  });

  it('a 400 "prompt is too long" is `context_too_long`, with the API’s words', async () => {
    fake.enqueue({ kind: 'error', status: 400, errorType: 'invalid_request_error', message: 'prompt is too long: 212345 tokens > 200000 maximum' });
    const events = await failedReply(fake.url);
    expect(theError(events)).toEqual({ code: 'context_too_long', message: t('apiErrors.tooLong', { detail: 'prompt is too long: 212345 tokens > 200000 maximum' }) });
    expect(fake.messageRequests()).toHaveLength(1);
  });
});
