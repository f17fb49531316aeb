// Shared set-up for the AgentSession and handoff tests: a temp data dir with real session files, the real
// provider (real SDK) against the fake Anthropic server, the session's Conversation (its agent and its
// handoff pipeline, as the core builds them), and a recorder of every event the session sends. A handoff's
// child session is opened as the core opens it: a SessionManager of its own with an agent of its own.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BatonEvent } from '../../../shared/contract';
import type { SessionEntry, SessionHeader } from '../../../shared/session';
import { DEFAULT_SETTINGS, type Settings } from '../../../shared/settings';
import { expect } from 'vitest';
import { AgentSession, type AgentProvider, type AgentSessionOptions } from '../../../electron/core/agent/AgentSession';
import { AnthropicProvider } from '../../../electron/core/agent/AnthropicProvider';
import { Conversation } from '../../../electron/core/conversations/Conversation';
import { HandoffError, type HandoffPipeline } from '../../../electron/core/handoff/HandoffPipeline';
import { SessionManager } from '../../../electron/core/session/SessionManager';
import type { FsSeam } from '../../../electron/core/storage/fsSeam';
import type { FakeAnthropic, RecordedRequest } from '../../fakeAnthropic';

export const MODEL = 'claude-test-chat';

export interface Harness {
  dir: string;
  sessionsDir: string;
  promptsDir: string;
  /** The session's agent (after reopen(), the reopened one's). */
  readonly agent: AgentSession;
  /** The session's handoff pipeline. */
  readonly handoff: HandoffPipeline;
  /** Closes the session (its lock released) and opens its file again, as the app does after a restart. */
  reopen(): AgentSession;
  /** The sessions its handoffs created, oldest first, each with its own agent. */
  children: AgentSession[];
  /** The newest child (fails the test when there is none). */
  child(): AgentSession;
  events: BatonEvent[];
  settings: Settings;
  /** Events of one type, typed. */
  of<T extends BatonEvent['type']>(type: T): Array<Extract<BatonEvent, { type: T }>>;
  cleanup(): void;
}

export interface HarnessOptions extends Partial<Omit<AgentSessionOptions, 'sessionManager' | 'getSettings' | 'promptsDir'>> {
  settings?: Partial<Settings>;
  /** The titles the session's handoff tree already uses. */
  chainTitles?: (sessionId: string) => readonly string[];
  maxRetries?: number;
  inactivityTimeoutMs?: number;
  sessionManager?: (sessionsDir: string) => SessionManager;
  /** The fs calls of the sessions opened here, the children too (a full disk on cue). */
  fs?: FsSeam;
}

