// fetch for the Streamable HTTP transport, with the stdio transport's bound on a message: a JSON answer
// (or an error's text) over the limit, or one line of an event stream over it, fails the read instead of
// filling memory. An event stream as a whole may go on for as long as the server keeps it open.
// `onTooLarge` hears of it first: the SDK passes a stream's error on only inside a message of its own.
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { MAX_MESSAGE_BYTES, ServerMisbehaved } from './stdioTransport';
import { t } from '../../../../shared/i18n';

const NEWLINE = 10;

export function limitedFetch(onTooLarge: (err: ServerMisbehaved) => void, maxBytes = MAX_MESSAGE_BYTES): FetchLike {
  return async (url, init) => {
    const response = await fetch(url, init);
    if (!response.body) return response;
    const stream = response.headers.get('content-type')?.includes('text/event-stream') === true;
    const tooLarge = () => {
      const err = new ServerMisbehaved(t('texts.mcp.messageTooLarge', { megabytes: String(Math.round(maxBytes / 1024 / 1024)) }));
      onTooLarge(err);
      return err;
    };
    // Bytes since the last line break (an event stream), or since the start (anything else).
    let run = 0;
    const limit = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const first = stream ? chunk.indexOf(NEWLINE) : -1;
        if (first < 0) run += chunk.length;
        else if (run + first > maxBytes) return controller.error(tooLarge());
        else run = chunk.length - chunk.lastIndexOf(NEWLINE) - 1;
        if (run > maxBytes) controller.error(tooLarge());
        else controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(limit), { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
