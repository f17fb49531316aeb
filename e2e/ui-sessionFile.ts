// Writes a session file straight to disk in the SPEC §2 format, for specs and the renderer bench that
// need a session the app did not create (a long one, or one with an unreadable record).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sessionFileName } from '../electron/core/session/fileName';
import type { SessionEntry, SessionHeader } from '../shared/session';

export interface SessionFileOptions {
  id: string;
  title?: string;
  /** Alternating user/assistant messages. */
  messages: number;
  /** Inserted after the header, in the middle of the file: records that cannot be read. */
  corruptLines?: number;
  /** Header timestamp; the newest session is the one the app opens at startup. */
  timestamp?: string;
  /** Handed off from this session (the header's lineage). */
  parentSession?: string;
  text?: (index: number) => string;
}

export function writeSessionFile(dataDir: string, options: SessionFileOptions): string {
  const timestamp = options.timestamp ?? new Date().toISOString();
  const header: SessionHeader = {
    type: 'session',
    version: 1,
    id: options.id,
    timestamp,
    ...(options.title ? { title: options.title } : {}),
    ...(options.parentSession ? { parentSession: options.parentSession, origin: 'handoff' as const } : {}),
  };
  const lines = [JSON.stringify(header)];
  const text = options.text ?? ((i: number) => `Message number ${i}: ${i % 2 ? 'an answer' : 'a question'} with a little text.`);
  const base = Date.parse(timestamp);
  let parentId: string | null = null;
  const half = Math.floor(options.messages / 2);
  for (let i = 0; i < options.messages; i++) {
    if (i === half) for (let c = 0; c < (options.corruptLines ?? 0); c++) lines.push(`{"type":"message","id":"broken-${c}",`);
    const id = `${options.id}-m${i}`;
    const entry: SessionEntry = {
      type: 'message',
      id,
      parentId,
      timestamp: new Date(base + i * 1000).toISOString(),
      message: { role: i % 2 ? 'assistant' : 'user', content: [{ type: 'text', text: text(i) }] },
    };
    lines.push(JSON.stringify(entry));
    parentId = id;
  }
  const dir = join(dataDir, 'sessions');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, sessionFileName(timestamp, options.id));
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}
