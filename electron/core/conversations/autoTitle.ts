// Titles written by Claude (SPEC §5 "Name sessions automatically"): once a session's first exchange is
// done, a small request (the listed Haiku-class model, else the chat model; at most 100 output tokens, no
// tools, no thinking) asks for a short title, written as a session_info with `autoTitle`. It runs after
// the reply and never delays it; a failure is logged and nothing else. A rename always wins: a session
// the user named is never asked about, and a rename made while the request runs is kept. A handed-off
// child's Goal-based title (in its header) gives way to it, as a better one.
import type { ModelInfo } from '../../../shared/models';
import type { AgentMessage } from '../../../shared/session';
import type { AgentProvider } from '../agent/agentLoop';
import { shortenTitle, userText } from '../session/title';
import type { SessionManager } from '../session/SessionManager';
import { log } from '../log';

export const TITLE_MAX_TOKENS = 100;
export const TITLE_SYSTEM_PROMPT = 'You name chat sessions. Reply with a title only: at most six words, no quotes, no final full stop.';
/** How much of the prompt and the reply the title request quotes: enough to tell what the chat is about. */
const QUOTE_CHARS = 2_000;

export interface AutoTitleOptions {
  provider: AgentProvider;
  enabled: () => boolean;
  /** The chat model, used when the list has no Haiku-class model. */
  chatModel: () => string;
  models: () => readonly ModelInfo[];
  /** Writes the title into the session, unless the user named it meanwhile (then false). */
  write: (manager: SessionManager, title: string) => void;
  log?: (line: string) => void;
}

/** The small, cheap model a title is asked of: the listed Haiku-class one, else the chat model. */
export function titleModel(models: readonly ModelInfo[], chatModel: string): string {
  return models.find((model) => /haiku/i.test(model.id))?.id ?? chatModel;
}

export class AutoTitles {
  /** Sessions asked about in this process: one attempt each, whatever came of it. */
  private readonly asked = new Set<string>();
  private readonly log: (line: string) => void;

  constructor(private readonly options: AutoTitleOptions) {
    // The core's log, so the line reaches baton.log with the key taken out.
    this.log = options.log ?? log.warn;
  }

  /** After a run of the session ended: asks for a title if its first exchange is done and it has none yet. */
  afterRun(manager: SessionManager): void {
    const id = manager.getSessionId();
    if (!this.options.enabled() || this.asked.has(id) || manager.hasUserTitle() || manager.hasAutoTitle()) return;
    // The user's own messages and Claude's, not a handoff document the session starts with.
    const messages = manager.getBranch().flatMap((e) => (e.type === 'message' && e.message.purpose === undefined ? [e.message] : []));
    const exchange = firstExchange(messages);
    if (!exchange) return;
    this.asked.add(id);
    void this.ask(manager, exchange);
  }

  private async ask(manager: SessionManager, exchange: { prompt: string; reply: string }): Promise<void> {
    const id = manager.getSessionId();
    try {
      const quoted = `<user>\n${exchange.prompt.slice(0, QUOTE_CHARS)}\n</user>\n<assistant>\n${exchange.reply.slice(0, QUOTE_CHARS)}\n</assistant>`;
      const reply = await this.options.provider.stream(
        {
          model: titleModel(this.options.models(), this.options.chatModel()),
          system: TITLE_SYSTEM_PROMPT,
          messages: [{ role: 'user', content: [{ type: 'text', text: `Write a title for this conversation:\n\n${quoted}` }] }],
          maxTokens: TITLE_MAX_TOKENS,
          signal: AbortSignal.timeout(30_000),
        },
        { onText: () => {} },
      );
      const title = cleanTitle(reply.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join(''));
      if (!title || reply.aborted || reply.errorMessage !== undefined) throw new Error(`no title in the reply (stop reason ${reply.stopReason ?? 'none'})`);
      this.options.write(manager, title);
    } catch (err) {
      this.log(`Could not name session ${id} automatically: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

/** The first typed prompt and the text of the reply to it, once that reply is there. */
function firstExchange(messages: readonly AgentMessage[]): { prompt: string; reply: string } | undefined {
  const at = messages.findIndex((m) => m.role === 'user' && m.content.every((b) => b.type !== 'tool_result') && userText(m) !== undefined);
  if (at < 0) return undefined;
  const reply = messages
    .slice(at + 1)
    .filter((m) => m.role === 'assistant' && !m.aborted && m.errorMessage === undefined)
    .flatMap((m) => m.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])))
    .join('\n')
    .trim();
  return reply ? { prompt: userText(messages[at]!)!, reply } : undefined;
}

/** One line, without the quotes, Markdown marks or full stop a model may add anyway. */
function cleanTitle(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  const bare = line.replace(/^(?:#+\s*|\*\*|title:\s*)/i, '').replace(/\*\*$/, '').replace(/^["'“‘«]+|["'”’»]+$/g, '').replace(/\.$/, '');
  return shortenTitle(bare.trim());
}
