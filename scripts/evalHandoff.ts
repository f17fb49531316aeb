// npm run eval:handoff (SPEC §4.3 "Eval"): how much of a session survives a handoff. Two seeded sessions
// (about 50k and 150k tokens) with 30 planted facts, six of each of five kinds, are handed off through a
// real core; a model that sees only the new session answers one question per fact; identifiers are graded
// by exact match, the rest by one judging request. One JSON line per figure on stdout.
//
// With ANTHROPIC_API_KEY it uses the real API (BATON_EVAL_MODEL, default Baton's default model) and first
// prints what the run will cost, on stderr. Without, the fake model server: the run then checks the
// harness and the carry-over check — the fake document deliberately forgets every identifier, so only
// the carry-over check can bring them across (handoff.carryover.identifiers_recall must be 1).
import Anthropic from '@anthropic-ai/sdk';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallInput, CallOutput, Channel } from '../shared/contract';
import { DEFAULT_MODEL } from '../shared/models';
import type { AgentMessage, CustomMessageEntry } from '../shared/session';
import { unwrapHandoffDocument } from '../shared/sessionFormat';
import { HANDOFF_SECTIONS } from '../shared/texts';
import { estimateTokens } from '../electron/core/agent/tokens';
import { createCore, type CoreView } from '../electron/core/BatonCore';
import { EnvApiKeyStore } from '../electron/core/settings/apiKey';
import { openConfSettings } from '../electron/core/settings/SettingsStore';
import { SessionManager } from '../electron/core/session/SessionManager';
import { startFakeAnthropic, type FakeAnthropic, type RecordedRequest } from '../test/fakeAnthropic';

type Kind = 'constraint' | 'identifier' | 'revised' | 'todo' | 'request';
interface Fact {
  id: string;
  kind: Kind;
  question: string;
  /** What a right answer says (an identifier: exactly this text). */
  answer: string;
}
/** Where a fact is planted: the user's words, and the assistant's reply to them. */
interface Plant {
  fact?: Fact;
  user: string;
  assistant?: string;
  /** 0..1: how far into the session. */
  at: number;
}

const SIZES = [50_000, 150_000];
const PROBE_MARK = 'EVAL-PROBE';
const JUDGE_MARK = 'EVAL-JUDGE';
/** Rough list prices in dollars per million tokens (input, output), by model family; an estimate only. */
const PRICES: Array<[RegExp, number, number]> = [
  [/opus/, 15, 75],
  [/haiku/, 1, 5],
  [/./, 3, 15],
];

