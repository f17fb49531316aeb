// The exact texts a user sees (SPEC §4, §5). Tests use them, so they live in one place.

/** The tools whose session files Import session reads, as the user knows them (keys: ImportFormat). */
export const IMPORT_FORMAT_NAMES = { baton: 'Baton', pi: 'pi / oh-my-pi', 'claude-code': 'Claude Code' } as const;
type ImportFormatName = keyof typeof IMPORT_FORMAT_NAMES;
const EXPECTED_FORMATS = 'Baton, pi / oh-my-pi or Claude Code';

export const texts = {
  nothingToHandOff: 'Nothing to hand off (no messages yet)',
  handoffDone: 'New session started with handoff context',
  handoffCancelled: 'Handoff cancelled',
  handoffFailed: (message: string) => `Handoff failed: ${message}`,
  /** The compact row a successful handoff leaves in the session it came from. */
  handedOffTo: (title: string) => `Handed off → ${title}`,
  /** Only a complete document hands off (SPEC §4.2). */
  handoffRefused: 'Claude declined to write a handoff document.',
  handoffCutOff: 'the handoff document was cut off.',
  /** stop_reason in chat (SPEC §3). */
  refusal: 'Claude declined to answer this request.',
  cutOff: 'Cut off',
  contextWindowFull: "The conversation has filled the model's context window. Hand off to continue in a fresh session.",
  unknownStopReason: (reason: string) => `The reply stopped: ${reason}`,
  apiKeyInvalidCharacters: 'The API key contains characters that are not allowed',
  handoffBusy: 'Wait for the current response to finish or stop it before handing off.',
  /** Opening, creating or deleting a session while a reply streams or a handoff runs. */
  busy: 'Wait for the current response to finish or stop it first.',
  unreadableRecords: (n: number) => `${n} records could not be read`,
  continuedFrom: (title: string) => `Continued from ${title}`,
  /** Import session (SPEC §5): where an imported session came from, and why a file was refused. */
  importedFrom: (format: ImportFormatName, fileName: string) => `Imported from ${IMPORT_FORMAT_NAMES[format]}: ${fileName}`,
  importNotJsonLines: (fileName: string) =>
    `${fileName} is not JSON Lines. Import session reads a session file (.jsonl) from ${EXPECTED_FORMATS}.`,
  importUnknownFormat: (fileName: string) =>
    `${fileName} is not a session Baton can import. Expected a session file (.jsonl) from ${EXPECTED_FORMATS}.`,
  importNoMessages: (fileName: string) => `${fileName} holds no messages to import.`,
  importTooLarge: (fileName: string, limitMb: number) => `${fileName} is too large to import (the limit is ${limitMb} MB).`,
  importIncomplete: (fileName: string) => `${fileName} did not arrive whole. Import it again.`,
  importInterrupted: 'The import was interrupted. Import the file again.',
} as const;

export const HANDOFF_SECTIONS = [
  'Goal',
  'Constraints & Preferences',
  'Progress',
  'Key Decisions',
  'Critical Context',
  'Next Steps',
] as const;
