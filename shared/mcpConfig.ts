// MCP servers (SPEC §3 "Tools"): `<dataDir>/mcp.json` in Claude Desktop's format, what each server's
// status is, and the masked view the renderer gets (env values and headers never leave the core in full).
import { z } from 'zod';
import { t } from './i18n';

const StringMap = z.record(z.string(), z.string());

/** A local server: a command Baton starts, speaking MCP over its stdin and stdout. */
export const McpStdioServer = z.object({
  type: z.literal('stdio').optional(),
  command: z.string().min(1, 'must not be empty'),
  args: z.array(z.string()).optional(),
  /** The only variables the server gets, besides PATH. */
  env: StringMap.optional(),
  /** Baton's own key (other apps ignore it): the server is configured but not started. */
  disabled: z.boolean().optional(),
});
/** A remote server over Streamable HTTP. */
export const McpHttpServer = z.object({
  type: z.literal('http'),
  url: z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }),
  headers: StringMap.optional(),
  disabled: z.boolean().optional(),
});
export const McpServerConfig = z.union([McpHttpServer, McpStdioServer]);
export type McpStdioServer = z.infer<typeof McpStdioServer>;
export type McpHttpServer = z.infer<typeof McpHttpServer>;
export type McpServerConfig = z.infer<typeof McpServerConfig>;

export const McpServerEntry = z.object({ name: z.string(), config: McpServerConfig });
export type McpServerEntry = z.infer<typeof McpServerEntry>;

export type McpConfigParse =
  /** `problems`: servers left out for their shape, one sentence each; the others are in `servers`. */
  | { ok: true; servers: McpServerEntry[]; problems: string[] }
  /** The file as a whole cannot be read (not JSON, not an object). */
  | { ok: false; error: string };

export const MCP_CONFIG_FILE = 'mcp.json';

/**
 * Reads mcp.json's text. A server of the wrong shape is left out with a problem that names its line;
 * every other server is still there. Empty text is an empty configuration.
 */
export function parseMcpConfig(text: string, file = MCP_CONFIG_FILE): McpConfigParse {
  if (text.trim() === '') return { ok: true, servers: [], problems: [] };
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    // Not the parser's message: it quotes the text around the mistake, which may be a secret.
    return { ok: false, error: `${at(text, file, syntaxErrorAt(text), true)}: not valid JSON` };
  }
  if (!isObject(root)) return { ok: false, error: `${file}: must be a JSON object with "mcpServers" in it` };
  const servers = root.mcpServers;
  if (servers === undefined) return { ok: true, servers: [], problems: [] };
  const serversAt = keyIndex(text, 'mcpServers', 0);
  if (!isObject(servers)) return { ok: false, error: `${at(text, file, serversAt)}: "mcpServers" must be an object of servers by name` };
  const entries: McpServerEntry[] = [];
  const problems: string[] = [];
  let from = Math.max(serversAt, 0);
  for (const [name, value] of Object.entries(servers)) {
    const index = keyIndex(text, name, from);
    if (index >= 0) from = index + 1;
    const where = `${at(text, file, index)}: server "${name}"`;
    if (name.trim() === '') {
      problems.push(`${where}: a server needs a name`);
      continue;
    }
    const parsed = serverSchemaOf(value).safeParse(value);
    if (parsed.success) entries.push({ name, config: parsed.data });
    else problems.push(`${where}: ${issueText(parsed.error.issues[0])}`);
  }
  return { ok: true, servers: entries, problems };
}

/** The branch the value means to be, so the error is about that one rather than a union's. */
function serverSchemaOf(value: unknown): typeof McpHttpServer | typeof McpStdioServer {
  return isObject(value) && (value.type === 'http' || (value.url !== undefined && value.command === undefined)) ? McpHttpServer : McpStdioServer;
}

function issueText(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'not a valid server';
  if (issue.code === 'invalid_type' && issue.path.length === 0) return 'must be an object with "command" (or "type": "http" and "url")';
  const path = issue.path.map(String).join('.');
  return path ? `"${path}": ${issue.message.replace(/^Invalid input: /, '')}` : issue.message;
}