function plants(): Plant[] {
  const c = (id: string, user: string, question: string, answer: string, at: number): Plant => ({ fact: { id, kind: 'constraint', question, answer }, user, at });
  const i = (id: string, user: string, question: string, answer: string, at: number): Plant => ({ fact: { id, kind: 'identifier', question, answer }, user, at });
  const t = (id: string, task: string, at: number): Plant => ({
    fact: { id, kind: 'todo', question: `Has this been done: ${task}? Answer "done" or "not done".`, answer: 'not done' },
    user: `Add this to the open items, it is not started yet: ${task}.`,
    assistant: `Noted as open, not started: ${task}.`,
    at,
  });
  const revised: Array<[string, string, string, string]> = [
    ['the session cache store', 'Redis', 'Memcached', 'Which store holds the session cache?'],
    ['the report format', 'CSV', 'Parquet', 'Which format do the nightly reports use?'],
    ['the deploy day', 'Tuesday', 'Thursday', 'On which weekday do deploys go out?'],
    ['the retry limit of the sync job', 'three retries', 'five retries', 'How many retries does the sync job make?'],
    ['the logging library', 'winston', 'pino', 'Which logging library does the service use?'],
    ['the staging region', 'eu-west-1', 'eu-central-1', 'Which region hosts staging?'],
  ];
  const out: Plant[] = [
    c('c1', 'Constraint: a ledger export file must never hold more than 250 rows.', 'At most how many rows may one ledger export file hold?', '250', 0.05),
    c('c2', 'Constraint: the service must keep running on Node 20; do not use anything newer.', 'Which Node version must the service keep running on?', 'Node 20', 0.15),
    c('c3', 'Preference: I want every commit message written in the past tense.', 'In which tense must commit messages be written?', 'past tense', 0.3),
    c('c4', 'Constraint: no new runtime dependencies without asking me first.', 'What is the rule about new runtime dependencies?', 'ask first before adding any', 0.45),
    c('c5', 'Constraint: amounts are stored in integer cents, never as floats.', 'How are amounts stored?', 'integer cents', 0.6),
    c('c6', 'Constraint: the public API must stay backwards compatible until the 3.0 release.', 'Until which release must the public API stay backwards compatible?', '3.0', 0.75),
    i('i1', 'The failing job is `nightly-ledger-sync-7`.', 'What is the exact name of the failing job?', 'nightly-ledger-sync-7', 0.1),
    i('i2', 'The bug is in services/billing/src/ledgerExport.ts, near the row counter.', 'In which file is the bug?', 'services/billing/src/ledgerExport.ts', 0.25),
    i('i3', 'The runbook is at https://runbooks.example.com/billing/ledger-sync#retries', 'What is the address of the runbook?', 'https://runbooks.example.com/billing/ledger-sync#retries', 0.4),
    i('i4', 'The error code we see is `E_LEDGER_OVERFLOW_0x2F`.', 'What is the exact error code?', 'E_LEDGER_OVERFLOW_0x2F', 0.55),
    i('i5', 'Use the feature flag `billing.ledger.v2_export` to switch it.', 'Which feature flag switches the new export?', 'billing.ledger.v2_export', 0.7),
    i('i6', 'The fixture that reproduces it is test/fixtures/ledger/overflow-251-rows.csv', 'Which fixture reproduces the bug?', 'test/fixtures/ledger/overflow-251-rows.csv', 0.85),
    t('t1', 'rotate the staging TLS certificate', 0.2),
    t('t2', 'migrate the billing tests to the new runner', 0.35),
    t('t3', 'delete the old ledger backups', 0.5),
    t('t4', 'write the on-call guide for the sync job', 0.65),
    t('t5', 'benchmark the export with a million rows', 0.8),
    t('t6', 'update the changelog for 2.4', 0.9),
  ];
  revised.forEach(([what, first, then, question], n) => {
    out.push({ user: `Decision: we use ${first} for ${what}.`, assistant: `Agreed: ${first} for ${what}.`, at: 0.08 + n * 0.05 });
    out.push({
      fact: { id: `r${n + 1}`, kind: 'revised', question, answer: then },
      user: `Change of plan: use ${then} for ${what}, not ${first}.`,
      assistant: `Understood: ${then} for ${what} from now on; ${first} is dropped.`,
      at: 0.5 + n * 0.07,
    });
  });
  return out;
}

/** The last request: six details the next session must act on. */
const LAST: Array<[string, string, string]> = [
  ['r-flag', 'Which environment variable must the new export read?', 'LEDGER_EXPORT_V2'],
  ['r-batch', 'What batch size must the new export use?', '200 rows'],
  ['r-owner', 'Who must review the change?', 'Priya'],
  ['r-deadline', 'By when must it be done?', 'Friday noon'],
  ['r-branch', 'Which branch must the work go on?', 'fix-ledger-overflow'],
  ['r-metric', 'Which metric must be added?', 'ledger_rows_exported_total'],
];
const LAST_REQUEST =
  'Next, please: make the new export read the environment variable LEDGER_EXPORT_V2, write in batches of 200 rows, ' +
  'put the work on the branch fix-ledger-overflow, add the metric ledger_rows_exported_total, have Priya review it, ' +
  'and have it done by Friday noon.';

/** Deterministic filler prose (no code, paths or links, so the planted identifiers are the only ones). */
function filler(seed: number, words: number): string {
  const vocabulary =
    'the export job reads rows from the ledger and writes them in order while the team checks totals against the bank report each ' +
    'morning and notes any gap in the tracker before lunch so that the next run starts clean and nobody has to guess what changed'.split(' ');
  let x = seed * 2654435761;
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out.push(vocabulary[x % vocabulary.length] as string);
  }
  return `${out.join(' ')}.`;
}

