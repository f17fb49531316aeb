// Full-text search budgets (SPEC §8, SPEC §5 "Search"): building the index from 10,000 session files, and
// a warm query over them. The fixture is generated in a temp dir on every run and removed after: words
// drawn with a Zipf-like law from a 30,000-word vocabulary (so some words are in every session and most in
// a few), one session in ten in Thai, Chinese or Japanese, and emoji here and there.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { AgentMessage, SessionEntry, SessionHeader } from '../shared/session';
import { sessionFileName } from '../electron/core/session/fileName';
import { SearchIndex, type FileState } from '../electron/core/search/SearchIndex';
import { SessionStore } from '../electron/core/session/SessionStore';
import { report } from './report';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 10_000);
const VOCABULARY = 30_000;
const gc = exposeGc();
const root = mkdtempSync(join(tmpdir(), 'baton-search-bench-'));
const sessionsDir = join(root, 'sessions');
const searchFile = join(root, 'search-index.bin');
const random = seeded(42);
const vocabulary = makeVocabulary(VOCABULARY);
const UNSPACED = ['東京都の天気は晴れです', '数据库索引的设计', 'วันนี้อากาศดีมากครับ', 'サーバーの設定を確認してください', 'ภาษาไทยไม่มีช่องว่างระหว่างคำ'];
const EMOJI = ['🚀', '🎉', '👍', '🔥', '✅'];

try {
  const bytes = writeFixture();
  benchBuild(bytes);
  benchQueries();
} finally {
  rmSync(root, { recursive: true, force: true });
}

function benchBuild(bytes: number): void {
  const files = sessionFileStates();
  if (files.length !== SESSIONS) throw new Error('fixture is short');
  const times: number[] = [];
  for (let round = 0; round < 3; round++) {
    rmSync(searchFile, { force: true });
    gc();
    const t = performance.now();
    const index = SearchIndex.load(sessionsDir, { indexFile: searchFile });
    index.reconcile(files);
    while (index.step(20));
    index.save();
    times.push(performance.now() - t);
  }
  const loadTimes: number[] = [];
  for (let round = 0; round < 5; round++) {
    gc();
    const t = performance.now();
    const index = SearchIndex.load(sessionsDir, { indexFile: searchFile });
    index.reconcile(files);
    loadTimes.push(performance.now() - t);
    if (index.progress) throw new Error('a fresh snapshot still had work queued');
  }
  report({
    name: 'search.index.build.10k.ms',
    value: median(times),
    unit: 'ms',
    budget: 5000,
    comparedWith:
      `SearchIndex built from nothing over ${SESSIONS.toLocaleString('en')} session files (${mb(bytes)} MB, 4–40 messages each), ` +
      `in 20 ms steps as the app runs it, snapshot saved; median of 3 (${times.map(fmt).join(', ')}). ` +
      `Snapshot ${mb(statSync(searchFile).size)} MB; loading it and reconciling at startup takes ${fmt(median(loadTimes))} ms`,
  });
}

function benchQueries(): void {
  const store = SessionStore.load(sessionsDir, { searchIndexFile: searchFile });
  if (store.textIndex.progress) throw new Error('the index is not complete');
  const queries = [
    vocabulary[0]!, // in nearly every session
    vocabulary[5]!.slice(0, 2), // a short prefix, many terms
    `${vocabulary[3]} ${vocabulary[40]}`, // two common words: thousands of sessions hold both
    `${vocabulary[3]} ${vocabulary[40]} ${vocabulary[7]}`,
    vocabulary[2000]!,
    vocabulary[VOCABULARY - 1]!, // rare
    'zzzzqq', // in no session
    '東京',
    'อากาศ',
    'อากาศ ภาษาไทย', // several words of unspaced scripts, each cut into pieces of its own
    '東京 天気 晴れ',
    '数据库 索引',
    'サーバー 設定',
    '🚀',
  ];
  const results: { query: string; ms: number; hits: number }[] = [];
  for (const query of queries) {
    store.search(query); // warm: the first query of a word builds nothing, but lets the JIT settle
    const times: number[] = [];
    let hits = 0;
    for (let i = 0; i < 15; i++) {
      const t = performance.now();
      hits = store.search(query).length;
      times.push(performance.now() - t);
    }
    results.push({ query, ms: median(times), hits });
  }
  const slowest = results.reduce((a, b) => (b.ms > a.ms ? b : a));
  report({
    name: 'search.fulltext.10k.ms',
    value: slowest.ms,
    unit: 'ms',
    budget: 50,
    comparedWith:
      `SessionStore.search over ${SESSIONS.toLocaleString('en')} sessions (titles + full text, snippets for the first 50 results), ` +
      `the slowest of ${queries.length} queries, median of 15 runs each: ` +
      results.map((r) => `"${r.query}" ${fmt(r.ms)} ms/${r.hits} hits`).join('; '),
  });
}

