// All MCP servers of `<dataDir>/mcp.json` (SPEC §3 "Tools"). They start in the background, side by side,
// and nothing waits for them; the file is watched and each change is applied (added servers start,
// removed ones stop, changed ones restart); a server of the wrong shape is reported and left out while
// the others run. Their tools are one ToolSource, read at each request; `onChange` says when the tools
// or a status changed. `dispose` ends every server and waits until their processes are gone.
import { watch, type FSWatcher } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { McpOverview, McpServerConfig, McpServerEntry, McpServerStatus } from '../../../../shared/mcpConfig';
import { maskedServerConfig, MCP_CONFIG_FILE, parseMcpConfig } from '../../../../shared/mcpConfig';
import { MCP_TIMEOUT_SECONDS } from '../../../../shared/settings';
import type { Tool, ToolSource } from '../../agent/tools';
import { importClaudeDesktop, type ImportResult, type PickedConfig } from './claudeDesktop';
import { userPath } from './loginShellPath';
import { McpConnection } from './McpConnection';
import { StartSlots } from './StartSlots';
import { editMcpServers, mcpConfigPath, readConfigText } from './mcpConfigFile';
import { t } from '../../../../shared/i18n';
import { log } from '../../log';

export interface McpServersOptions {
  dataDir: string;
  /** How long a start or a call may go without an answer (the setting), read at each: a change applies at once. */
  timeoutMs?: () => number;
  /** The PATH stdio commands are looked up in; by default the login shell's. */
  path?: () => Promise<string>;
  clientVersion?: string;
  /** Server names and states only: never an env value or a header. */
  log?: (message: string) => void;
  watchDebounceMs?: number;
  /** How many stdio servers may boot at once; by default one per core. */
  startAtOnce?: number;
}

/** How long a booting server keeps its place before the next may start anyway. */
const START_SLOT_MS = 1500;

export const DEFAULT_MCP_TIMEOUT_MS = MCP_TIMEOUT_SECONDS.default * 1000;

export class McpServers implements ToolSource {
  private readonly file: string;
  private readonly connections = new Map<string, McpConnection>();
  /** Servers in the file's order, enabled or not. */
  private entries: McpServerEntry[] = [];
  private problems: string[] = [];
  private error: string | undefined;
  private lastText: string | undefined;
  private watcher: FSWatcher | undefined;
  private debounce: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<() => void>();
  /** Connections being closed, so dispose can wait for them too. */
  private readonly closing = new Set<Promise<void>>();
  private disposed = false;
  private readonly startSlots: StartSlots;

  constructor(private readonly options: McpServersOptions) {
    this.file = mcpConfigPath(options.dataDir);
    this.startSlots = new StartSlots(options.startAtOnce ?? availableParallelism(), START_SLOT_MS);
  }

  /** Returns at once: the file is read and the servers started after it, in the background. */
  start(): void {
    if (this.disposed) return;
    setImmediate(() => this.reload());
    try {
      this.watcher = watch(this.options.dataDir, (_event, name) => {
        if (name === null || name === MCP_CONFIG_FILE) this.scheduleReload();
      });
      this.watcher.on('error', (err) => this.log(`mcp.json is no longer watched: ${err.message}`));
    } catch (err) {
      this.log(`mcp.json cannot be watched, changes apply at the next start: ${(err as Error).message}`);
    }
  }

  tools(): Tool[] {
    return this.entries.flatMap((entry) => this.connections.get(entry.name)?.tools() ?? []);
  }

  overview(): McpOverview {
    const servers = this.entries.map(
      (entry): McpServerStatus =>
        this.connections.get(entry.name)?.status() ?? { name: entry.name, config: maskedServerConfig(entry.config), state: 'disabled', stderr: [], tools: [] },
    );
    return { servers, problems: this.problems, ...(this.error !== undefined && { error: this.error }) };
  }

  /** Called when a server's status or tools change, or the file does. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops the server and starts it again (a failed one too). */
  restart(name: string): void {
    const entry = this.entries.find((e) => e.name === name);
    if (!entry || entry.config.disabled === true || this.disposed) return;
    this.stop(name);
    this.launch(entry);
    this.changed();
  }

