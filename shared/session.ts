// Domain types of the session store (SPEC §2). Everything here is inferred from zod schemas.
import { z } from 'zod';
import { HANDOFF_ORIGIN, IMPORT_ORIGIN } from './sessionFormat';

/**
 * Where a sentence of a reply comes from (a web search result, a fetched page, a document), exactly as
 * the API gave it: kept and sent back unchanged (SPEC §3 "Claude's server tools").
 */
export const Citation = z.record(z.string(), z.unknown());
export type Citation = z.infer<typeof Citation>;
export const TextBlock = z.object({ type: z.literal('text'), text: z.string(), citations: z.array(Citation).optional() });
export const ToolUseBlock = z.object({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.unknown(),
});
/** Claude's reasoning, kept verbatim with its signature: the API wants it back unchanged (SPEC §3 "Thinking"). */
export const ThinkingBlock = z.object({ type: z.literal('thinking'), thinking: z.string(), signature: z.string() });
export const RedactedThinkingBlock = z.object({ type: z.literal('redacted_thinking'), data: z.string() });
/**
 * A block of a type Baton does not model (a server tool's call or result, a type newer than Baton): kept
 * verbatim in `block` and sent back as it came.
 */
export const RawBlock = z.object({ type: z.literal('raw'), block: z.record(z.string(), z.unknown()) });
/** The image types the Messages API takes (SPEC §5 "Attachments"). */
export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const PDF_MEDIA_TYPE = 'application/pdf';
/** A text or code file (.txt, .csv, .md, .json, source…), told by its content: sent as a plain-text document. */
export const TEXT_MEDIA_TYPE = 'text/plain';
/**
 * An attached image, PDF or text file, inline exactly as the API takes it (`source`: base64, or for a
 * text file the text itself), so a reopened session still shows it; `name` is the file's name, for the
 * chat and the handoff prompt (and the document's title in the request).
 */
export const ImageBlock = z.object({
  type: z.literal('image'),
  source: z.object({ type: z.literal('base64'), media_type: z.enum(IMAGE_MEDIA_TYPES), data: z.string() }),
  name: z.string(),
});
export const DocumentBlock = z.object({
  type: z.literal('document'),
  source: z.discriminatedUnion('type', [
    z.object({ type: z.literal('base64'), media_type: z.literal(PDF_MEDIA_TYPE), data: z.string() }),
    z.object({ type: z.literal('text'), media_type: z.literal(TEXT_MEDIA_TYPE), data: z.string() }),
  ]),
  name: z.string(),
});
export type ImageBlock = z.infer<typeof ImageBlock>;
/**
 * What a tool result carries: plain text, or text and image blocks (a tool's own pictures, such as a
 * screenshot), as the API's tool_result takes them.
 */
export const ToolResultContent = z.union([z.string(), z.array(z.discriminatedUnion('type', [TextBlock, ImageBlock]))]);
export type ToolResultContent = z.infer<typeof ToolResultContent>;
export const ToolResultBlock = z.object({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: ToolResultContent,
  is_error: z.boolean().optional(),
});
export type DocumentBlock = z.infer<typeof DocumentBlock>;
export type AttachmentBlock = ImageBlock | DocumentBlock;
export const ContentBlock = z.discriminatedUnion('type', [
  TextBlock,
  ImageBlock,
  DocumentBlock,
  ToolUseBlock,
  ToolResultBlock,
  ThinkingBlock,
  RedactedThinkingBlock,
  RawBlock,
]);
export type ContentBlock = z.infer<typeof ContentBlock>;

export const Usage = z.object({
  /** The whole prompt, cached parts included: what the context meter measures. */
  input_tokens: z.number(),
  output_tokens: z.number(),
  /** The part of input_tokens read from the prompt cache (billed at the cache-read rate). */
  cache_read_input_tokens: z.number().optional(),
  /** The part of input_tokens written to the prompt cache. */
  cache_creation_input_tokens: z.number().optional(),
});
export type Usage = z.infer<typeof Usage>;

