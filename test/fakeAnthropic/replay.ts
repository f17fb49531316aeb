// Writes a recorded SSE body exactly as it was recorded: the same bytes, optionally in small writes, so
// the client's own line splitting and UTF-8 decoding meet the real API's output.
import type { ServerResponse } from 'node:http';
import type { Scenario } from './scenarios';
import type { Connection } from './sse';

/** Returns true when the whole body was written. */
export async function writeReplay(
  conn: Connection,
  res: ServerResponse,
  scenario: Extract<Scenario, { kind: 'replay' }>,
  requestId: string,
): Promise<boolean> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': requestId });
  res.flushHeaders();
  const body = Buffer.from(scenario.sse, 'utf8');
  const size = scenario.chunkBytes ?? Math.max(body.length, 1);
  for (let start = 0; start < body.length; start += size) {
    // A pause between writes keeps them apart on the wire instead of coalesced into one read.
    if (start > 0 || scenario.delayMs) await (scenario.delayMs ? conn.sleep(scenario.delayMs) : yieldToIo());
    if (conn.closed) return false;
    conn.write(body.subarray(start, start + size));
  }
  return !conn.closed;
}

function yieldToIo(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