  /** The Enabled switch: kept in mcp.json as `"disabled": true`, and applied at once. */
  setEnabled(name: string, enabled: boolean): void {
    editMcpServers(this.file, (servers) => {
      const server = servers[name];
      if (typeof server !== 'object' || server === null) throw new Error(t('texts.mcp.noServer', { name }));
      const record = server as Record<string, unknown>;
      if (enabled) delete record.disabled;
      else record.disabled = true;
    });
    this.reload();
  }

  /** Add server: written to mcp.json as given (a name already there is refused) and started. */
  add(name: string, config: McpServerConfig): void {
    editMcpServers(this.file, (servers) => {
      if (Object.hasOwn(servers, name)) throw new Error(t('texts.mcp.serverExists', { name }));
      servers[name] = config;
    });
    this.reload();
  }

  /** Remove: taken out of mcp.json and stopped. */
  remove(name: string): void {
    editMcpServers(this.file, (servers) => {
      if (!Object.hasOwn(servers, name)) throw new Error(t('texts.mcp.noServer', { name }));
      delete servers[name];
    });
    this.reload();
  }

  /** Copies Claude Desktop's servers into mcp.json (its own file on this system, or the one given or picked) and applies them. */
  importClaudeDesktop(source?: string | PickedConfig): ImportResult {
    const result = importClaudeDesktop(this.file, source);
    this.reload();
    return result;
  }

  /** Reads the file again and applies what changed (also what the watcher does, debounced). */
  reload(): void {
    if (this.disposed) return;
    let text: string;
    try {
      text = readConfigText(this.file);
    } catch (err) {
      this.lastText = undefined;
      this.error = `${MCP_CONFIG_FILE}: cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`;
      this.log(this.error);
      this.changed();
      return;
    }
    if (text === this.lastText) return;
    this.lastText = text;
    const parsed = parseMcpConfig(text);
    if (!parsed.ok) {
      this.error = parsed.error;
      this.log(parsed.error);
      this.changed();
      return;
    }
    this.error = undefined;
    this.problems = parsed.problems;
    for (const problem of parsed.problems) this.log(problem);
    this.apply(parsed.servers);
  }

  /** Ends every server; resolves when their processes have exited. */
  async dispose(): Promise<void> {
    this.disposed = true;
    clearTimeout(this.debounce);
    this.watcher?.close();
    for (const name of this.connections.keys()) this.stop(name);
    await Promise.all(this.closing);
    this.listeners.clear();
  }

  private apply(next: McpServerEntry[]): void {
    const wanted = new Map(next.filter((e) => e.config.disabled !== true).map((e) => [e.name, e.config]));
    for (const [name, connection] of this.connections) {
      const config = wanted.get(name);
      if (!config || !sameConfig(config, connection.config)) this.stop(name);
    }
    this.entries = next;
    for (const entry of next) if (wanted.has(entry.name) && !this.connections.has(entry.name)) this.launch(entry);
    this.changed();
  }

  private launch(entry: McpServerEntry): void {
    const connection = new McpConnection({
      name: entry.name,
      config: entry.config,
      timeoutMs: this.options.timeoutMs ?? (() => DEFAULT_MCP_TIMEOUT_MS),
      path: this.options.path ?? userPath,
      spawnTurn: () => this.startSlots.take(),
      clientVersion: this.options.clientVersion ?? '0',
      onChange: () => {
        if (this.connections.get(entry.name) !== connection) return;
        const { state, reason } = connection.status();
        this.log(`MCP server "${entry.name}": ${state}${reason ? ` (${reason})` : ''}`);
        this.changed();
      },
    });
    this.connections.set(entry.name, connection);
    void connection.start();
  }

  private stop(name: string): void {
    const connection = this.connections.get(name);
    if (!connection) return;
    this.connections.delete(name);
    const closed = connection.close().finally(() => this.closing.delete(closed));
    this.closing.add(closed);
  }

  private scheduleReload(): void {
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => this.reload(), this.options.watchDebounceMs ?? 200);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  private log(message: string): void {
    (this.options.log ?? log.warn)(message);
  }
}

function sameConfig(a: McpServerConfig, b: McpServerConfig): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
