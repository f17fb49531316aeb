// Prompt caching (SPEC §8): a 50-turn conversation through AgentSession and the real provider (real SDK)
// against the fake server, which bills input by the API's prefix-caching rules (1,024-token minimum,
// 5-minute entries, 20-block lookback). The figure is the share of input tokens billed uncached:
// input_tokens / (input_tokens + cache_read_input_tokens + cache_creation_input_tokens), summed over
// every request. Replies vary in length and every seventh turn makes a tool call first, as chats do.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SETTINGS } from '../shared/settings';
import type { Usage } from '../shared/session';
import { AgentSession } from '../electron/core/agent/AgentSession';
import { AnthropicProvider } from '../electron/core/agent/AnthropicProvider';
import { SessionManager } from '../electron/core/session/SessionManager';
import { startFakeAnthropic } from '../test/fakeAnthropic';
import { report } from './report';

const TURNS = 50;
const WORDS = 'the bridge deck carries two tracks and a footpath while the cables take the load to the towers'.split(' ');

/** Deterministic prose of about `chars` characters, different for each seed. */
function prose(seed: number, chars: number): string {
  const out: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i++) {
    const word = WORDS[(seed * 7 + i * 13) % WORDS.length]!;
    out.push(word);
    length += word.length + 1;
  }
  return out.join(' ');
}

/** Whether the request's last message carries tool results (the model asked for a tool a moment ago). */
function answersToolCall(body: unknown): boolean {
  const last = (body as { messages: Array<{ content: unknown }> }).messages.at(-1);
  return Array.isArray(last?.content) && last.content.some((b: { type?: string }) => b.type === 'tool_result');
}

const fake = await startFakeAnthropic();
const root = mkdtempSync(join(tmpdir(), 'baton-cache-bench-'));
try {
  let turn = 0;
  fake.setDefault((request) => {
    // Answers of 300–1,500 characters; every seventh turn plans with the todo tool before answering.
    const planning = turn % 7 === 3 && !answersToolCall(request.body);
    if (planning) return { kind: 'tool_use', name: 'todo_write', input: { todos: [{ content: prose(turn, 60), status: 'in_progress' }] } };
    return { kind: 'text', text: prose(turn + 1_000, 300 + ((turn * 337) % 1_200)), chunkSize: 256 };
  });
  const agent = new AgentSession({
    sessionManager: SessionManager.create(join(root, 'sessions')),
    provider: new AnthropicProvider({ apiKey: 'bench', baseURL: fake.url, maxRetries: 0 }),
    getSettings: () => DEFAULT_SETTINGS,
    promptsDir: join(root, 'prompts'),
  });
  const usages: Usage[] = [];
  agent.subscribe((event) => {
    if (event.type === 'usage') usages.push(event.usage);
  });
  for (turn = 0; turn < TURNS; turn++) {
    const { error } = await agent.prompt(`Question ${turn + 1}: ${prose(turn, 100 + ((turn * 211) % 500))}?`);
    if (error) throw error;
  }
  agent.sessionManager.close();

  let read = 0;
  let written = 0;
  let total = 0;
  for (const usage of usages) {
    read += usage.cache_read_input_tokens ?? 0;
    written += usage.cache_creation_input_tokens ?? 0;
    total += usage.input_tokens; // Baton keeps the whole prompt here: uncached + read + written
  }
  const uncached = total - read - written;
  report({
    name: 'prompt_cache.uncached_share.50turns',
    value: uncached / total,
    unit: 'ratio',
    budget: 0.1,
    comparedWith:
      `input tokens billed uncached / all input tokens, ${TURNS} turns (${usages.length} requests) through AnthropicProvider ` +
      `against the fake server's prefix cache: ${uncached} uncached, ${read} read, ${written} written`,
  });
} finally {
  await fake.close();
  rmSync(root, { recursive: true, force: true });
}