/** A user, assistant or tool-result message (tool results are user-role messages, as the API wants). */
export const AgentMessage = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.array(ContentBlock),
  model: z.string().optional(),
  stopReason: z.string().nullable().optional(),
  usage: Usage.optional(),
  /** The user stopped the run; the partial text is kept. */
  aborted: z.boolean().optional(),
  /** The run failed after this message started; the partial text is kept. */
  errorMessage: z.string().optional(),
  /** A refusal's own words, when the API gave them (`stop_details.explanation`). */
  stopExplanation: z.string().optional(),
  /**
   * Why Baton sent it. `handoff`: part of a handoff exchange, kept on disk but never sent to the model
   * again. `continue`: the Continue action after a reply was cut off.
   */
  purpose: z.enum(['handoff', 'continue']).optional(),
  /** A tool-results message: how long each call ran, in ms, by its tool_use id (shown on its row). */
  toolDurations: z.record(z.string(), z.number().nonnegative()).optional(),
});
export type AgentMessage = z.infer<typeof AgentMessage>;

export const SessionOrigin = z.enum([HANDOFF_ORIGIN, IMPORT_ORIGIN]);
export type SessionOrigin = z.infer<typeof SessionOrigin>;

/** The session files Import session reads (SPEC §5): Baton's own, pi / oh-my-pi's, Claude Code's. */
export const ImportFormat = z.enum(['baton', 'pi', 'claude-code']);
export type ImportFormat = z.infer<typeof ImportFormat>;

/** Where an imported session came from; the file itself is left as it was. */
export const ImportedFrom = z.object({
  format: ImportFormat,
  fileName: z.string(),
  /** Lines of the file that held something Baton could not take over (not counted: pure bookkeeping). */
  skippedLines: z.number().int().nonnegative(),
});
export type ImportedFrom = z.infer<typeof ImportedFrom>;

export const SessionHeader = z.object({
  type: z.literal('session'),
  version: z.number().int(),
  id: z.string().min(1),
  timestamp: z.string(),
  title: z.string().optional(),
  parentSession: z.string().optional(),
  origin: SessionOrigin.optional(),
  /** Set with `origin: "import"`. */
  importedFrom: ImportedFrom.optional(),
});
export type SessionHeader = z.infer<typeof SessionHeader>;

const entryBase = { id: z.string().min(1), parentId: z.string().nullable(), timestamp: z.string() };

export const MessageEntry = z.object({ ...entryBase, type: z.literal('message'), message: AgentMessage });
export const CustomMessageEntry = z.object({
  ...entryBase,
  type: z.literal('custom_message'),
  customType: z.string(),
  content: z.string(),
  display: z.boolean(),
  details: z.unknown().optional(),
});
/**
 * The `details` of the handoff custom_message: where the session came from and what the handoff saved
 * (context in tokens before and after). Every field is optional: older sessions lack some.
 */
export const HandoffDetails = z.object({
  parentSession: z.string().optional(),
  contextBefore: z.number().optional(),
  contextAfter: z.number().optional(),
  trimmedMessages: z.number().optional(),
  /** The carry-over check (SPEC §4.3): of `total` items that had to survive, `kept` are in the document. */
  carriedOver: z.object({ kept: z.number().int(), total: z.number().int() }).optional(),
  /** Sources (SPEC §4.3): the document's `[#n]` → the id of that message's entry in the parent session. */
  sources: z.record(z.string(), z.string()).optional(),
  /** Progress items marked done (`- [x]`) that cite no message. */
  unverified: z.array(z.string()).optional(),
});
export type HandoffDetails = z.infer<typeof HandoffDetails>;
export const ModelChangeEntry = z.object({ ...entryBase, type: z.literal('model_change'), model: z.string() });
/** The most custom instructions hold (SPEC §5): about 5,000 tokens, sent with every request. */
export const INSTRUCTIONS_MAX = 20_000;
/**
 * Bookkeeping about the session, last one wins per field. `title`: a rename, or with `autoTitle` a title
 * Claude wrote (a rename always wins over it). `instructions`: the session's own custom instructions,
 * used instead of the Settings' ones ('' for none); null goes back to the Settings'.
 */
export const SessionInfoEntry = z.object({
  ...entryBase,
  type: z.literal('session_info'),
  title: z.string().optional(),
  autoTitle: z.literal(true).optional(),
  instructions: z.string().max(INSTRUCTIONS_MAX).nullable().optional(),
});
/** How a handoff ended, in the session it was started from (SPEC §4.2 "A handoff exchange never reaches the model again"). */
export const HandoffOutcome = z.enum(['done', 'cancelled', 'failed']);
export type HandoffOutcome = z.infer<typeof HandoffOutcome>;
export const HandoffOutcomeEntry = z.object({
  ...entryBase,
  type: z.literal('handoff_outcome'),
  outcome: HandoffOutcome,
  /** failed: what went wrong. */
  message: z.string().optional(),
  /** done: the session it continued in. */
  childSession: z.string().optional(),
  childTitle: z.string().optional(),
  /** done: the document as it was handed off. */
  document: z.string().optional(),
});
/**
 * The user switched the branch shown to the one through `parentId` (another version of a message). It
 * carries nothing else: being the last entry in file order is what makes that branch the one shown again
 * when the session is reopened. Bookkeeping, never context.
 */