export function createHarness(fake: FakeAnthropic, options: HarnessOptions = {}): Harness {
  const dir = mkdtempSync(join(tmpdir(), 'baton-agent-'));
  const sessionsDir = join(dir, 'sessions');
  const promptsDir = join(dir, 'prompts');
  mkdirSync(promptsDir, { recursive: true });
  const settings: Settings = { ...DEFAULT_SETTINGS, model: MODEL, ...options.settings };
  const provider: AgentProvider =
    options.provider ??
    new AnthropicProvider({
      apiKey: 'test-key',
      baseURL: fake.url,
      maxRetries: options.maxRetries ?? 2,
      inactivityTimeoutMs: options.inactivityTimeoutMs ?? 5_000,
    });
  const { chainTitles = () => [], sessionManager, fs, ...agentOptions } = options;
  const agentFor = (manager: SessionManager) => new AgentSession({ ...agentOptions, sessionManager: manager, provider, getSettings: () => settings, promptsDir });
  const children: AgentSession[] = [];
  const events: BatonEvent[] = [];
  const open = (manager: SessionManager) => {
    const agent = agentFor(manager);
    agent.subscribe((event) => events.push(event));
    return new Conversation(agent, {
      createChild: (header, seed) => {
        const child = SessionManager.create(sessionsDir, { ...header, fs });
        for (const m of seed) child.appendCustomMessageEntry(m.customType, m.content, m.display, m.details);
        children.push(agentFor(child));
      },
      chainTitles,
      startHandoff: () => Promise.reject(new Error('auto-handoff is the core tests’ concern')),
    });
  };
  let conversation = open(sessionManager?.(sessionsDir) ?? SessionManager.create(sessionsDir, { fs }));
  return {
    dir,
    sessionsDir,
    promptsDir,
    get agent() {
      return conversation.agent;
    },
    get handoff() {
      return conversation.handoff;
    },
    reopen: () => {
      const file = conversation.manager.getSessionFile();
      conversation.close();
      conversation = open(SessionManager.open(file, { fs }));
      return conversation.agent;
    },
    children,
    child: () => {
      const last = children.at(-1);
      expect(last, 'a child session').toBeDefined();
      return last!;
    },
    events,
    settings,
    of: (type) => events.filter((e) => e.type === type) as never,
    cleanup: () => {
      conversation.close();
      for (const child of children) child.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function writeTemplate(h: Harness, name: string, text: string): void {
  writeFileSync(join(h.promptsDir, `${name}.md`), text);
}

/** The session file as it is on disk: header and entries, parsed line by line. */
export function readSessionFile(file: string): { header: SessionHeader; entries: SessionEntry[] } {
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const [header, ...entries] = lines.map((line) => JSON.parse(line) as unknown);
  return { header: header as SessionHeader, entries: entries as SessionEntry[] };
}

export function sessionFiles(h: Harness): string[] {
  return readdirSync(h.sessionsDir).filter((f) => f.endsWith('.jsonl'));
}

/** The messages entries on disk, as role + joined text, for compact assertions. */
export function diskTranscript(file: string): string[] {
  return readSessionFile(file)
    .entries.filter((e) => e.type === 'message')
    .map((e) => {
      const m = (e as Extract<SessionEntry, { type: 'message' }>).message;
      const text = m.content.map((b) => (b.type === 'text' ? b.text : b.type === 'tool_use' ? `[tool_use ${b.name}]` : `[tool_result]`));
      return `${m.role}: ${text.join(' | ')}`;
    });
}

interface ApiMessage {
  role: string;
  content: string | Array<{ type: string; text?: string; content?: string; tool_use_id?: string; id?: string }>;
}

/**
 * A recorded messages request's body, its messages as the model reads them: the prompt-cache breakpoints
 * on their blocks are left out (promptCache.test.ts is about those; apiRequestViolations checks the body
 * as sent).
 */
export function bodyOf(request: RecordedRequest | undefined): {
  model: string;
  max_tokens: number;
  system?: Array<{ type: 'text'; text: string }>;
  messages: ApiMessage[];
  tools?: Array<{ name: string }>;
} {
  if (!request) throw new Error('no such request');
  const body = request.body as { messages: ApiMessage[] };
  return { ...body, messages: body.messages.map(withoutCacheControl) } as never;
}

type SentBlock = Exclude<ApiMessage['content'], string>[number] & { cache_control?: unknown };

function withoutCacheControl(message: ApiMessage): ApiMessage {
  if (typeof message.content === 'string') return message;
  return { ...message, content: message.content.map(({ cache_control: _marker, ...block }: SentBlock) => block) };
}

/** All text a request carried in its messages, in order. */
export function requestTexts(request: RecordedRequest | undefined): string[] {
  return bodyOf(request).messages.flatMap((m) =>
    typeof m.content === 'string' ? [m.content] : m.content.flatMap((b) => (b.type === 'text' && b.text !== undefined ? [b.text] : [])),
  );
}

/** Waits until `predicate` holds, polling; for states reached through the network. */
export async function until(predicate: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** The HandoffError a handoff call rejects with (fails the test if it resolves or throws anything else). */
export async function handoffError(promise: Promise<unknown>): Promise<HandoffError> {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(HandoffError);
  return error as HandoffError;
}
