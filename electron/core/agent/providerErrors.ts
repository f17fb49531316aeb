// What can go wrong talking to the model, sorted into the few kinds the app reacts to differently
// (ask for the key again, retry, suggest a handoff…), each with a message a user can read.
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { attachmentBytes, formatSize } from '../../../shared/attachments';
import { t } from '../../../shared/i18n';
import type { AgentMessage, AttachmentBlock } from '../../../shared/session';

export type ProviderErrorKind =
  | 'auth'
  | 'rate_limit'
  | 'overloaded'
  | 'server'
  | 'network'
  | 'timeout'
  | 'too_long'
  /** 413: the request's bytes are over the API's limit (files, mostly), whatever its tokens. */
  | 'too_large'
  | 'aborted'
  | 'other';

export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  readonly kind: ProviderErrorKind;
  /** HTTP status when the API answered with one (absent for errors sent mid-stream). */
  readonly status: number | undefined;
  /** Whether trying again could help (decided from the status, the error type and x-should-retry). */
  readonly retryable: boolean;
  /** The server's requested wait (retry-after-ms / retry-after), when it gave one. */
  readonly retryAfterMs: number | undefined;
  /** The technical detail (API message, socket error) behind the user-readable `message`. */
  readonly detail: string;
  /**
   * What had arrived of the assistant message when the error struck: text kept, unfinished tool calls
   * dropped, `errorMessage` set. Null when the error came before anything was streamed.
   */
  partial: AgentMessage | null = null;

  constructor(init: {
    kind: ProviderErrorKind;
    message: string;
    detail: string;
    status?: number | undefined;
    retryable?: boolean;
    retryAfterMs?: number | undefined;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.kind = init.kind;
    this.detail = init.detail;
    this.status = init.status;
    this.retryable = init.retryable ?? false;
    this.retryAfterMs = init.retryAfterMs;
  }
}

const TOO_LONG = /too long|too many tokens|exceeds? (the )?(maximum|context)|context (window|length)/i;

function userMessage(kind: ProviderErrorKind, status: number | undefined, detail: string, retryAfterMs: number | undefined): string {
  const code = status ? ` (${status})` : '';
  switch (kind) {
    case 'auth':
      return t('apiErrors.auth', { code });
    case 'rate_limit': {
      // The server's retry-after says how long; "a moment" is all that can be said without it.
      const advice = retryAfterMs === undefined ? t('apiErrors.waitAMoment') : t('apiErrors.tryAgainIn', { wait: formatWait(retryAfterMs) });
      return t('apiErrors.rateLimit', { code, detail: detail.replace(/\.$/, ''), advice });
    }
    case 'overloaded':
      return t('apiErrors.overloaded', { code });
    case 'server':
      return t('apiErrors.server', { code });
    case 'network':
      return t('apiErrors.network', { detail });
    case 'timeout':
      return t('apiErrors.timeout', { detail });
    case 'too_long':
      return t('apiErrors.tooLong', { detail });
    case 'too_large':
      return t('apiErrors.tooLarge', { code, detail });
    case 'aborted':
      return t('apiErrors.aborted');
    case 'other':
      return t('apiErrors.other', { code, detail });
  }
}

/** A wait as a person says it: seconds under a minute and a half, then minutes, then hours and minutes. */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return t('apiErrors.seconds', { count: seconds });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t('apiErrors.minutes', { count: minutes });
  const hours = t('apiErrors.hours', { count: Math.floor(minutes / 60) });
  return minutes % 60 === 0 ? hours : `${hours} ${t('apiErrors.minutes', { count: minutes % 60 })}`;
}

