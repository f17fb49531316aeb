// Servers that misbehave never hurt the app (SPEC §3, §6): each is shown as failed or its call fails,
// with a reason a user can act on, and a well-behaved server beside it keeps answering.
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../shared/i18n';
import { alive, mcpHarness, scripted, textOf, type McpHarness } from './harness';

let h: McpHarness;
afterEach(() => {
  setLanguage('en');
  return h?.cleanup();
});

/** The bystander still answers: nothing else was affected. */
async function bystanderAnswers(): Promise<void> {
  const out = await h.call('fine', 'act');
  expect(Number(textOf(out))).toBeGreaterThan(0);
}

describe('hostile stdio servers', () => {
  it('one that writes garbage on stdout and never answers is shown as failed, saying so', async () => {
    h = mcpHarness({ noisy: scripted('garbage'), fine: scripted('ok') }, { timeoutMs: () => 3_000 });
    h.servers.start();
    const status = await h.until('noisy', 'failed');
    expect(status.reason).toMatch(/^wrote something that is not MCP on stdout: Server starting… welcome! \(and no answer in 3 s\)$/);
    expect(h.servers.tools().map((t) => t.definition.name)).toEqual(['fine__act']);
    await h.until('fine', 'ready');
    await bystanderAnswers();
  });

  it('one that sends a 100 MB result: the call fails, the server is failed, memory stays bounded', async () => {
    h = mcpHarness({ big: scripted('huge'), fine: scripted('ok') });
    h.servers.start();
    await h.until('big', 'ready');
    await h.until('fine', 'ready');
    const before = process.memoryUsage().rss;
    await expect(h.call('big', 'act')).rejects.toThrow(/^The MCP server "big" stopped during the call of act: sent a message over 16 MB \(/);
    expect(process.memoryUsage().rss - before).toBeLessThan(80 * 1024 * 1024);
    expect((await h.until('big', 'failed')).reason).toMatch(/^sent a message over 16 MB/);
    expect(h.servers.tools().map((t) => t.definition.name)).toEqual(['fine__act']);
    await bystanderAnswers();
  });

  it('one that never answers: the call fails after the time limit in force with a clear error, and the server stays', async () => {
    // The setting, changed while the servers run: the next call has the new time limit.
    let timeoutMs = 60_000;
    h = mcpHarness({ mute: scripted('silent'), fine: scripted('ok') }, { timeoutMs: () => timeoutMs });
    h.servers.start();
    await h.until('mute', 'ready');
    await h.until('fine', 'ready');
    timeoutMs = 2_000;
    await expect(h.call('mute', 'act')).rejects.toThrow('The MCP server "mute" did not answer the call of act within 2 s.');
    expect(h.status('mute')?.state).toBe('ready');
    await bystanderAnswers();
  });

  it('one that exits mid-call: the call fails at once, naming the exit, and its stderr is kept', async () => {
    h = mcpHarness({ shaky: scripted('exit'), fine: scripted('ok') });
    h.servers.start();
    await h.until('shaky', 'ready');
    await h.until('fine', 'ready');
    await expect(h.call('shaky', 'act')).rejects.toThrow('The MCP server "shaky" stopped during the call of act: the server exited with code 3.');
    const status = await h.until('shaky', 'failed');
    expect(status).toMatchObject({ reason: 'the server exited with code 3', stderr: ['about to fall over'], tools: [expect.objectContaining({ name: 'act' })] });
    expect(h.servers.tools().map((t) => t.definition.name)).toEqual(['fine__act']);
    await bystanderAnswers();
  });

  it('one that floods notifications is ended, its call fails, and the app goes on', async () => {
    h = mcpHarness({ loud: scripted('flood'), fine: scripted('ok') });
    h.servers.start();
    await h.until('loud', 'ready');
    await h.until('fine', 'ready');
    await expect(h.call('loud', 'act')).rejects.toThrow(/stopped during the call of act: sent over 5000 messages in a second/);
    expect((await h.until('loud', 'failed')).reason).toMatch(/^sent over 5000 messages in a second/);
    await bystanderAnswers();
  });

  it('what a server repeats of its env in stderr is shown masked', async () => {
    h = mcpHarness({ shaky: { ...scripted('exit'), env: { TOKEN: 'tok-4711-secret' } } });
    h.servers.start();
    await h.until('shaky', 'ready');
    await expect(h.call('shaky', 'act')).rejects.toThrow();
    const status = await h.until('shaky', 'failed');
    expect(status.stderr).toEqual(['about to fall over', 'my token was ••••••']);
    expect(h.logs.join('\n')).not.toContain('tok-4711-secret');
  });

  it('a command that does not exist is failed with "command not found", the others start', async () => {
    h = mcpHarness({ missing: { command: 'baton-no-such-command' }, fine: scripted('ok') });
    h.servers.start();
    expect((await h.until('missing', 'failed')).reason).toBe('command not found: baton-no-such-command');
    await h.until('fine', 'ready');
    await bystanderAnswers();
  });

  it('in Thai, the reasons and a failed call say so in Thai, the command and the code as they are', async () => {
    setLanguage('th');
    h = mcpHarness({ missing: { command: 'baton-no-such-command' }, shaky: scripted('exit') });
    h.servers.start();
    expect((await h.until('missing', 'failed')).reason).toBe('ไม่พบคำสั่ง: baton-no-such-command');
    await h.until('shaky', 'ready');
    await expect(h.call('shaky', 'act')).rejects.toThrow('เซิร์ฟเวอร์ MCP "shaky" หยุดทำงานระหว่างการเรียก act: เซิร์ฟเวอร์ปิดตัวด้วยรหัส 3');
    expect((await h.until('shaky', 'failed')).reason).toBe('เซิร์ฟเวอร์ปิดตัวด้วยรหัส 3');
  });

  it('Restart brings a failed server back', async () => {
    h = mcpHarness({ shaky: scripted('exit') });
    h.servers.start();
    await h.until('shaky', 'ready');
    await expect(h.call('shaky', 'act')).rejects.toThrow();
    await h.until('shaky', 'failed');
    h.servers.restart('shaky');
    expect(h.status('shaky')?.state).toBe('starting');
    await h.until('shaky', 'ready');
    expect(h.servers.tools()).toHaveLength(1);
  });
});

describe('no orphan processes', () => {
  it.skipIf(process.platform !== 'linux')('dispose ends every server, and what a server started, even one that ignores stdin and SIGTERM', async () => {
    h = mcpHarness({ wrapper: scripted('spawner'), plain: scripted('ok') });
    h.servers.start();
    await h.until('wrapper', 'ready');
    await h.until('plain', 'ready');
    // Each answers with its own process id: the wrapper's is its child's.
    const pids = [Number(textOf(await h.call('wrapper', 'act'))), Number(textOf(await h.call('plain', 'act')))];
    expect(pids.every(alive)).toBe(true);
    await h.servers.dispose();
    expect(pids.filter(alive)).toEqual([]);
  });

  it.skipIf(process.platform !== 'linux')('dispose ends what a server started even when the server itself exits as its stdin closes', async () => {
    h = mcpHarness({ leaver: scripted('leaver') });
    h.servers.start();
    await h.until('leaver', 'ready');
    const started = () => /started (\d+)/.exec(h.status('leaver')?.stderr.join('\n') ?? '')?.[1];
    await expect.poll(started, { timeout: 10_000 }).toBeDefined();
    const left = Number(started());
    expect(alive(left)).toBe(true);
    await h.servers.dispose();
    expect(alive(left)).toBe(false);
  });
});
