// One MCP server, from start to close: the connection (stdio or Streamable HTTP) through the official
// SDK's Client, its status, and its tools as Baton Tools. Whatever the server does — fail to start,
// exit, answer garbage, never answer, flood — ends as a status or a failed call, never as a throw out
// of here. Env values and headers are never put in a message.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import {
  ErrorCode,
  McpError,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type Tool as McpTool,
} from '@modelcontextprotocol/sdk/types.js';
import { MASK, maskedServerConfig, type McpServerConfig, type McpServerState, type McpServerStatus, type McpStdioServer } from '../../../../shared/mcpConfig';
import type { ToolHints } from '../../../../shared/toolApproval';
import type { Tool, ToolContext, ToolOutput } from '../../agent/tools';
import { namespacedToolName } from '../../agent/toolNames';
import { limitedFetch } from './limitedFetch';
import { toolOutputOf } from './mcpContent';
import { ServerMisbehaved, StdioTransport } from './stdioTransport';
import { windowsCommand } from './windowsCommand';
import { t } from '../../../../shared/i18n';

export interface ConnectionOptions {
  name: string;
  config: McpServerConfig;
  /** How long a start or a call may go without an answer (a call's progress counts as one): read at each. */
  timeoutMs: () => number;
  /** The PATH a stdio command is looked up in. */
  path: () => Promise<string>;
  /**
   * Resolves when this stdio server may spawn its process (StartSlots limits how many boot at once), with
   * the function to call once its start has ended either way.
   */
  spawnTurn: () => Promise<() => void>;
  clientVersion: string;
  onChange: () => void;
}

/** Tool-list changes often come in bursts (a server loading plugins). */
const LIST_CHANGED_DEBOUNCE_MS = 100;
/** A server that lists more is cut short: the model's context is not the place for thousands of tools. */
const MAX_TOOLS = 500;
const MAX_LIST_PAGES = 50;

export class McpConnection {
  private state: McpServerState = 'starting';
  private reason: string | undefined;
  private client: Client | undefined;
  private transport: Transport | undefined;
  private list: Tool[] = [];
  private closing = false;
  /** The first sign of trouble the transport saw (a message too large, garbage): part of the reason. */
  private trouble: string | undefined;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private started: Promise<void> | undefined;
  /** Gives the spawn turn back (McpServers lets the next server start): set while this one starts. */
  private startEnded: (() => void) | undefined;

  constructor(private readonly options: ConnectionOptions) {}

  get name(): string {
    return this.options.name;
  }

  get config(): McpServerConfig {
    return this.options.config;
  }

  /** Starts once; resolves when it is ready or has failed (never rejects). */
  start(): Promise<void> {
    this.started ??= this.connect();
    return this.started;
  }

  tools(): readonly Tool[] {
    return this.state === 'ready' ? this.list : [];
  }