function writeFixture(): number {
  mkdirSync(sessionsDir, { recursive: true });
  const start = Date.parse('2024-01-01T00:00:00.000Z');
  let bytes = 0;
  for (let i = 0; i < SESSIONS; i++) {
    const id = `s${i.toString().padStart(5, '0')}`;
    const created = start + i * 60_000;
    const text = sessionText(id, 4 + (i % 37), created, i % 10 === 0);
    bytes += Buffer.byteLength(text);
    writeFileSync(join(sessionsDir, sessionFileName(new Date(created).toISOString(), id)), text);
  }
  return bytes;
}

/** The same (file, size, mtime) rows the store hands the index at startup. */
function sessionFileStates(): FileState[] {
  return readdirSync(sessionsDir).map((file) => {
    const stat = statSync(join(sessionsDir, file));
    return { file, size: stat.size, mtimeMs: stat.mtimeMs };
  });
}

function sessionText(id: string, count: number, startMs: number, unspaced: boolean): string {
  const header: SessionHeader = { type: 'session', version: 1, id, timestamp: new Date(startMs).toISOString() };
  const out: string[] = [JSON.stringify(header)];
  let parentId: string | null = null;
  for (let i = 0; i < count; i++) {
    const entryId = `${id}-${i.toString(36)}`;
    const text = unspaced && i % 3 === 1 ? pick(UNSPACED) + pick(UNSPACED) + ' ' + sentence(20) : sentence(i % 2 ? 50 : 25);
    const message: AgentMessage =
      i % 2 === 0
        ? { role: 'user', content: [{ type: 'text', text }] }
        : { role: 'assistant', content: [{ type: 'text', text }], model: 'claude', stopReason: 'end_turn' };
    const entry: SessionEntry = { type: 'message', id: entryId, parentId, timestamp: new Date(startMs + i * 1000).toISOString(), message };
    out.push(JSON.stringify(entry));
    parentId = entryId;
  }
  return `${out.join('\n')}\n`;
}

/** `words` words, Zipf-like (rank r drawn with probability about 1/r), with punctuation and the odd emoji. */
function sentence(words: number): string {
  const parts: string[] = [];
  for (let w = 0; w < words; w++) {
    const rank = Math.floor(Math.exp(random() * Math.log(VOCABULARY))) - 1;
    let word = vocabulary[rank]!;
    if (w === 0) word = word[0]!.toUpperCase() + word.slice(1);
    parts.push(word + (random() < 0.08 ? ',' : ''));
    if (random() < 0.01) parts.push(pick(EMOJI));
  }
  return `${parts.join(' ')}.`;
}

function makeVocabulary(size: number): string[] {
  const syllables = 'ka to ri sen mol da ver ex pan tu lo chi nor bel im gra fis que dor wen sta plu'.split(' ');
  const words = new Set<string>();
  while (words.size < size) {
    const n = 1 + Math.floor(random() * 4);
    let word = '';
    for (let i = 0; i < n; i++) word += pick(syllables);
    words.add(word);
  }
  return [...words];
}

function pick<T>(xs: readonly T[]): T {
  return xs[Math.floor(random() * xs.length)]!;
}

/** mulberry32: a small deterministic generator, so every run measures the same fixture. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Full collections between measured steps: run.ts passes --expose-gc; run directly, turn it on here. */
function exposeGc(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

function fmt(n: number): string {
  return n.toFixed(1);
}

function mb(bytes: number): string {
  return (bytes / 1e6).toFixed(1);
}
