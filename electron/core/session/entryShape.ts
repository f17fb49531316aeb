// Shape checks for parsed records. Full zod on 100,000 entries costs more than the whole open budget, so
// entries are checked by hand here; a property test keeps this in step with the zod schemas in shared/.
import { AgentMessage, HandoffDraft, HandoffOutcome, IMAGE_MEDIA_TYPES, PDF_MEDIA_TYPE, SessionHeader, TEXT_MEDIA_TYPE, type SessionEntry } from '../../../shared/session';

type Obj = Record<string, unknown>;

export function parseHeader(value: unknown): SessionHeader | undefined {
  const result = SessionHeader.safeParse(value);
  return result.success ? result.data : undefined;
}

export function isSessionEntry(value: unknown): value is SessionEntry {
  if (!isObj(value)) return false;
  const { id, parentId, timestamp } = value;
  if (typeof id !== 'string' || id.length === 0) return false;
  if (parentId !== null && typeof parentId !== 'string') return false;
  if (typeof timestamp !== 'string') return false;
  switch (value.type) {
    case 'message':
      return isMessage(value.message);
    case 'custom_message':
      return (
        typeof value.customType === 'string' && typeof value.content === 'string' && typeof value.display === 'boolean'
      );
    case 'model_change':
      return typeof value.model === 'string';
    case 'session_info':
      return (
        optional(value.title, isString) &&
        optional(value.autoTitle, (v) => v === true) &&
        optional(value.instructions, (v) => v === null || isString(v))
      );
    case 'handoff_outcome':
      return (
        OUTCOMES.has(value.outcome) &&
        optional(value.message, isString) &&
        optional(value.childSession, isString) &&
        optional(value.childTitle, isString) &&
        optional(value.document, isString)
      );
    case 'branch_switch':
      return true;
    case 'pin':
      return typeof value.entryId === 'string' && value.entryId.length > 0 && isBoolean(value.pinned);
    case 'handoff_draft':
      // Rare (one per review), so the schema itself checks it.
      return value.draft === undefined || HandoffDraft.safeParse(value.draft).success;
    default:
      return false;
  }
}

const OUTCOMES: ReadonlySet<unknown> = new Set(HandoffOutcome.options);
const PURPOSES: ReadonlySet<unknown> = new Set(AgentMessage.shape.purpose.unwrap().options);

function isMessage(value: unknown): boolean {
  if (!isObj(value)) return false;
  if (value.role !== 'user' && value.role !== 'assistant') return false;
  const { content } = value;
  if (!Array.isArray(content)) return false;
  for (const block of content) if (!isBlock(block)) return false;
  return (
    optional(value.model, isString) &&
    (value.stopReason === null || optional(value.stopReason, isString)) &&
    optional(value.usage, isUsage) &&
    optional(value.aborted, isBoolean) &&
    optional(value.errorMessage, isString) &&
    optional(value.stopExplanation, isString) &&
    (value.purpose === undefined || PURPOSES.has(value.purpose)) &&
    optional(value.toolDurations, (d) => isObj(d) && Object.values(d).every((ms) => typeof ms === 'number' && Number.isFinite(ms) && ms >= 0))
  );
}

function isBlock(value: unknown): boolean {
  if (!isObj(value)) return false;
  switch (value.type) {
    case 'text':
      return typeof value.text === 'string' && optional(value.citations, (c) => Array.isArray(c) && c.every(isObj));
    case 'tool_use':
      // zod's `input: z.unknown()` still requires the key.
      return typeof value.id === 'string' && typeof value.name === 'string' && 'input' in value;
    case 'tool_result':
      return (
        typeof value.tool_use_id === 'string' && isToolResultContent(value.content) && optional(value.is_error, isBoolean)
      );
    case 'thinking':
      return typeof value.thinking === 'string' && typeof value.signature === 'string';
    case 'redacted_thinking':
      return typeof value.data === 'string';
    case 'raw':
      return isObj(value.block);
    case 'image':
      return isBase64Source(value.source, IMAGE_TYPES) && typeof value.name === 'string';
    case 'document':
      return (isBase64Source(value.source, PDF_TYPES) || isTextSource(value.source)) && typeof value.name === 'string';
    default:
      return false;
  }
}

/** A string, or text and image blocks. */
function isToolResultContent(value: unknown): boolean {
  if (typeof value === 'string') return true;
  return Array.isArray(value) && value.every((part) => isObj(part) && (part.type === 'text' || part.type === 'image') && isBlock(part));
}

const IMAGE_TYPES: ReadonlySet<unknown> = new Set(IMAGE_MEDIA_TYPES);
const PDF_TYPES: ReadonlySet<unknown> = new Set([PDF_MEDIA_TYPE]);

function isTextSource(value: unknown): boolean {
  return isObj(value) && value.type === 'text' && value.media_type === TEXT_MEDIA_TYPE && typeof value.data === 'string';
}

function isBase64Source(value: unknown, mediaTypes: ReadonlySet<unknown>): boolean {
  return isObj(value) && value.type === 'base64' && mediaTypes.has(value.media_type) && typeof value.data === 'string';
}

function isUsage(value: unknown): boolean {
  return isObj(value) && isNumber(value.input_tokens) && isNumber(value.output_tokens);
}

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optional(value: unknown, check: (v: unknown) => boolean): boolean {
  return value === undefined || check(value);
}

function isString(value: unknown): boolean {
  return typeof value === 'string';
}

function isBoolean(value: unknown): boolean {
  return typeof value === 'boolean';
}

function isNumber(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value);
}