  status(): McpServerStatus {
    return {
      name: this.name,
      config: maskedServerConfig(this.config),
      state: this.state,
      ...(this.reason !== undefined && { reason: this.reason }),
      stderr: (this.transport instanceof StdioTransport ? this.transport.stderr : []).map((line) => this.redacted(line)),
      tools: this.list.map((t) => ({ name: t.origin?.name ?? t.definition.name, apiName: t.definition.name, description: t.definition.description })),
    };
  }

  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.refreshTimer);
    try {
      if (this.client?.transport) await this.client.close();
      else await this.transport?.close();
    } catch {
      // It is going either way.
    }
  }

  private async connect(): Promise<void> {
    try {
      const transport = await this.openTransport();
      if (this.closing) return;
      const client = new Client({ name: 'Baton', version: this.options.clientVersion }, { capabilities: {}, jsonSchemaValidator: lazyValidator() });
      this.client = client;
      client.onerror = (err) => {
        // The first one is kept; a flood of them costs nothing.
        if (err instanceof ServerMisbehaved) this.trouble ??= err.message;
      };
      client.onclose = () => this.lost();
      // Asked for whether or not the server said it would send them.
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.scheduleRefresh());
      await client.connect(transport, { timeout: this.options.timeoutMs() });
      await this.refreshTools();
      if (this.closing || this.state !== 'starting') return;
      this.setState('ready');
    } catch (err) {
      if (this.closing) return;
      this.setState('failed', this.startFailure(err));
      await this.close();
    } finally {
      this.startEnded?.();
      this.startEnded = undefined;
    }
  }

  private async openTransport(): Promise<Transport> {
    const { config } = this.options;
    if (config.type === 'http') {
      // A message too large ends the connection, as over stdio: what waits for an answer fails now.
      const tooLarge = (err: Error) => {
        this.trouble ??= err.message;
        void this.transport?.close();
      };
      this.transport = new StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers: { ...config.headers } }, fetch: limitedFetch(tooLarge) });
      return this.transport;
    }
    const env = await this.envFor(config);
    // The spawn happens in connect, in the same task as this turn.
    this.startEnded = await this.options.spawnTurn();
    const args = config.args ?? [];
    const spawnable =
      process.platform === 'win32'
        ? windowsCommand(config.command, args, { PATH: env.PATH, PATHEXT: process.env.PATHEXT, ComSpec: process.env.ComSpec })
        : { command: config.command, args, verbatim: false };
    const transport = new StdioTransport({ ...spawnable, env });
    this.transport = transport;
    return transport;
  }

  /** Only what the config names, and PATH (on Windows also what a process needs to start at all). */
  private async envFor(config: McpStdioServer): Promise<Record<string, string>> {
    const base = process.platform === 'win32' ? getDefaultEnvironment() : {};
    return { ...base, PATH: await this.options.path(), ...config.env };
  }

  /** The connection ended without Baton closing it: the server exited, or its transport gave up. */
  private lost(): void {
    // While starting, the start's own error says more (a refused connection, an exit code).
    if (this.closing || this.state !== 'ready') return;
    this.setState('failed', this.exitText());
  }

  private exitText(): string {
    const transport = this.transport;
    let text = t('texts.mcp.connectionClosed');
    if (transport instanceof StdioTransport && transport.exit) {
      const { code, signal } = transport.exit;
      text = signal ? t('texts.mcp.endedBySignal', { signal }) : t('texts.mcp.exitedWithCode', { code: String(code) });
    }
    // Its stderr stays out (the status has it apart): a server may print what it was given there.
    return this.trouble ? t('texts.mcp.troubleAndWhat', { trouble: this.trouble, what: text }) : text;
  }

  /**
   * The text with the config's env and header values masked: a server may repeat what it was given in
   * its stderr or an error, and those go to the status, the log, and the model (a call's error).
   */
  private redacted(text: string): string {
    const { config } = this.options;
    const values = Object.values((config.type === 'http' ? config.headers : config.env) ?? {});
    // Each value whole, then its words (the token of "Bearer <token>"), longest first.
    const secrets = [...values, ...values.flatMap((v) => v.split(/\s+/))].filter((v) => v.length >= SECRET_MIN_CHARS).sort((a, b) => b.length - a.length);
    return secrets.reduce((out, secret) => out.replaceAll(secret, MASK), text);
  }

  private startFailure(err: unknown): string {
    const code = (err as NodeJS.ErrnoException | undefined)?.code;
    if (code === 'ENOENT' && this.config.type !== 'http') return t('texts.mcp.commandNotFound', { command: this.config.command });
    if (code === 'EACCES' && this.config.type !== 'http') return t('texts.mcp.notAllowedToRun', { command: this.config.command });
    if (err instanceof McpError && err.code === ErrorCode.RequestTimeout) {
      const seconds = String(Math.round(this.options.timeoutMs() / 1000));
      return this.trouble ? t('texts.mcp.alsoNoAnswer', { trouble: this.trouble, seconds }) : t('texts.mcp.noAnswer', { seconds });
    }
    if (err instanceof McpError && err.code === ErrorCode.ConnectionClosed) return this.exitText();
    // fetch says only "fetch failed"; the reason is its cause's code.
    const cause = (err as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
    const why = typeof cause?.code === 'string' ? cause.code : cause?.message;
    if (this.config.type === 'http' && typeof why === 'string') return t('texts.mcp.cannotConnect', { why });
    return messageOf(err);
  }

  private setState(state: McpServerState, reason?: string): void {
    this.state = state;
    this.reason = reason === undefined ? undefined : this.redacted(reason);
    this.options.onChange();
  }

  private scheduleRefresh(): void {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      this.refreshTools().then(
        () => this.options.onChange(),
        () => {}, // the old list stays; a server that has gone says so through its state
      );
    }, LIST_CHANGED_DEBOUNCE_MS);
  }

  private async refreshTools(): Promise<void> {
    const client = this.client;
    if (!client) return;
    const listed: McpTool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_LIST_PAGES && listed.length < MAX_TOOLS; page++) {
      const result = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout: this.options.timeoutMs() });
      listed.push(...result.tools);
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    this.list = listed.slice(0, MAX_TOOLS).map((tool) => this.toolOf(tool));
  }

  private toolOf(tool: McpTool): Tool {
    const server = this.name;
    return {
      definition: {
        name: namespacedToolName(server, tool.name),
        description: tool.description ?? tool.title ?? '',
        input_schema: { ...tool.inputSchema, type: 'object' },
      },
      origin: { server, name: tool.name, hints: hintsOf(tool) },
      execute: (input, context) => this.call(tool.name, input, context),
    };
  }

  private async call(tool: string, input: unknown, context: ToolContext): Promise<ToolOutput> {
    const client = this.client;
    if (!client || this.state !== 'ready') throw new Error(t('texts.mcp.notRunning', { name: this.name }));
    // A signal of the call's own: the SDK never removes its listener, and the run's signal serves many calls.
    const call = new AbortController();
    const abort = () => call.abort(context.signal.reason);
    context.signal.addEventListener('abort', abort, { once: true });
    let result: CallToolResult;
    try {
      result = (await client.callTool({ name: tool, arguments: isObject(input) ? input : {} }, undefined, {
        signal: call.signal,
        timeout: this.options.timeoutMs(),
        resetTimeoutOnProgress: true,
        onprogress: ({ progress, total, message }) => context.onProgress(message ?? '', progress, total),
      })) as CallToolResult;
    } catch (err) {
      throw new Error(this.redacted(this.callFailure(tool, err)));
    } finally {
      context.signal.removeEventListener('abort', abort);
    }
    return toolOutputOf(result, `${this.name}-${tool}`);
  }

  private callFailure(tool: string, err: unknown): string {
    const name = this.name;
    if (err instanceof McpError && err.code === ErrorCode.RequestTimeout) {
      return t('texts.mcp.callTimedOut', { name, tool, seconds: String(Math.round(this.options.timeoutMs() / 1000)) });
    }
    if (this.state === 'failed' || (err instanceof McpError && err.code === ErrorCode.ConnectionClosed)) {
      return t('texts.mcp.callStopped', { name, tool, reason: this.reason ?? this.exitText() });
    }
    return t('texts.mcp.callFailed', { name, tool, message: messageOf(err) });
  }
}

/** MCP's annotations, as the approval card shows them. */
function hintsOf(tool: McpTool): ToolHints {
  const { readOnlyHint, destructiveHint } = tool.annotations ?? {};
  return {
    ...(typeof readOnlyHint === 'boolean' && { readOnly: readOnlyHint }),
    ...(typeof destructiveHint === 'boolean' && { destructive: destructiveHint }),
  };
}

/**
 * The SDK compiles every tool's output schema as soon as the tools are listed: some 40 ms a server, in one
 * task, for each server that comes up. Compiled at the tool's first call instead, one schema at a time.
 */
function lazyValidator(): jsonSchemaValidator {
  let ajv: AjvJsonSchemaValidator | undefined;
  return {
    getValidator<T>(schema: Parameters<jsonSchemaValidator['getValidator']>[0]): JsonSchemaValidator<T> {
      let compiled: JsonSchemaValidator<T> | undefined;
      return (input) => (compiled ??= (ajv ??= new AjvJsonSchemaValidator()).getValidator<T>(schema))(input);
    },
  };
}

/** Shorter values are too likely to be ordinary words to take out. */
const SECRET_MIN_CHARS = 8;

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
