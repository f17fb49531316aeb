// How one run of AgentSession is made (SPEC §3): a chat prompt needs none of these options; a handoff
// sets most of them, explicitly, in its call to prompt().
import type { AgentMessage, AttachmentBlock } from '../../../shared/session';
import type { LoopResult } from './agentLoop';
import type { TextEventFormat } from './eventBatcher';

/** The Continue action's prompt, after a reply was cut off (SPEC §3 `max_tokens`). */
export const CONTINUE_PROMPT = 'Continue exactly where your previous reply was cut off.';

/** How one run is made. A chat prompt needs none of it; a handoff sets most of it. */
export interface RunOptions {
  /** Images and PDFs sent with the prompt, ahead of its text (checked against the limits by the caller). */
  attachments?: readonly AttachmentBlock[];
  /** `/NAME args` expands to the prompt template NAME (default true). */
  expandPromptTemplates?: boolean;
  /** `continue`: the prompt is the Continue action, shown as such rather than as a message the user typed. */
  promptPurpose?: 'continue';
  /**
   * A side exchange (a handoff's request): every message it writes carries `purpose`, stays on disk but
   * out of the context of later turns, and queued messages wait for the next run. Its failure is the
   * caller's to report: no `error` event.
   */
  aside?: { purpose: 'handoff' };
  model?: string;
  maxTokens?: number;
  /** Aborts the run along with Stop (the handoff's Cancel). */
  signal?: AbortSignal;
  /** Which event carries the streamed text (default message_update). */
  textFormat?: TextEventFormat;
  /** What the requests send, given the context (a handoff cuts a transcript too long for the window). */
  transformContext?: (messages: readonly AgentMessage[]) => readonly AgentMessage[];
  /** Whether a request that failed before anything streamed is sent again. */
  retryRequest?: (error: unknown, attempt: number) => boolean;
}

/** A run whose prompt is saved; `done` settles at agent_end with the run's reply and first error. */
export interface RunHandle {
  done: Promise<LoopResult>;
}

/** The run's own controller, also aborted by `signal` (the handoff's Cancel). */
export function linkedController(signal: AbortSignal | undefined): AbortController {
  const controller = new AbortController();
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener('abort', () => controller.abort(), { once: true });
  return controller;
}
