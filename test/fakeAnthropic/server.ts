// A fake Anthropic Messages API on real HTTP (127.0.0.1, a free port), scripted with scenarios. The real
// @anthropic-ai/sdk talks to it through `baseURL`; tests, e2e runs and benchmarks share it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorBody, errorResponse } from './errors';
import { DEFAULT_FAKE_MODELS, modelsPage, parseModels, type FakeModel } from './models';
import { messageJson, planReply, requestInputTokens } from './plan';
import { cacheControlProblem, FakePromptCache, type PromptCacheOptions } from './promptCache';
import { writeReplay } from './replay';
import { Scenario, type RecordedRequest, type ScenarioFn } from './scenarios';
import { Connection, writeSse } from './sse';

export interface FakeAnthropicOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** When set, a messages or models request whose key differs gets a 401 (the queue is not consumed). */
  apiKey?: string;
  /** The prompt cache's minimum prefix and entry lifetime (see promptCache.ts). */
  cache?: PromptCacheOptions;
}

type ErrorScenario = Extract<Scenario, { kind: 'error' }>;
/** An HTTP error for GET /v1/models, described like an `error` scenario. */
export type ModelsFailure = Omit<ErrorScenario, 'kind'>;

export interface FakeAnthropic {
  /** http://127.0.0.1:PORT, no trailing slash: pass it as the SDK's baseURL or ANTHROPIC_BASE_URL. */
  readonly url: string;
  readonly port: number;
  /** Every API request received (not the /__fake control calls), in arrival order, recorded on arrival. */
  readonly requests: readonly RecordedRequest[];
  /** Only the POST /v1/messages requests. */
  messageRequests(): RecordedRequest[];
  /** Queues scenarios; each POST /v1/messages takes the next one, FIFO. */
  enqueue(...scenarios: Array<Scenario | ScenarioFn>): void;
  /** What answers when the queue is empty; null restores the built-in "OK: <last user text>". */
  setDefault(scenario: Scenario | ScenarioFn | null): void;
  /** Scenarios still queued. */
  pending(): number;
  /** What GET /v1/models lists, newest first; null restores the default list (the current models). */
  setModels(models: readonly FakeModel[] | null): void;
  /** Makes GET /v1/models fail with this HTTP error until called with null. */
  failModels(failure: ModelsFailure | null): void;
  /** Changes the prompt cache's minimum prefix or entry lifetime until reset. */
  configureCache(options: PromptCacheOptions): void;
  /** Moves the fake's clock forward (prompt cache entries expire by it). */
  advanceTime(ms: number): void;
  /** Clears the queue, the request log, the default, the models list and its failure, and the prompt cache. */
  reset(): void;
  /** Resolves once at least `count` API requests have arrived. */
  waitForRequests(count: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  /** Stops listening and cuts every open connection (stalled streams included). */
  close(): Promise<void>;
}

/** "OK: " and the last user message's text, shortened: lets a test see which request a reply answers. */
export const defaultScenario: ScenarioFn = (request) => ({ kind: 'text', text: `OK: ${shorten(lastUserText(request.body), 60)}` });

function lastUserText(body: unknown): string {
  const messages = (body as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(messages)) return '';
  const last = [...messages].reverse().find((m) => (m as { role?: unknown })?.role === 'user') as
    | { content?: unknown }
    | undefined;
  const content = last?.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((b: { type?: unknown; text?: unknown; content?: unknown }) =>
      b.type === 'text' && typeof b.text === 'string' ? b.text : typeof b.content === 'string' ? b.content : '',
    )
    .join(' ');
}

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The key a request carried: this SDK sends `authorization: Bearer <key>`, curl users `x-api-key`. */
export function apiKeyOf(request: RecordedRequest): string | undefined {
  const bearer = /^Bearer (.+)$/i.exec(request.headers['authorization'] ?? '');
  return request.headers['x-api-key'] ?? bearer?.[1];
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function parseScenarios(body: unknown): Scenario[] {
  return (Array.isArray(body) ? body : [body]).map((s) => Scenario.parse(s));
}

export async function startFakeAnthropic(options: FakeAnthropicOptions = {}): Promise<FakeAnthropic> {
  const requests: RecordedRequest[] = [];
  const queue: Array<Scenario | ScenarioFn> = [];
  let fallback: Scenario | ScenarioFn = defaultScenario;
  let models = parseModels(DEFAULT_FAKE_MODELS);
  let modelsFailure: ErrorScenario | null = null;
  let clockOffset = 0;
  const promptCache = new FakePromptCache(() => Date.now() + clockOffset, options.cache);
  let ids = 0;
  const arrivalWaiters = new Set<() => void>();

  async function resolveScenario(record: RecordedRequest): Promise<Scenario> {
    const next = queue.shift() ?? fallback;
    return Scenario.parse(typeof next === 'function' ? await next(record) : next);
  }

  async function answerMessages(record: RecordedRequest, res: ServerResponse): Promise<void> {
    const n = ++ids;
    const requestId = `req_fake_${n}`;
    if (options.apiKey !== undefined && apiKeyOf(record) !== options.apiKey) {
      record.scenario = 'error';
      sendJson(res, 401, errorBody('authentication_error'), { 'request-id': requestId, 'x-should-retry': 'false' });
      return;
    }
    const refused = cacheControlProblem(record.body);
    if (refused) {
      record.scenario = 'error';
      sendJson(res, 400, errorBody('invalid_request_error', refused), { 'request-id': requestId, 'x-should-retry': 'false' });
      return;
    }
    const scenario = await resolveScenario(record);
    record.scenario = scenario.kind;
    if (scenario.kind === 'error') {
      const { status, headers, body } = errorResponse(scenario);
      sendJson(res, status, body, { 'request-id': requestId, ...headers });
      return;
    }
    const conn = new Connection(res);
    if (scenario.kind === 'stall' && scenario.beforeHeaders) {
      await conn.idle(Infinity, undefined);
      return;
    }
    if (scenario.kind === 'replay') {
      if (await writeReplay(conn, res, scenario, requestId)) res.end();
      return;
    }
    let toolIds = 0;
    const replyIds = { message: `msg_fake_${n}`, tool: () => `toolu_fake_${n}_${++toolIds}` };
    const plan = planReply(scenario, record, replyIds, promptCache.account(record.body));
    const streaming = (record.body as { stream?: unknown } | null)?.stream === true;
    if (!streaming) {
      if (plan.ending.type === 'stall') return conn.idle(Infinity, undefined);
      if (plan.ending.type === 'disconnect') return conn.drop();
      if (plan.ending.type === 'error') {
        sendJson(res, 500, errorBody(plan.ending.errorType, plan.ending.message), { 'request-id': requestId });
        return;
      }
      sendJson(res, 200, messageJson(plan), { 'request-id': requestId });
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'request-id': requestId,
    });
    res.flushHeaders();
    if (await writeSse(conn, plan)) res.end();
  }

  function answerModels(record: RecordedRequest, res: ServerResponse, query: URLSearchParams): void {
    if (options.apiKey !== undefined && apiKeyOf(record) !== options.apiKey) {
      return sendJson(res, 401, errorBody('authentication_error'), { 'x-should-retry': 'false' });
    }
    if (modelsFailure) {
      const { status, headers, body } = errorResponse(modelsFailure);
      return sendJson(res, status, body, headers);
    }
    sendJson(res, 200, modelsPage(models, query));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const body = await readBody(req);

    if (path.startsWith('/__fake/')) return control(method, path, body, res);

    const record: RecordedRequest = {
      seq: requests.length + 1,
      method,
      path,
      headers: headersOf(req),
      body,
      aborted: false,
      completed: false,
    };
    requests.push(record);
    for (const wake of arrivalWaiters) wake();
    res.on('close', () => {
      if (res.writableFinished) record.completed = true;
      else record.aborted = true;
    });

    if (method === 'POST' && path === '/v1/messages') return answerMessages(record, res);
    if (method === 'POST' && path === '/v1/messages/count_tokens') {
      return sendJson(res, 200, { input_tokens: requestInputTokens(body) });
    }
    if (method === 'GET' && path === '/v1/models') return answerModels(record, res, url.searchParams);
    sendJson(res, 404, errorBody('not_found_error', `No fake route for ${method} ${path}`));
  }

  function control(method: string, path: string, body: unknown, res: ServerResponse): void {
    const route = `${method} ${path}`;
    try {
      switch (route) {
        case 'GET /__fake/health':
          return sendJson(res, 200, { ok: true });
        case 'GET /__fake/requests':
          return sendJson(res, 200, requests);
        case 'POST /__fake/enqueue':
          queue.push(...parseScenarios(body));
          return sendJson(res, 200, { pending: queue.length });
        case 'POST /__fake/default':
          fallback = body === null ? defaultScenario : Scenario.parse(body);
          return sendJson(res, 200, { ok: true });
        case 'POST /__fake/models':
          fake.setModels(body === null ? null : (body as FakeModel[]));
          return sendJson(res, 200, { ok: true });
        case 'POST /__fake/models/fail':
          fake.failModels(body === null ? null : (body as ModelsFailure));
          return sendJson(res, 200, { ok: true });
        case 'POST /__fake/cache':
          fake.configureCache(body as PromptCacheOptions);
          return sendJson(res, 200, { ok: true });
        case 'POST /__fake/advance':
          fake.advanceTime((body as { ms: number }).ms);
          return sendJson(res, 200, { ok: true });
        case 'POST /__fake/reset':
          fake.reset();
          return sendJson(res, 200, { ok: true });
        default:
          return sendJson(res, 404, { error: `No control route ${route}` });
      }
    } catch (err) {
      sendJson(res, 400, { error: err instanceof Error ? err.message : String(err) });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      // A bug in a scenario function: answer like the API would, so the client sees an error, not a hang.
      if (!res.headersSent) sendJson(res, 500, errorBody('api_error', `fake: ${String(err)}`), { 'x-should-retry': 'false' });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const fake: FakeAnthropic = {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    messageRequests: () => requests.filter((r) => r.method === 'POST' && r.path === '/v1/messages'),
    enqueue: (...scenarios) => {
      queue.push(...scenarios.map((s) => (typeof s === 'function' ? s : Scenario.parse(s))));
    },
    setDefault: (scenario) => {
      fallback = scenario === null ? defaultScenario : typeof scenario === 'function' ? scenario : Scenario.parse(scenario);
    },
    pending: () => queue.length,
    setModels: (list) => {
      models = parseModels(list ?? DEFAULT_FAKE_MODELS);
    },
    failModels: (failure) => {
      modelsFailure = failure === null ? null : (Scenario.parse({ ...failure, kind: 'error' }) as ErrorScenario);
    },
    configureCache: (cacheOptions) => promptCache.configure(cacheOptions),
    advanceTime: (ms) => {
      if (!(ms >= 0)) throw new Error(`fake: cannot move the clock by ${ms} ms`);
      clockOffset += ms;
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      fallback = defaultScenario;
      models = parseModels(DEFAULT_FAKE_MODELS);
      modelsFailure = null;
      clockOffset = 0;
      promptCache.clear();
    },
    waitForRequests: (count, timeoutMs = 5_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (requests.length < count) return;
          cleanup();
          resolve([...requests]);
        };
        const cleanup = () => {
          clearTimeout(timer);
          arrivalWaiters.delete(check);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`fake: ${requests.length} of ${count} requests after ${timeoutMs} ms`));
        }, timeoutMs);
        arrivalWaiters.add(check);
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return fake;
}
