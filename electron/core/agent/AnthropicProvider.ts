// The one place that talks to @anthropic-ai/sdk's Messages API (SPEC §3). Plain Node: no `electron` import.
//
// Contract of stream():
// - resolves with the final assistant AgentMessage (text / tool_use blocks, stopReason, usage, model);
//   the reply is final once message_delta has brought its stop reason, whatever fails after that;
// - on abort (request.signal) RESOLVES with whatever had arrived, marked `aborted: true` (content may be
//   empty; unfinished tool calls are dropped) — stopping is not an error;
// - on failure THROWS a ProviderError: `kind` says what went wrong, `message` is for the user, `partial`
//   holds what had arrived (with errorMessage set) or null when nothing had;
// - retries rate-limit / overloaded / server / connection errors itself (SDK retries are off, so each
//   one is visible through onRetry), but only while no text has reached onText: a retry after that
//   would show the user the same words twice;
// - gives up with kind 'timeout' when no bytes (pings included) arrive for inactivityTimeoutMs; that is
//   not retried, since the same wait would most likely repeat.
import Anthropic, { APIError } from '@anthropic-ai/sdk';
import { t } from '../../../shared/i18n';
import type { AgentMessage } from '../../../shared/session';
import { fromApiMessage, toApiMessages } from './apiMessages';
import { activityTap, InactivityTimer } from './inactivity';
import { withCacheBreakpoints } from './promptCache';
import { classifyError, ProviderError, tooLargeFor, type ProviderErrorKind } from './providerErrors';

import type { ServerToolDefinition } from './serverTools';
import { thinkingBetaFor, type ThinkingParam } from './thinkingConfig';
import type { ToolDefinition } from './tools';

export interface ProviderOptions {
  apiKey: string;
  /** Defaults to ANTHROPIC_BASE_URL, then the public API, as the SDK does. */
  baseURL?: string | undefined;
  /** Retries after the first attempt (default 2). */
  maxRetries?: number | undefined;
  /** Give up when nothing arrives for this long (default 60 s). */
  inactivityTimeoutMs?: number | undefined;
}

export interface StreamRequest {
  model: string;
  system?: string | undefined;
  messages: readonly AgentMessage[];
  tools?: readonly (ToolDefinition | ServerToolDefinition)[] | undefined;
  maxTokens: number;
  thinking?: ThinkingParam | undefined;
  signal: AbortSignal;
}

export interface RetryInfo {
  kind: ProviderErrorKind;
  /** How long the provider waits before the next attempt. */
  delayMs: number;
  maxRetries: number;
}

export interface StreamHandlers {
  /** Each text delta, as it arrives. An exception thrown here stops the stream and is rethrown as-is. */
  onText(delta: string): void;
  /** Called before each retry; attempt counts from 1, message is the user-readable error. */
  onRetry?(attempt: number, message: string, info: RetryInfo): void;
}

/** A server asking for a longer pause than this is not waited for: the error goes to the user instead. */
const MAX_RETRY_WAIT_MS = 60_000;

type Outcome =
  | { type: 'done'; message: AgentMessage }
  | { type: 'aborted'; partial: AgentMessage | null }
  | { type: 'failed'; error: ProviderError; emitted: boolean };

export class AnthropicProvider {
  private readonly client: Anthropic;
  private readonly maxRetries: number;
  private readonly inactivityTimeoutMs: number;

  constructor(options: ProviderOptions) {
    this.client = new Anthropic({ apiKey: options.apiKey, baseURL: options.baseURL, maxRetries: 0 });
    this.maxRetries = options.maxRetries ?? 2;
    this.inactivityTimeoutMs = options.inactivityTimeoutMs ?? 60_000;
  }

