// read_parent_session (SPEC §3 "Tools"): in a session that was handed off, the model may search and read
// the messages of the session(s) it came from, so details the document left out stay reachable. Built
// in, read-only (each file is read through the store without its lock, as an export reads it), and only
// offered where there is a parent.
import { z } from 'zod';
import type { AgentMessage, SessionHeader } from '../../../shared/session';
import { HANDOFF_ORIGIN } from '../../../shared/sessionFormat';
import { foldQuery, foldText } from '../../../shared/textFold';
import { toolResultText } from '../../../shared/toolResult';
import type { Tool, ToolSource } from '../agent/tools';

export const READ_PARENT_SESSION = 'read_parent_session';

/** Told to the model of a handed-off session, beside (never inside) the handoff document's wrapper. */
export const PARENT_SESSION_NOTE =
  'This session was handed off from an earlier one. When you need a detail the handoff document left out, ' +
  `use the ${READ_PARENT_SESSION} tool to search that session (and the ones before it) by words, or to read its messages by number.`;

/** What the tool reads of a session: its header, title and the messages of the branch it shows. */
export interface ParentReader {
  read(id: string): { header: SessionHeader; title: string; messages: AgentMessage[] } | undefined;
}

const MAX_HITS = 20;
const MAX_READ = 30;
const SNIPPET_CHARS = 240;
/** A chain longer than this is not walked further (a loop in headers written by hand cannot trap it). */
const MAX_DEPTH = 20;

const Input = z.object({
  query: z.string().trim().min(1).max(500).optional(),
  messages: z.array(z.number().int().min(1)).min(1).max(MAX_READ).optional(),
  session: z.number().int().min(1).max(MAX_DEPTH).optional(),
});

/** The tool, offered only while the session's header names the session it was handed off from. */
export function parentSessionTools(header: () => SessionHeader, reader: ParentReader): ToolSource {
  const tool = parentSessionTool(header, reader);
  return { tools: () => (isHandedOff(header()) ? [tool] : []) };
}

export function isHandedOff(header: SessionHeader): boolean {
  return header.origin === HANDOFF_ORIGIN && header.parentSession !== undefined;
}

function parentSessionTool(header: () => SessionHeader, reader: ParentReader): Tool {
  return {
    definition: {
      name: READ_PARENT_SESSION,
      description:
        'Search or read the session this one was handed off from (session 1), and the sessions before it (2, 3, …). ' +
        'Give `query` to find the messages that contain all its words (each hit names its session and message number), ' +
        'or `messages` (numbers, from 1) to read those messages of one session whole. Read-only.',
      input_schema: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'Words to find, in any order.' },
          messages: { type: 'array', items: { type: 'integer', minimum: 1 }, description: `Message numbers to read (at most ${MAX_READ}).` },
          session: { type: 'integer', minimum: 1, description: 'Which session back: 1 (the default) is the one this was handed off from; with query, all are searched unless given.' },
        },
      },
    },
    async execute(raw) {
      const parsed = Input.safeParse(raw);
      if (!parsed.success) throw new Error(`Invalid input: ${parsed.error.issues[0]?.message ?? 'bad input'}`);
      const input = parsed.data;
      if (!input.query && !input.messages) throw new Error('Give a query to search, or message numbers to read.');
      const chain = ancestors(header(), reader);
      if (chain.length === 0) throw new Error('The session this one was handed off from is no longer there.');
      if (input.messages) {
        const at = input.session ?? 1;
        const session = chain[at - 1];
        if (!session) throw new Error(`There is no session ${at} back: the chain has ${chain.length}.`);
        return { content: readMessages(session, at, input.messages) };
      }
      const searched = input.session ? chain.slice(input.session - 1, input.session) : chain;
      return { content: search(searched, input.session ?? 1, input.query ?? '') };
    },
  };
}

type Session = NonNullable<ReturnType<ParentReader['read']>>;

/** The parent, its parent, and so on, as far as they can be read. */
function ancestors(start: SessionHeader, reader: ParentReader): Session[] {
  const chain: Session[] = [];
  const seen = new Set([start.id]);
  for (let id = start.parentSession; id !== undefined && !seen.has(id) && chain.length < MAX_DEPTH; ) {
    seen.add(id);
    const session = reader.read(id);
    if (!session) break;
    chain.push(session);
    id = session.header.parentSession;
  }
  return chain;
}

function search(sessions: readonly Session[], firstNumber: number, query: string): string {
  const words = foldQuery(query).split(/\s+/).filter(Boolean);
  const hits: string[] = [];
  sessions.forEach((session, i) => {
    session.messages.forEach((message, n) => {
      if (hits.length >= MAX_HITS) return;
      const text = messageText(message);
      const folded = foldText(text);
      if (!words.every((w) => folded.includes(w))) return;
      hits.push(`Session ${firstNumber + i} ("${session.title}"), message ${n + 1} (${message.role}): ${snippet(text, folded.indexOf(words[0] ?? ''))}`);
    });
  });
  if (hits.length === 0) return `No message of ${sessions.length === 1 ? 'that session' : `the ${sessions.length} earlier sessions`} contains all of: ${query}`;
  return `${hits.join('\n')}${hits.length >= MAX_HITS ? `\n(first ${MAX_HITS} matches; narrow the query for others)` : ''}`;
}

function readMessages(session: Session, at: number, numbers: readonly number[]): string {
  const count = session.messages.length;
  return numbers
    .map((n) => {
      const message = session.messages[n - 1];
      if (!message) return `Message ${n}: there is none (session ${at} has ${count} messages).`;
      return `Session ${at} ("${session.title}"), message ${n} (${message.role}):\n${messageText(message)}`;
    })
    .join('\n\n');
}

/** A message as text: its words, and its tool calls and results in a line each. */
function messageText(message: AgentMessage): string {
  return message.content
    .flatMap((block) => {
      switch (block.type) {
        case 'text':
          return [block.text];
        case 'tool_use':
          return [`[tool call ${block.name}: ${JSON.stringify(block.input)}]`];
        case 'tool_result':
          return [`[tool result${block.is_error ? ' (error)' : ''}: ${toolResultText(block.content)}]`];
        case 'image':
        case 'document':
          return [`[attached ${block.name}]`];
        default:
          return [];
      }
    })
    .join('\n');
}

function snippet(text: string, at: number): string {
  const start = Math.max(0, at - SNIPPET_CHARS / 2);
  const cut = text.slice(start, start + SNIPPET_CHARS).replace(/\s+/g, ' ').trim();
  return `${start > 0 ? '…' : ''}${cut}${start + SNIPPET_CHARS < text.length ? '…' : ''}`;
}
