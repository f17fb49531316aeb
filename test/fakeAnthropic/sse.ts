// Writes a reply plan as the Messages API's SSE stream, in the event order the SDK accumulates:
// message_start, ping, (content_block_start, content_block_delta*, content_block_stop)*, message_delta,
// message_stop. Stops writing as soon as the client goes away.
import type { ServerResponse } from 'node:http';
import { errorBody } from './errors';
import { FAKE_SIGNATURE, type PlannedBlock, type ReplyPlan } from './plan';

/** setTimeout's ceiling. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** One response in flight: knows when the client went away, and sleeps that wake up when it does. */
export class Connection {
  closed = false;
  private wakers = new Set<() => void>();

  constructor(private readonly res: ServerResponse) {
    res.on('close', () => {
      this.closed = true;
      for (const wake of this.wakers) wake();
      this.wakers.clear();
    });
  }

  send(event: string, data: unknown): void {
    this.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  write(chunk: string | Uint8Array): void {
    if (!this.closed) this.res.write(chunk);
  }

  /** Closes the TCP connection mid-response (after flushing what was written), as a network failure would. */
  drop(): void {
    if (this.res.socket) this.res.socket.end();
    else this.res.destroy();
  }

  sleep(ms: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakers.add(wake);
    });
  }

  /** Waits `ms` (forever when Infinity), sending pings every `pingEveryMs` meanwhile. */
  async idle(ms: number, pingEveryMs: number | undefined): Promise<void> {
    const end = Date.now() + ms;
    while (!this.closed) {
      const left = end - Date.now();
      if (left <= 0) return;
      await this.sleep(Math.min(left, pingEveryMs ?? left, MAX_TIMER_MS));
      if (pingEveryMs && end - Date.now() > 0) this.send('ping', { type: 'ping' });
    }
  }
}

/** A block as content_block_start announces it: empty, filled by the deltas that follow. */
function startOf(block: PlannedBlock['block']): Record<string, unknown> {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: '' };
    case 'thinking':
      return { type: 'thinking', thinking: '', signature: '' };
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: {} };
  }
}

function deltaOf(block: PlannedBlock['block'], piece: string): Record<string, unknown> {
  switch (block.type) {
    case 'text':
      return { type: 'text_delta', text: piece };
    case 'thinking':
      return { type: 'thinking_delta', thinking: piece };
    case 'tool_use':
      return { type: 'input_json_delta', partial_json: piece };
  }
}

/** Returns true when the whole reply was written (for a stall: never). */
export async function writeSse(conn: Connection, plan: ReplyPlan): Promise<boolean> {
  conn.send('message_start', {
    type: 'message_start',
    message: {
      id: plan.messageId,
      type: 'message',
      role: 'assistant',
      model: plan.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: {
        input_tokens: plan.usage.input_tokens,
        output_tokens: 1,
        cache_creation_input_tokens: plan.usage.cache_creation_input_tokens,
        cache_read_input_tokens: plan.usage.cache_read_input_tokens,
      },
    },
  });
  conn.send('ping', { type: 'ping' });

  for (const [index, { block, pieces }] of plan.blocks.entries()) {
    conn.send('content_block_start', { type: 'content_block_start', index, content_block: startOf(block) });
    for (const piece of pieces) {
      if (plan.delayMs > 0) await conn.idle(plan.delayMs, plan.pingEveryMs);
      if (conn.closed) return false;
      conn.send('content_block_delta', { type: 'content_block_delta', index, delta: deltaOf(block, piece) });
    }
    if (block.type === 'thinking') {
      const delta = { type: 'signature_delta', signature: block.signature ?? FAKE_SIGNATURE };
      conn.send('content_block_delta', { type: 'content_block_delta', index, delta });
    }
    const cutOff = plan.ending.type !== 'done' && index === plan.blocks.length - 1;
    if (!cutOff) conn.send('content_block_stop', { type: 'content_block_stop', index });
  }

  switch (plan.ending.type) {
    case 'done':
      conn.send('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: plan.ending.stopReason, stop_sequence: null, ...(plan.ending.stopDetails && { stop_details: plan.ending.stopDetails }) },
        usage: { output_tokens: plan.usage.output_tokens },
      });
      conn.send('message_stop', { type: 'message_stop' });
      return !conn.closed;
    case 'error':
      conn.send('error', errorBody(plan.ending.errorType, plan.ending.message));
      return !conn.closed;
    case 'stall':
      await conn.idle(Infinity, plan.pingEveryMs);
      return false;
    case 'disconnect':
      conn.drop();
      return false;
  }
}