function headerMs(headers: Headers | undefined): number | undefined {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const retryAfter = headers?.get('retry-after');
  if (!retryAfter) return undefined;
  const seconds = Number.parseFloat(retryAfter);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(retryAfter);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

function kindOfApiError(status: number | undefined, type: string | null, detail: string): ProviderErrorKind {
  if (status === 401 || type === 'authentication_error') return 'auth';
  if (status === 429 || type === 'rate_limit_error') return 'rate_limit';
  if (status === 529 || type === 'overloaded_error') return 'overloaded';
  if (status === 408 || status === 504 || type === 'timeout_error') return 'timeout';
  if (status === 413 || type === 'request_too_large') return 'too_large';
  if ((status === 400 || type === 'invalid_request_error') && TOO_LONG.test(detail)) return 'too_long';
  if ((status !== undefined && status >= 500) || type === 'api_error') return 'server';
  return 'other';
}

const RETRYABLE_KINDS: ReadonlySet<ProviderErrorKind> = new Set(['rate_limit', 'overloaded', 'server', 'network']);

/**
 * Sorts any error thrown while streaming. Errors that are not API errors count as a broken connection;
 * `midStream` (the reply had started and not finished) says so in the user's message.
 */
export function classifyError(err: unknown, context: { midStream?: boolean } = {}): ProviderError {
  if (err instanceof ProviderError) return err;
  const build = (
    kind: ProviderErrorKind,
    detail: string,
    extra: { status?: number | undefined; retryable?: boolean; retryAfterMs?: number | undefined } = {},
  ) =>
    new ProviderError({
      kind,
      detail,
      message: userMessage(kind, extra.status, detail, extra.retryAfterMs),
      retryable: extra.retryable ?? RETRYABLE_KINDS.has(kind),
      status: extra.status,
      retryAfterMs: extra.retryAfterMs,
      cause: err,
    });

  if (err instanceof APIUserAbortError) return build('aborted', err.message, { retryable: false });
  if (err instanceof APIConnectionTimeoutError) return build('timeout', err.message, { retryable: false });
  if (err instanceof APIConnectionError) return build('network', causeText(err));
  if (err instanceof APIError) {
    const detail = err.apiMessage ?? err.message;
    const kind = kindOfApiError(err.status, err.type, detail);
    const header = err.headers?.get('x-should-retry');
    const retryable = header === 'true' ? true : header === 'false' ? false : RETRYABLE_KINDS.has(kind);
    return build(kind, detail, { status: err.status, retryable, retryAfterMs: headerMs(err.headers) });
  }
  if (context.midStream) {
    return new ProviderError({
      kind: 'network',
      detail: causeText(err),
      message: t('apiErrors.closedMidStream'),
      retryable: true,
      cause: err,
    });
  }
  return build('network', causeText(err));
}

/** The innermost useful text: undici hides the socket error ("other side closed") in `cause`. */
function causeText(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e.message && !parts.includes(e.message)) parts.push(e.message);
  }
  return parts.join(': ') || String(err);
}

/** How many files a 413's message names, the largest first. */
const NAMED_FILES = 3;

/**
 * A 413 said in terms of the request that was sent: the files it carried (every request sends the whole
 * conversation again, so a file attached long ago still counts), the largest named with their sizes.
 */
export function tooLargeFor(error: ProviderError, messages: readonly AgentMessage[]): ProviderError {
  if (error.kind !== 'too_large') return error;
  const files = messages
    .flatMap((m) => m.content)
    .filter((b): b is AttachmentBlock => b.type === 'image' || b.type === 'document')
    .map((b) => ({ name: b.name, bytes: attachmentBytes(b) }))
    .sort((a, b) => b.bytes - a.bytes);
  const code = error.status ? ` (${error.status})` : '';
  const total = files.reduce((sum, f) => sum + f.bytes, 0);
  const named = files.slice(0, NAMED_FILES).map((f) => `${f.name} (${formatSize(f.bytes)})`);
  const more = files.length > NAMED_FILES ? t('apiErrors.moreFiles', { n: files.length - NAMED_FILES }) : '';
  const message =
    files.length === 0
      ? t('apiErrors.tooLargeText', { code })
      : t('apiErrors.tooLargeFiles', { code, total: formatSize(total), named: named.join(', '), more });
  const described = new ProviderError({ kind: error.kind, message, detail: error.detail, status: error.status, retryable: false, cause: error.cause });
  described.partial = error.partial && { ...error.partial, errorMessage: message };
  return described;
}

/** What arrived before a provider error (ProviderError.partial), marked with the error. */
export function partialOf(err: unknown): AgentMessage | undefined {
  if (!(err instanceof ProviderError) || !err.partial) return undefined;
  const partial = err.partial;
  return partial.errorMessage === undefined ? { ...partial, errorMessage: err.message } : partial;
}
