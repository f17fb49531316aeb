// The full-text index: built from the files a slice at a time, kept current as the store appends, saved
// and loaded as derived data (a missing or damaged file is rebuilt), answering searches by message text.
import { existsSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SessionStore } from '../../../electron/core/session/SessionStore';
import type { SessionManager } from '../../../electron/core/session/SessionManager';
import { realFs } from '../../../electron/core/storage/fsSeam';
import { assistant, seamWith, user, useTempDir } from '../session/helpers';

const dir = useTempDir();
const sessionsDir = () => join(dir(), 'sessions');
const searchFile = () => join(dir(), 'search-index.bin');

function loadStore(): SessionStore {
  return SessionStore.load(sessionsDir());
}

/** Loads the store and lets the full-text index read everything, as the background steps would. */
function loadIndexed(): SessionStore {
  const store = loadStore();
  while (store.textIndex.step(1000));
  return store;
}

function write(store: SessionStore, build: (m: SessionManager) => void): SessionManager {
  const manager = store.create();
  build(manager);
  store.sync(manager);
  manager.close();
  return manager;
}

const ids = (store: SessionStore, query: string) => store.search(query).map((s) => s.id);

describe('searching message text', () => {
  it('finds a session by words anywhere in its messages, names the message and shows where the words are', () => {
    const store = loadStore();
    const pasta = write(store, (m) => {
      m.appendMessage(user('What should I cook tonight?'));
      m.appendMessage(assistant('How about a risotto with mushrooms?'));
      m.appendMessage(user('Fine.'));
      m.appendMessage(assistant('Stir the rice slowly and add the **Parmigiano** at the end, off the heat.'));
    });
    write(store, (m) => m.appendMessage(user('Something else entirely')));

    const found = store.search('parmigiano rice');
    expect(found.map((s) => s.id)).toEqual([pasta.getSessionId()]);
    const match = found[0]!.match!;
    expect(match.entryId).toBe(pasta.getEntries()[3]!.id);
    // Quoted as the chat shows the reply: its Markdown rendered.
    expect(match.snippet!.text).toBe('Stir the rice slowly and add the Parmigiano at the end, off the heat.');
    const marked = match.snippet!.highlights.map(([a, b]) => match.snippet!.text.slice(a, b));
    expect(marked).toEqual(['rice', 'Parmigiano']);
  });

  it('finds a formula by the words of its source and quotes it as its source, prices as written', () => {
    const store = loadStore();
    const circle = write(store, (m) => {
      m.appendMessage(user('Area?'));
      m.appendMessage(assistant('The area is $A = \\pi r^2$, and a compass costs $5 or $10.\n\n$$\n\\oint_C \\vec{F} \\cdot d\\vec{r}\n$$'));
    });
    const match = store.search('pi compass')[0]!.match!;
    expect(match.entryId).toBe(circle.getEntries()[1]!.id);
    expect(match.snippet!.text).toBe('The area is A = \\pi r^2, and a compass costs $5 or $10. \\oint_C \\vec{F} \\cdot d\\vec{r}');
    expect(match.snippet!.highlights.map(([a, b]) => match.snippet!.text.slice(a, b))).toEqual(['pi', 'compass']);
    expect(ids(store, 'oint')).toEqual([circle.getSessionId()]);
  });

  it('matches words by their start, ignoring case and accents', () => {
    const store = loadStore();
    const s = write(store, (m) => m.appendMessage(assistant('La Crème brûlée du CHEF')));
    expect(ids(store, 'creme brul')).toEqual([s.getSessionId()]);
    expect(ids(store, 'CRÈME')).toEqual([s.getSessionId()]);
    expect(ids(store, 'reme')).toEqual([]); // not the middle of a word
  });

  it('finds Thai, Chinese and Japanese words inside text written without spaces, and emoji', () => {
    const store = loadStore();
    const thai = write(store, (m) => m.appendMessage(assistant('วันนี้อากาศดีมากครับ')));
    const japanese = write(store, (m) => m.appendMessage(assistant('東京都庁はどこですか')));
    const emoji = write(store, (m) => m.appendMessage(user('Deployed it 🚀 finally')));
    expect(ids(store, 'อากาศ')).toEqual([thai.getSessionId()]);
    expect(ids(store, '都庁')).toEqual([japanese.getSessionId()]);
    expect(ids(store, '京')).toEqual([japanese.getSessionId()]);
    expect(ids(store, '🚀')).toEqual([emoji.getSessionId()]);
    const snippet = store.search('อากาศ')[0]!.match!.snippet!;
    expect(snippet.highlights.map(([a, b]) => snippet.text.slice(a, b))).toEqual(['อากาศ']);
  });

  it('needs every word somewhere in the session, and opens at the message with the most of them', () => {
    const store = loadStore();
    const s = write(store, (m) => {
      m.appendMessage(user('kubernetes question'));
      m.appendMessage(assistant('ingress controllers route traffic'));
      m.appendMessage(user('kubernetes ingress annotations, then?'));
    });
    const [hit] = store.search('ingress kubernetes');
    expect(hit?.id).toBe(s.getSessionId());
    expect(hit?.match?.entryId).toBe(s.getEntries()[2]!.id);
    expect(ids(store, 'kubernetes helm')).toEqual([]);
  });

  it('lists title matches as before, without a message match, newest first among the text matches', () => {
    const store = loadStore();
    const older = write(store, (m) => m.appendMessage(assistant('we talked about sourdough starters')));
    const titled = write(store, (m) => {
      m.appendMessage(user('Bread questions'));
      m.appendSessionInfo({ title: 'Sourdough notes' });
    });
    const found = store.search('sourdough');
    expect(found.map((s) => s.id)).toEqual([titled.getSessionId(), older.getSessionId()]);
    expect(found[0]!.match).toBeUndefined();
    expect(found[1]!.match?.snippet?.text).toBe('we talked about sourdough starters');
  });

  it('does not search tool calls, tool output or hidden handoff messages', () => {
    const store = loadStore();
    write(store, (m) => {
      m.appendMessage({ role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'read', input: { path: 'zebrafile' } }] });
      m.appendMessage({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'zebra output' }] });
      m.appendMessage({ role: 'assistant', content: [{ type: 'text', text: 'zebra handoff document' }], purpose: 'handoff' });
      m.appendCustomMessageEntry('next_turn', 'zebra reminder', false);
    });
    expect(ids(store, 'zebra')).toEqual([]);
  });

  it('cuts a long message to a snippet around the match', () => {
    const store = loadStore();
    const long = `${'filler words here '.repeat(40)}the needle is here ${'and more text after '.repeat(40)}`;
    write(store, (m) => m.appendMessage(assistant(long)));
    const snippet = store.search('needle')[0]!.match!.snippet!;
    expect(snippet.text.startsWith('…')).toBe(true);
    expect(snippet.text.endsWith('…')).toBe(true);
    expect(snippet.text.length).toBeLessThanOrEqual(165);
    expect(snippet.highlights.map(([a, b]) => snippet.text.slice(a, b))).toEqual(['needle']);
  });

  it('reads at most 1 MB of messages for the snippets of one search; the rest still open at the match', () => {
    const store = loadStore();
    // Six replies of 300 KB: parsing and reading each as shown costs tens of milliseconds.
    for (let i = 0; i < 6; i++) write(store, (m) => m.appendMessage(assistant(`needle ${'lorem ipsum '.repeat(25_000)}`)));
    while (store.textIndex.step(1000));
    const found = store.search('needle');
    expect(found).toHaveLength(6);
    expect(found.every((hit) => hit.match?.entryId)).toBe(true);
    expect(found.filter((hit) => hit.match?.snippet)).toHaveLength(3);
  });
});