  async stream(request: StreamRequest, handlers: StreamHandlers): Promise<AgentMessage> {
    const params: Anthropic.MessageStreamParams = withCacheBreakpoints({
      model: request.model,
      max_tokens: request.maxTokens,
      messages: toApiMessages(request.messages),
      ...(request.system ? { system: request.system } : {}),
      ...(request.tools?.length ? { tools: [...request.tools] } : {}),
      ...(request.thinking ? { thinking: request.thinking } : {}),
    });
    const beta = thinkingBetaFor(request.model, request.thinking, params.tools !== undefined);
    const headers = beta ? { 'anthropic-beta': beta } : undefined;
    const abortedEmpty = (): AgentMessage => ({ role: 'assistant', content: [], model: request.model, aborted: true });

    for (let attempt = 0; ; attempt++) {
      const outcome = await this.attempt(params, headers, request.signal, handlers);
      if (outcome.type === 'done') return outcome.message;
      if (outcome.type === 'aborted') return outcome.partial ? { ...outcome.partial, aborted: true } : abortedEmpty();

      const { emitted } = outcome;
      const error = tooLargeFor(outcome.error, request.messages);
      const delayMs = error.retryAfterMs ?? backoffMs(attempt);
      if (!error.retryable || emitted || attempt >= this.maxRetries || delayMs > MAX_RETRY_WAIT_MS) throw error;
      handlers.onRetry?.(attempt + 1, error.message, { kind: error.kind, delayMs, maxRetries: this.maxRetries });
      if (!(await sleep(delayMs, request.signal))) return abortedEmpty();
    }
  }

  private async attempt(
    params: Anthropic.MessageStreamParams,
    headers: Record<string, string> | undefined,
    signal: AbortSignal,
    handlers: StreamHandlers,
  ): Promise<Outcome> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = new InactivityTimer(this.inactivityTimeoutMs, () => {
      if (controller.signal.aborted) return;
      timedOut = true;
      controller.abort();
    });
    const forwardAbort = () => controller.abort();
    if (signal.aborted) controller.abort();
    else signal.addEventListener('abort', forwardAbort, { once: true });

    let snapshot: Anthropic.Message | undefined;
    const complete = new Set<number>();
    let stopped = false;
    let emitted = false;
    let handlerFailure: { error: unknown } | undefined;

    const stream = this.client.messages.stream(params, {
      signal: controller.signal,
      ...(headers ? { headers } : {}),
      middleware: [activityTap(timer.touch)],
    });
    stream.on('streamEvent', (event, messageSnapshot) => {
      snapshot = messageSnapshot;
      if (event.type === 'content_block_stop') complete.add(event.index);
      if (event.type === 'message_stop') stopped = true;
    });
    stream.on('text', (delta) => {
      if (handlerFailure) return;
      emitted = true;
      try {
        handlers.onText(delta);
      } catch (error) {
        handlerFailure = { error };
        controller.abort();
      }
    });

    try {
      // Only blocks that got their content_block_stop: a reply cut off at max_tokens ends inside one.
      return { type: 'done', message: fromApiMessage(await stream.finalMessage(), complete) };
    } catch (err) {
      if (handlerFailure) throw handlerFailure.error;
      const partial = snapshot ? fromApiMessage(snapshot, complete) : null;
      if (signal.aborted && !timedOut) return { type: 'aborted', partial };
      // message_delta brought the stop reason, so the reply is whole: what failed after it loses nothing
      // (the SDK throws on a message_delta without usage; a stream may end before message_stop).
      if (partial?.stopReason && !(err instanceof APIError)) return { type: 'done', message: partial };
      const error = timedOut
        ? new ProviderError({
            kind: 'timeout',
            message: t('apiErrors.silent', { time: formatSeconds(this.inactivityTimeoutMs) }),
            detail: `inactivity timeout after ${this.inactivityTimeoutMs} ms`,
            cause: err,
          })
        : classifyError(err, { midStream: snapshot !== undefined && !stopped });
      error.partial = partial && { ...partial, errorMessage: error.message };
      return { type: 'failed', error, emitted };
    } finally {
      timer.stop();
      signal.removeEventListener('abort', forwardAbort);
    }
  }
}

/** Exponential backoff with jitter, as the SDK does: 0.5 s, 1 s, 2 s … capped at 8 s. */
function backoffMs(attempt: number): number {
  return Math.min(500 * 2 ** attempt, 8_000) * (1 - Math.random() * 0.25);
}

/** Resolves true after `ms`, or false as soon as `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}