/** Where JSON.parse gave up, found by a strict reader of the same grammar; -1 if it cannot say. */
function syntaxErrorAt(text: string): number {
  let i = 0;
  const fail = (): never => {
    throw new SyntaxAt(i);
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text.charAt(i))) i++;
  };
  const string = () => {
    for (i++; i < text.length; i++) {
      const c = text.charAt(i);
      if (c === '"') return void i++;
      if (c < ' ') fail();
      if (c !== '\\') continue;
      i++;
      if (!'"\\/bfnrtu'.includes(text.charAt(i)) || text.charAt(i) === '') fail();
      if (text.charAt(i) === 'u' && !/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail();
    }
    fail();
  };
  const items = (close: string, item: () => void) => {
    i++;
    space();
    if (text.charAt(i) === close) return void i++;
    for (;;) {
      item();
      space();
      if (text.charAt(i) === close) return void i++;
      if (text.charAt(i) !== ',') fail();
      i++;
    }
  };
  const value = (): void => {
    space();
    const c = text.charAt(i);
    if (c === '{') {
      return items('}', () => {
        space();
        if (text.charAt(i) !== '"') fail();
        string();
        space();
        if (text.charAt(i) !== ':') fail();
        i++;
        value();
      });
    }
    if (c === '[') return items(']', value);
    if (c === '"') return string();
    const literal = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
    if (!literal) fail();
    i += literal?.[0].length ?? 0;
  };
  try {
    value();
    space();
    return i < text.length ? i : -1;
  } catch (err) {
    return err instanceof SyntaxAt ? err.index : -1; // nested too deep to follow: no position
  }
}

class SyntaxAt {
  constructor(readonly index: number) {}
}

/** Where a key's name starts, searching from `from`; -1 when it is not written plainly. */
function keyIndex(text: string, key: string, from: number): number {
  const quoted = JSON.stringify(key);
  for (let i = text.indexOf(quoted, from); i >= 0; i = text.indexOf(quoted, i + 1)) {
    if (/^\s*:/.test(text.slice(i + quoted.length, i + quoted.length + 100))) return i;
  }
  return -1;
}

function at(text: string, file: string, index: number, column = false): string {
  if (index < 0) return file;
  const lines = text.slice(0, index).split('\n');
  return `${file} line ${lines.length}${column ? `, column ${(lines.at(-1)?.length ?? 0) + 1}` : ''}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What stands for a secret value in the renderer's view. */
export const MASK = '••••••';

/** A server's configuration as the renderer may see it: env values and header values masked. */
export function maskedServerConfig(config: McpServerConfig): McpServerConfig {
  if (config.type === 'http') return config.headers ? { ...config, headers: masked(config.headers) } : config;
  return config.env ? { ...config, env: masked(config.env) } : config;
}

function masked(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.keys(values).map((key) => [key, MASK]));
}

export const McpServerState = z.enum(['starting', 'ready', 'failed', 'disabled']);
export type McpServerState = z.infer<typeof McpServerState>;

/** One server as Settings → Tools shows it. */
export const McpServerStatus = z.object({
  name: z.string(),
  /** Masked (maskedServerConfig). */
  config: McpServerConfig,
  state: McpServerState,
  /** Why it failed, in a sentence. */
  reason: z.string().optional(),
  /** The last lines the server wrote to stderr (a stdio server), oldest first. */
  stderr: z.array(z.string()),
  /** Its tools: the names the server gives them, and the names the model sees. */
  tools: z.array(z.object({ name: z.string(), apiName: z.string(), description: z.string() })),
});
export type McpServerStatus = z.infer<typeof McpServerStatus>;

/** Every server of mcp.json, and what is wrong with the file. */
export const McpOverview = z.object({
  servers: z.array(McpServerStatus),
  /** Servers left out for their shape, one sentence each (naming the line). */
  problems: z.array(z.string()),
  /** The file as a whole could not be read; the servers of its last good version go on. */
  error: z.string().optional(),
});
export type McpOverview = z.infer<typeof McpOverview>;

/** "Starting", "Ready", "Failed: <reason>" or "Disabled". */
export function mcpStatusText(status: Pick<McpServerStatus, 'state' | 'reason'>): string {
  switch (status.state) {
    case 'starting':
      return t('settings.serverStarting');
    case 'ready':
      return t('settings.serverReady');
    case 'failed':
      return t('settings.serverFailed', { reason: status.reason ?? t('settings.unknownError') });
    case 'disabled':
      return t('settings.serverDisabled');
  }
}