describe('keeping the index current', () => {
  it('indexes each message as the store syncs the open session, reading only what was appended', () => {
    let bytesRead = 0;
    const fs = seamWith({
      readSync: (fd, buffer, offset, length, position) => {
        const n = realFs.readSync(fd, buffer, offset, length, position);
        bytesRead += n;
        return n;
      },
    });
    const store = SessionStore.load(sessionsDir(), { fs });
    const manager = store.create();
    manager.appendMessage(user('first words'));
    store.sync(manager);
    expect(ids(store, 'first')).toEqual([manager.getSessionId()]);

    for (let i = 0; i < 20; i++) manager.appendMessage(assistant(`reply number ${i} ${'padding '.repeat(100)}`));
    store.sync(manager);
    const before = statSync(manager.getSessionFile()).size;
    manager.appendMessage(assistant('a reply about walruses'));
    bytesRead = 0;
    store.sync(manager);
    expect(bytesRead).toBe(statSync(manager.getSessionFile()).size - before);
    expect(ids(store, 'walrus')).toEqual([manager.getSessionId()]);
    expect(store.search('walrus')[0]?.match?.entryId).toBe(manager.getEntries().at(-1)!.id);
    manager.close();
  });

  it('follows renames and deletes', () => {
    const store = loadIndexed();
    const a = write(store, (m) => m.appendMessage(user('penguins in the snow')));
    store.rename(a.getSessionId(), 'Birds');
    expect(store.search('penguins')).toMatchObject([{ id: a.getSessionId(), title: 'Birds' }]);
    store.delete(a.getSessionId());
    expect(ids(store, 'penguins')).toEqual([]);
  });

  it('saves to a file and loads it back without reading any session file', () => {
    const store = loadIndexed();
    const a = write(store, (m) => m.appendMessage(assistant('persistent platypus')));
    store.textIndex.save();
    expect(existsSync(searchFile())).toBe(true);

    const fs = seamWith({});
    const again = SessionStore.load(sessionsDir(), { fs });
    const opened = fs.calls.openSync ?? 0;
    expect(again.textIndex.progress).toBeNull(); // nothing to read
    expect(again.search('platypus').map((s) => s.id)).toEqual([a.getSessionId()]);
    // The snippet is the one line read, by its offset.
    expect((fs.calls.openSync ?? 0) - opened).toBe(1);
  });

  it('after a crash (saved index behind the files) reads only the lines appended since', () => {
    const store = loadIndexed();
    const m = store.create();
    m.appendMessage(user('early elephant'));
    store.sync(m);
    store.textIndex.save();
    m.appendMessage(assistant('later lemur'));
    m.close(); // the index is not saved again: as after kill -9

    const again = loadStore();
    expect(again.textIndex.progress).toEqual({ indexed: 0, total: 1 });
    expect(ids(again, 'lemur')).toEqual([]); // not read yet
    while (again.textIndex.step(1000));
    expect(ids(again, 'lemur')).toEqual([m.getSessionId()]);
    expect(ids(again, 'elephant')).toEqual([m.getSessionId()]);
  });

  it('rebuilds from the files when the index file is missing, damaged or of another version', () => {
    const store = loadIndexed();
    const a = write(store, (m) => m.appendMessage(assistant('resilient raccoon')));
    store.textIndex.save();
    const good = readFileSync(searchFile());

    const damaged = Buffer.from(good);
    damaged[damaged.length - 3] = damaged[damaged.length - 3]! ^ 0xff;
    for (const bytes of [damaged, good.subarray(0, good.length - 8), Buffer.from('not an index'), null]) {
      if (bytes) writeFileSync(searchFile(), bytes);
      else rmSync(searchFile());
      const again = loadStore();
      expect(again.textIndex.progress?.total).toBe(1);
      expect(ids(again, 'raccoon')).toEqual([]);
      while (again.textIndex.step(1000));
      expect(ids(again, 'raccoon')).toEqual([a.getSessionId()]);
    }
  });

  it('re-reads a file that shrank or was replaced, and forgets one that is gone', () => {
    const store = loadIndexed();
    const a = write(store, (m) => {
      m.appendMessage(user('alpha words'));
      m.appendMessage(assistant('omega words'));
    });
    const b = write(store, (m) => m.appendMessage(user('bravo words')));
    store.textIndex.save();

    const file = a.getSessionFile();
    const lines = readFileSync(file, 'utf8').split('\n');
    truncateSync(file, Buffer.byteLength(lines.slice(0, 2).join('\n') + '\n'));
    rmSync(b.getSessionFile());

    const again = loadIndexed();
    expect(ids(again, 'alpha')).toEqual([a.getSessionId()]);
    expect(ids(again, 'omega')).toEqual([]);
    expect(ids(again, 'bravo')).toEqual([]);
  });

  it('indexes a big file a slice at a time, saying how far it got', () => {
    const store = loadStore();
    const m = store.create();
    for (let i = 0; i < 400; i++) m.appendMessage(assistant(`${'word '.repeat(400)} marker${i}`));
    m.close();
    const again = loadStore();
    expect(again.textIndex.progress).toEqual({ indexed: 0, total: 1 });
    let steps = 0;
    while (again.textIndex.step(0)) steps++;
    expect(steps).toBeGreaterThan(1);
    expect(ids(again, 'marker399')).toEqual([m.getSessionId()]);
    expect(again.search('marker0')[0]?.match?.entryId).toBe(m.getEntries()[0]!.id);
  });

  it('skips a torn last line until it is complete', () => {
    const store = loadIndexed();
    const m = write(store, (mm) => mm.appendMessage(user('whole line')));
    const file = m.getSessionFile();
    writeFileSync(file, readFileSync(file, 'utf8') + '{"type":"message","id":"torn","parentId":null,"timestamp":"x","message":{"role":"user","content":[{"type":"text","text":"tornword', { flag: 'w' });
    const again = loadIndexed();
    expect(ids(again, 'whole')).toEqual([m.getSessionId()]);
    expect(ids(again, 'tornword')).toEqual([]);
    expect(again.textIndex.isCurrent(basename(file))).toBe(true);
  });
});
