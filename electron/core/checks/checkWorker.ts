// The check thread's entry (CheckPool.ts starts it): runs one job of CHECK_JOBS per message, in the
// language the core speaks, and answers its value or its error as plain data.
import { parentPort } from 'node:worker_threads';
import type { ErrorCode } from '../../../shared/contract';
import { setLanguage, type Language } from '../../../shared/i18n';
import { BatonError } from '../errors';
import { CHECK_JOBS, type CheckJob } from './checkJobs';
import { movableBuffers } from './movableBuffers';

export interface CheckRequest {
  id: number;
  job: CheckJob;
  args: unknown[];
  language: Language;
}

export type CheckAnswer = { id: number; value: unknown } | { id: number; error: { message: string; code?: ErrorCode } };

const port = parentPort;
if (port) {
  port.on('message', ({ id, job, args, language }: CheckRequest) => {
    setLanguage(language);
    try {
      const run = CHECK_JOBS[job] as (...args: unknown[]) => unknown;
      const value = run(...args);
      // The bytes a job answers (an import's lines) are moved back, not copied: nothing here keeps them.
      port.postMessage({ id, value } satisfies CheckAnswer, movableBuffers(answeredBytes(value)));
    } catch (err) {
      // A refusal keeps its code (a file that is not a session is invalid input); anything else is a failure.
      const error = err instanceof BatonError ? { message: err.message, code: err.code } : { message: err instanceof Error ? err.message : String(err) };
      port.postMessage({ id, error } satisfies CheckAnswer);
    }
  });
  port.postMessage('ready');
}

/** The byte arrays among an answer's own fields. */
function answeredBytes(value: unknown): Uint8Array[] {
  if (value instanceof Uint8Array) return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).filter((field): field is Uint8Array => field instanceof Uint8Array);
}