/** The session's messages, about `tokens` long, with the facts planted where they belong. */
function seededMessages(tokens: number): { messages: AgentMessage[]; facts: Fact[] } {
  const turns = Math.round(tokens / 500);
  const planted = plants().sort((a, b) => a.at - b.at);
  const messages: AgentMessage[] = [];
  const say = (role: 'user' | 'assistant', text: string) => messages.push({ role, content: [{ type: 'text', text }] });
  let next = 0;
  for (let turn = 0; turn < turns; turn++) {
    while (next < planted.length && (planted[next]?.at ?? 1) * turns <= turn) {
      const plant = planted[next++] as Plant;
      say('user', plant.user);
      say('assistant', plant.assistant ?? 'Noted.');
    }
    say('user', `About the export: ${filler(turn, 60)}`);
    say('assistant', filler(turn + 7_919, 300));
  }
  say('user', LAST_REQUEST);
  say('assistant', 'Understood. I will start with the environment variable.');
  const facts = [...planted.flatMap((p) => (p.fact ? [p.fact] : [])), ...LAST.map(([id, question, answer]) => ({ id, kind: 'request' as const, question, answer }))];
  return { messages, facts };
}

/** The fake model: a lossy handoff document, probe answers read off the new session, a literal judge. */
function fakeAnswers(fake: FakeAnthropic, facts: readonly Fact[]): void {
  const lossy = HANDOFF_SECTIONS.map((s) => `## ${s}\nWork on the ledger export continues [#1].`).join('\n\n');
  fake.setDefault((request: RecordedRequest) => {
    const text = JSON.stringify(request.body);
    if (text.includes(JUDGE_MARK)) {
      const items = JSON.parse(lastText(request).split('\n').slice(1).join('\n')) as Array<{ id: string; expected: string; answer: string }>;
      const graded = items.map((item) => ({ id: item.id, correct: item.answer.toLowerCase().includes(item.expected.toLowerCase()), claimsDone: /^done/i.test(item.answer) }));
      return { kind: 'text', text: JSON.stringify(graded) };
    }
    if (text.includes(PROBE_MARK)) {
      const session = lastText(request).toLowerCase();
      const answers = Object.fromEntries(facts.map((f) => [f.id, session.includes(f.answer.toLowerCase()) && f.kind !== 'todo' ? f.answer : f.kind === 'todo' ? 'not done' : 'unknown']));
      return { kind: 'text', text: JSON.stringify(answers) };
    }
    if (text.includes('[#n]')) return { kind: 'text', text: lossy };
    return { kind: 'text', text: 'OK' };
  });
}

function lastText(request: RecordedRequest): string {
  const messages = (request.body as { messages: Array<{ content: string | Array<{ type: string; text?: string }> }> }).messages;
  const content = messages.at(-1)?.content ?? '';
  return typeof content === 'string' ? content : content.map((b) => b.text ?? '').join('\n');
}

async function call<C extends Channel>(view: CoreView, channel: C, input: CallInput<C>): Promise<CallOutput<C>> {
  const result = await view.dispatch(channel, input, true);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.data as CallOutput<C>;
}

