// The check thread (SPEC §8: nothing blocks the core's event loop for over 100 ms): work whose cost grows with untrusted input — a
// big PDF's facts, a big saved file's facts, reading a big session file to import — runs here, off the
// core's event loop, one job at a time, under a time cap and a memory cap. A job past either cap ends the
// thread (a new one starts for the next job) and answers that the file could not be checked. The thread
// starts on first use and never keeps the process alive while idle.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { currentLanguage } from '../../../shared/i18n';
import { texts } from '../../../shared/texts';
import { BatonError } from '../errors';
import { log } from '../log';
import { CHECK_JOBS, type CheckJob, type CheckJobs } from './checkJobs';
import type { CheckAnswer, CheckRequest } from './checkWorker';
import { movableBuffers } from './movableBuffers';

export interface CheckCaps {
  /** Wall time one job may take once the thread has it: the largest import allowed (100 M characters) takes 1.4 s. */
  timeMs: number;
  /** The thread's JavaScript heap (its old generation): that import reads within a 1 GB heap, with its text. */
  memoryMb: number;
}

export const CHECK_CAPS: CheckCaps = { timeMs: 30_000, memoryMb: 1024 };

type Result<J extends CheckJob> = ReturnType<CheckJobs[J]>;

interface Job {
  request: CheckRequest;
  /** Buffers of the arguments handed to the thread rather than copied. */
  moved: readonly ArrayBuffer[];
  /** The file's name, for the refusal. */
  name: string;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
}

export class CheckPool {
  private thread: Thread | undefined;
  private readonly queue: Job[] = [];
  private running: { job: Job; timer: NodeJS.Timeout } | undefined;
  private nextId = 0;
  /** Set when the thread could not even start (no entry file, no threads): jobs then run on this thread. */
  private unavailable = false;

  constructor(private readonly caps: CheckCaps = CHECK_CAPS) {}

  /** Runs `job` on the check thread; refused with "could not be checked" (naming `name`) past a cap. */
  run<J extends CheckJob>(job: J, name: string, ...args: Parameters<CheckJobs[J]>): Promise<Result<J>> {
    return this.runMoving(job, name, [], ...args);
  }

  /**
   * The same, with the arrays of `moved` (arguments, or in them) handed to the thread instead of copied:
   * the caller must not use them again. Copying a 43 MB upload held the core for tens of milliseconds.
   */
  runMoving<J extends CheckJob>(job: J, name: string, moved: readonly Uint8Array[], ...args: Parameters<CheckJobs[J]>): Promise<Result<J>> {
    if (this.unavailable) return Promise.resolve().then(() => runHere(job, args));
    return new Promise<Result<J>>((resolve, reject) => {
      const request: CheckRequest = { id: this.nextId++, job, args, language: currentLanguage() };
      this.queue.push({ request, moved: movableBuffers(moved), name, resolve: resolve as (value: unknown) => void, reject });
      this.pump();
    });
  }

  /** Ends the thread; jobs waiting are refused as if past their cap. */
  async dispose(): Promise<void> {
    const thread = this.thread;
    this.thread = undefined;
    for (const job of this.queue.splice(0)) job.reject(uncheckable(job.name));
    if (this.running) this.settle(this.running.job.request.id, { error: uncheckable(this.running.job.name) });
    await thread?.worker.terminate();
  }

  private pump(): void {
    if (this.running) return;
    const job = this.queue[0];
    if (!job) {
      this.thread?.worker.unref(); // idle: the process may exit
      return;
    }
    const thread = (this.thread ??= this.start());
    if (!thread?.ready) return; // posted once it says it is ready
    this.queue.shift();
    thread.worker.ref();
    const timer = setTimeout(() => this.kill(job), this.caps.timeMs);
    this.running = { job, timer };
    thread.worker.postMessage(job.request, job.moved);
  }

  private start(): Thread | undefined {
    let worker: Worker;
    try {
      worker = startWorker(this.caps);
    } catch (err) {
      this.fallBack(err);
      return undefined;
    }
    const thread: Thread = { worker, ready: false };
    worker.on('message', (message: CheckAnswer | 'ready') => {
      if (message === 'ready') {
        thread.ready = true;
        this.pump();
      } else if ('error' in message) {
        const { code, message: text } = message.error;
        this.settle(message.id, { error: code ? new BatonError(code, text) : new Error(text) });
      } else {
        this.settle(message.id, { value: message.value });
      }
    });
    worker.on('error', (err) => {
      // Before it is ready the thread could not load at all; after, a job broke a cap (its heap).
      if (!thread.ready) this.fallBack(err);
      else log.warn(`The check thread stopped: ${err.message}`);
    });
    worker.on('exit', () => {
      if (this.thread !== thread) return;
      this.thread = undefined;
      if (this.running) this.settle(this.running.job.request.id, { error: uncheckable(this.running.job.name) });
      this.pump();
    });
    return thread;
  }

  /** Past the time cap: the thread is ended, and the job refused (exit settles it). */
  private kill(job: Job): void {
    if (this.running?.job !== job) return;
    log.warn(`A check of ${job.name} took over ${this.caps.timeMs} ms: the check thread is replaced`);
    void this.thread?.worker.terminate();
  }

  private settle(id: number, outcome: { value: unknown } | { error: unknown }): void {
    const running = this.running;
    if (running?.job.request.id !== id) return;
    clearTimeout(running.timer);
    this.running = undefined;
    if ('error' in outcome) running.job.reject(outcome.error);
    else running.job.resolve(outcome.value);
    this.pump();
  }

  private fallBack(err: unknown): void {
    if (this.unavailable) return;
    this.unavailable = true;
    this.thread = undefined;
    log.error(`The check thread could not start, so checks run on the main thread: ${err instanceof Error ? err.message : String(err)}`);
    for (const { request, resolve, reject } of this.queue.splice(0)) {
      Promise.resolve()
        .then(() => runHere(request.job, request.args as never))
        .then(resolve, reject);
    }
  }
}

/** The one check thread of this process. */
export const checks = new CheckPool();

function runHere<J extends CheckJob>(job: J, args: Parameters<CheckJobs[J]>): Result<J> {
  return (CHECK_JOBS[job] as (...args: unknown[]) => Result<J>)(...args);
}

function uncheckable(name: string): BatonError {
  return new BatonError('invalid_input', texts.fileUncheckable(name));
}

/**
 * The desktop build puts the entry beside the main bundle as checkWorker.js (electron.vite.config.ts);
 * from source (web mode, tests, the bench) it is the .ts file here, loaded through tsx.
 */
function startWorker(caps: CheckCaps): Worker {
  const here = fileURLToPath(import.meta.url);
  const options = { name: 'baton-check', resourceLimits: { maxOldGenerationSizeMb: caps.memoryMb } };
  if (!here.endsWith('.ts')) return new Worker(join(dirname(here), 'checkWorker.js'), options);
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = pathToFileURL(join(dirname(here), 'checkWorker.ts')).href;
  const source = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(source, { ...options, eval: true });
}