export const BranchSwitchEntry = z.object({ ...entryBase, type: z.literal('branch_switch') });
/**
 * Pin for handoff (SPEC §4.3): the message `entryId` is pinned (or, `pinned: false`, unpinned); the
 * last pin entry for a message wins. Bookkeeping, never context.
 */
export const PinEntry = z.object({ ...entryBase, type: z.literal('pin'), entryId: z.string().min(1), pinned: z.boolean() });
/** What must survive a handoff (SPEC §4.3 "Carry-over check"): one item, and whether the document has it. */
export const CarryOverKind = z.enum(['request', 'todo', 'attachment', 'pin', 'identifier']);
export type CarryOverKind = z.infer<typeof CarryOverKind>;
export const CarryOverItem = z.object({
  id: z.string(),
  kind: CarryOverKind,
  text: z.string(),
  /** The model's document already holds it (a pin never counts as held: it is appended word for word). */
  inDocument: z.boolean(),
});
export type CarryOverItem = z.infer<typeof CarryOverItem>;
/** What changed since the previous document of a chain (SPEC §4.3 "Chains"): whole lines. */
export const DocumentChanges = z.object({ added: z.array(z.string()), removed: z.array(z.string()) });
export type DocumentChanges = z.infer<typeof DocumentChanges>;
/** A handoff document waiting for review, as kept with its session so a reopen shows it again. */
export const HandoffDraft = z.object({
  document: z.string(),
  missingSections: z.array(z.string()),
  trimmedMessages: z.number().int(),
  /** The reply hit its output limit: the document is incomplete. */
  cutOff: z.boolean().optional(),
  carryOver: z.array(CarryOverItem),
  sources: z.record(z.string(), z.string()),
  unverified: z.array(z.string()),
  changes: DocumentChanges.optional(),
  contextBefore: z.number(),
});
export type HandoffDraft = z.infer<typeof HandoffDraft>;
/**
 * Review first (SPEC §4.2, §4.3): a document waiting for review, with `draft`; without it, the review
 * ended (discarded). A draft is still waiting only while its entry is the branch's last one, but for
 * entries that change nothing of the conversation (a title, a pin).
 */
export const HandoffDraftEntry = z.object({ ...entryBase, type: z.literal('handoff_draft'), draft: HandoffDraft.optional() });
export const SessionEntry = z.discriminatedUnion('type', [
  MessageEntry,
  CustomMessageEntry,
  ModelChangeEntry,
  SessionInfoEntry,
  HandoffOutcomeEntry,
  BranchSwitchEntry,
  PinEntry,
  HandoffDraftEntry,
]);
export type PinEntry = z.infer<typeof PinEntry>;
export type HandoffDraftEntry = z.infer<typeof HandoffDraftEntry>;
export type MessageEntry = z.infer<typeof MessageEntry>;
export type HandoffOutcomeEntry = z.infer<typeof HandoffOutcomeEntry>;
export type CustomMessageEntry = z.infer<typeof CustomMessageEntry>;
export type BranchSwitchEntry = z.infer<typeof BranchSwitchEntry>;
export type SessionEntry = z.infer<typeof SessionEntry>;

/** One row of the history sidebar, derived from the session files (SPEC §2 "History listing"). */
export const SessionSummary = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  messageCount: z.number().int(),
  parentSession: z.string().optional(),
  origin: SessionOrigin.optional(),
  /** Set when the file could not be read as a session at all (bad header, not JSON, empty). */
  unreadable: z.string().optional(),
  /**
   * Set for a sync tool's copy of another session (a conflict copy): the words the tool added to the
   * file name, e.g. "Host's conflicted copy 2026-01-01". Its `id` is its own, not the original's.
   */
  copy: z.string().optional(),
});
export type SessionSummary = z.infer<typeof SessionSummary>;

export const TodoItem = z.object({
  content: z.string(),
  status: z.enum(['pending', 'in_progress', 'completed']),
});
export type TodoItem = z.infer<typeof TodoItem>;
