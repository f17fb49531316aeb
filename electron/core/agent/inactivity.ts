// The inactivity watchdog: a request that sends nothing for too long is given up. "Anything" means any
// bytes, pings included, so a long silence before the first token does not count as a stall while the
// API keeps the connection alive.
import type { Middleware } from '@anthropic-ai/sdk';

export class InactivityTimer {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly ms: number,
    private readonly onTimeout: () => void,
  ) {
    this.touch();
  }

  touch = (): void => {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.stopped = true;
      this.onTimeout();
    }, this.ms);
  };

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}

/** Per-request SDK middleware that calls `onBytes` for every chunk of the response body as it arrives. */
export function activityTap(onBytes: () => void): Middleware {
  return async (request, next) => {
    const response = await next(request);
    onBytes();
    // A Response with these statuses cannot be rebuilt with a body; they carry none worth watching.
    if (!response.body || response.status === 204 || response.status === 304) return response;
    const tapped = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          onBytes();
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(tapped, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