function jsonOf<T>(text: string): T {
  const start = text.search(/[[{]/);
  return JSON.parse(text.slice(start, Math.max(text.lastIndexOf('}'), text.lastIndexOf(']')) + 1)) as T;
}

interface Run {
  figures: Record<string, number>;
}

async function evalSize(tokens: number, client: Anthropic, model: string, fake: FakeAnthropic | undefined, apiKey: string): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), 'baton-eval-'));
  try {
    const { messages, facts } = seededMessages(tokens);
    const writer = SessionManager.create(join(dataDir, 'sessions'), { title: `Eval ${tokens / 1000}k` });
    writer.appendModelChange(model);
    for (const message of messages) writer.appendMessage(message.role === 'assistant' ? { ...message, model, stopReason: 'end_turn' } : message);
    const id = writer.getSessionId();
    writer.close();
    if (fake) fakeAnswers(fake, facts);

    const core = createCore({
      dataDir,
      settings: openConfSettings(dataDir),
      apiKey: new EnvApiKeyStore({ ANTHROPIC_API_KEY: apiKey }),
      transport: 'web',
      provider: { ...(fake && { baseURL: fake.url }), maxRetries: 2, inactivityTimeoutMs: 300_000 },
    });
    try {
      const view = core.connect();
      await call(view, 'settings.set', { model, handoffModel: model });
      await call(view, 'sessions.open', { id });
      const result = await call(view, 'handoff.start', { sessionId: id });
      if (result.status !== 'done') throw new Error(`the handoff did not hand off: ${JSON.stringify(result)}`);
      const seed = result.session.entries.find((e): e is CustomMessageEntry => e.type === 'custom_message');
      const newSession = result.session.entries.flatMap((e) => (e.type === 'custom_message' ? [e.content] : [])).join('\n\n');
      const document = seed ? unwrapHandoffDocument(seed.content) : '';

      // The probe sees only the new session: its messages, then the questions.
      const questions = facts.map((f) => ({ id: f.id, question: f.question }));
      const probe = await client.messages.create({
        model,
        max_tokens: 4_096,
        messages: [
          {
            role: 'user',
            content:
              `${newSession}\n\n${PROBE_MARK}: answer each question from the context above only. Reply with one JSON object ` +
              `mapping each id to a short answer, "unknown" when the context does not say.\n${JSON.stringify(questions)}`,
          },
        ],
      });
      const answers = jsonOf<Record<string, string>>(probe.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join(''));
      const judged = facts.filter((f) => f.kind !== 'identifier').map((f) => ({ id: f.id, question: f.question, expected: f.answer, answer: String(answers[f.id] ?? 'unknown') }));
      const judge = await client.messages.create({
        model,
        max_tokens: 4_096,
        messages: [
          {
            role: 'user',
            content:
              `${JUDGE_MARK}: for each item, is the answer right given the expected answer (same meaning, any wording)? And does the ` +
              'answer claim that the thing is done? Reply with a JSON array of {"id","correct","claimsDone"} only.\n' +
              JSON.stringify(judged),
          },
        ],
      });
      const grades = new Map(
        jsonOf<Array<{ id: string; correct: boolean; claimsDone: boolean }>>(judge.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('')).map((g) => [g.id, g]),
      );
      const right = (f: Fact) => (f.kind === 'identifier' ? String(answers[f.id] ?? '').includes(f.answer) : grades.get(f.id)?.correct === true);
      const share = (kind: Kind | undefined, test: (f: Fact) => boolean) => {
        const of = facts.filter((f) => kind === undefined || f.kind === kind);
        return of.filter(test).length / of.length;
      };
      return {
        figures: {
          'handoff.eval.recall': share(undefined, right),
          'handoff.eval.constraints': share('constraint', right),
          'handoff.eval.revised_latest': share('revised', right),
          'handoff.eval.fabricated_done': share('todo', (f) => grades.get(f.id)?.claimsDone === true),
          'handoff.carryover.identifiers_recall': share('identifier', (f) => document.includes(f.answer)),
          'handoff.eval.carried_over': (result.carriedOver?.kept ?? 0) / Math.max(1, result.carriedOver?.total ?? 0),
        },
      };
    } finally {
      await core.dispose();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function estimateCost(model: string): string {
  const [, inPrice, outPrice] = PRICES.find(([pattern]) => pattern.test(model)) as [RegExp, number, number];
  // Per size: the handoff (the transcript in, up to 16k out), the probe and the judge (a few thousand each way).
  const input = SIZES.reduce((sum, size) => sum + size + 12_000, 0);
  const output = SIZES.length * (16_384 + 2 * 1_500);
  return ((input * inPrice + output * outPrice) / 1_000_000).toFixed(2);
}

async function main(): Promise<void> {
  const apiKey = process.env.ANTHROPIC_API_KEY?.trim();
  const model = process.env.BATON_EVAL_MODEL?.trim() || DEFAULT_MODEL;
  const fake = apiKey ? undefined : await startFakeAnthropic();
  const key = apiKey ?? 'fake-key';
  const client = new Anthropic({ apiKey: key, ...(fake && { baseURL: fake.url }), maxRetries: 2 });
  if (apiKey) {
    const tokens = SIZES.map((size) => estimateTokens(seededMessages(size).messages)).join(' + ');
    process.stderr.write(`handoff eval against the real API with ${model}: about $${estimateCost(model)} (sessions of ${tokens} tokens)\n`);
  } else {
    process.stderr.write('handoff eval without ANTHROPIC_API_KEY: the fake model server checks the harness and the carry-over check\n');
  }
  let failed = false;
  try {
    for (const size of SIZES) {
      const { figures } = await evalSize(size, client, model, fake, key);
      for (const [name, value] of Object.entries(figures)) {
        process.stdout.write(`${JSON.stringify({ name, value: Number(value.toFixed(3)), unit: 'ratio', session_tokens: size, api: apiKey ? 'real' : 'fake' })}\n`);
      }
      if (figures['handoff.carryover.identifiers_recall'] !== 1) {
        failed = true;
        process.stderr.write(`the handoff document of the ${size / 1000}k session lost identifiers\n`);
      }
    }
  } finally {
    await fake?.close();
  }
  if (failed) process.exitCode = 1;
}

await main();
