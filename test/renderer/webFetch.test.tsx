// @vitest-environment happy-dom
// A web fetch reply (SPEC §3 "Claude's server tools"): the fetch is one row, and a text citing the fetched
// page (a document citation: its index and title, no URL) gets its numbered link to the page's URL and
// the page listed under the reply's sources.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChatView } from '../../renderer/src/components/chat/ChatView';
import type { SessionEntry } from '../../shared/session';
import { blocksEntry, messageEntry, render, sessionView, setup, stubLayout, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => view?.unmount());
beforeAll(stubLayout);

async function chat(entries: SessionEntry[]) {
  const ctx = await setup({ 'sessions.open': () => sessionView({ entries }) });
  view = await render(<ChatView />, ctx.store);
  return view.container;
}

const URL = 'https://example.com/guide/install';

/** The blocks as the API's types give them (WebFetchToolResultBlock, CitationCharLocation), kept raw. */
const fetchReply = (title: string | null) =>
  blocksEntry('assistant', [
    { type: 'raw', block: { type: 'server_tool_use', id: 'srvtoolu_f1', name: 'web_fetch', input: { url: URL } } },
    {
      type: 'raw',
      block: {
        type: 'web_fetch_tool_result',
        tool_use_id: 'srvtoolu_f1',
        content: {
          type: 'web_fetch_result',
          url: URL,
          retrieved_at: '2026-11-30T10:00:00Z',
          content: { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'Run the installer, then restart.' }, title, citations: { enabled: true } },
        },
      },
    },
    { type: 'text', text: 'The guide says to ' },
    {
      type: 'text',
      text: 'run the installer and restart',
      citations: [{ type: 'char_location', cited_text: 'Run the installer, then restart.', document_index: 0, document_title: title, start_char_index: 0, end_char_index: 32, file_id: null }],
    },
    { type: 'text', text: '.' },
  ]);

describe('a web fetch reply', () => {
  it('cites the fetched page with its number, linked to its URL, and lists it under Sources by its title', async () => {
    const container = await chat([messageEntry('user', 'How do I install it?'), fetchReply('Installing the tool')]);
    expect(container.querySelector('[data-testid="tool-call"]')?.textContent).toContain(`Fetched ${URL}`);
    const paragraph = container.querySelector('.markdown p')!;
    expect(paragraph.textContent).toBe('The guide says to run the installer and restart [1].');
    expect(paragraph.querySelector('a')?.getAttribute('href')).toBe(URL);
    const sources = container.querySelector('[aria-label="Sources"]')!;
    expect([...sources.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Installing the tool example.com']);
    expect(sources.querySelector('a')?.getAttribute('href')).toBe(URL);
  });

  it('a page without a title is listed by its URL', async () => {
    const container = await chat([messageEntry('user', 'How do I install it?'), fetchReply(null)]);
    expect(container.querySelector('.markdown p a')?.getAttribute('href')).toBe(URL);
    expect(container.querySelector('[aria-label="Sources"] li')?.textContent).toBe(`${URL} example.com`);
  });
});
