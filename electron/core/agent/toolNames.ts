// A tool's name as the model sees it. The API takes `^[a-zA-Z0-9_-]{1,64}$`; tools of different sources
// (MCP servers) must never collide, so each is named `<source>__<tool>`. Where that is not a valid name,
// or could be read two ways, it is made valid and given a hash of the exact pair, so it stays the same
// from one start to the next (prompt caching, Always allow) and apart from every other pair.
import { createHash } from 'node:crypto';

export const API_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
/** A source name that cannot run into the separator: no `__`, no `_` at either end. */
const PLAIN_SOURCE = /^[a-zA-Z0-9-]+(?:_[a-zA-Z0-9-]+)*$/;
const SEPARATOR = '__';
const HASH_CHARS = 8;

export function namespacedToolName(source: string, tool: string): string {
  const plain = `${source}${SEPARATOR}${tool}`;
  if (PLAIN_SOURCE.test(source) && API_TOOL_NAME.test(plain)) return plain;
  const hash = createHash('sha256').update(source).update('\0').update(tool).digest('hex').slice(0, HASH_CHARS);
  const readable = `${validChars(source)}${SEPARATOR}${validChars(tool)}`;
  return `${readable.slice(0, 64 - HASH_CHARS - 1)}_${hash}`;
}

function validChars(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, '_');
}
