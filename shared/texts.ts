// The exact texts a user sees (SPEC §4, §5). Tests use them, so they live in one place.

/** The tools whose session files Import session reads, as the user knows them (keys: ImportFormat). */
export const IMPORT_FORMAT_NAMES = { baton: 'Baton', pi: 'pi / oh-my-pi', 'claude-code': 'Claude Code' } as const;
type ImportFormatName = keyof typeof IMPORT_FORMAT_NAMES;
const EXPECTED_FORMATS = 'Baton, pi / oh-my-pi or Claude Code';

/** Names a message may start with: they keep their capital where "Handoff failed: " continues the sentence. */
const NAMES = new Set(['Claude', 'Anthropic', 'Baton']);

/**
 * A message as the rest of "Handoff failed: …" (SPEC §4.2: "Handoff failed: the handoff document was cut
 * off."): its first word lowercased, unless it is a name or an acronym (API, ENOSPC), so every failure
 * reads alike whether the core or the API worded it.
 */
function continuing(message: string): string {
  const word = /^[A-Z][a-z]*(?![\p{L}\d])/u.exec(message)?.[0];
  return word && !NAMES.has(word) ? word.toLowerCase() + message.slice(word.length) : message;
}

export const texts = {
  nothingToHandOff: 'Nothing to hand off (no messages yet)',
  handoffDone: 'New session started with handoff context',
  handoffCancelled: 'Handoff cancelled',
  handoffFailed: (message: string) => `Handoff failed: ${continuing(message)}`,
  /** The compact row a successful handoff leaves in the session it came from. */
  handedOffTo: (title: string) => `Handed off → ${title}`,
  modelChangedTo: (model: string) => `Model changed to ${model}`,
  /** Only a complete document hands off (SPEC §4.2). */
  handoffRefused: 'Claude declined to write a handoff document.',
  /** A refusal that explains itself: the API's own words follow. */
  handoffRefusedBecause: (explanation: string) => `Claude declined to write a handoff document: ${explanation}`,
  handoffRefusedHint: 'Try again with a focus that leaves out the part Claude declined, or choose another handoff model in Settings.',
  handoffCutOff: 'The handoff document was cut off.',
  /** The carry-over check in review (SPEC §4.3): what the document does not contain. */
  notInDocument: 'Not in the document',
  handoffCutOffHint: 'Review the incomplete document and finish it yourself, or choose a handoff model with more output in Settings.',
  /** stop_reason in chat (SPEC §3). */
  refusal: 'Claude declined to answer this request.',
  /** The configured model is not in the Models API's list for this key (SPEC §3 "Models"). */
  modelReplaced: (from: string, to: string) => `The model ${from} isn't available with this API key, so Baton now uses ${to}.`,
  cutOff: 'Cut off',
  /** pause_turn more often than the run follows (SPEC §3): Continue resumes it. */
  paused: 'Claude paused this long turn.',
  contextWindowFull: "The conversation has filled the model's context window. Hand off to continue in a fresh session.",
  unknownStopReason: (reason: string) => `The reply stopped: ${reason}`,
  apiKeyInvalidCharacters: 'The API key contains characters that are not allowed',
  handoffBusy: 'Wait for the current response to finish or stop it before handing off.',
  /** Editing, regenerating or showing another version while a reply streams in that session. */
  busy: 'Wait for the current response to finish or stop it first.',
  /** A message sent to a session while its handoff document is being written: it stays in the composer. */
  sendDuringHandoff: 'A handoff document is being written for this session. Your message is still in the box: send it once the handoff is done, or cancel the handoff.',
  /** Quitting the desktop app while replies or handoffs are still being written. */
  quitWhileRunning: (n: number) => `${n === 1 ? '1 reply is' : `${n} replies are`} still being written. Quit anyway?`,
  unreadableRecords: (n: number) => `${n} records could not be read`,
  /** A session whose lock was written on another machine (a synced data folder, SPEC §2). */
  sessionOpenOn: (host: string) => `This session is open on ${host}.`,
  sessionReadOnlyElsewhere: (host: string) =>
    `This session is open on ${host}. It can be read here but not changed until it is closed there.`,
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
  /** Attachments (SPEC §5): each refusal names the file and the limit it broke. */
  attachmentType: (name: string) => `${name}: only PNG, JPEG, GIF, WebP images, PDFs and text files (UTF-8) can be attached`,
  attachmentTooLarge: (name: string, size: string, kind: 'image' | 'PDF' | 'text', limit: string) =>
    `${name} is ${size}; the limit for ${kind === 'image' ? 'an image' : kind === 'PDF' ? 'a PDF' : 'a text file'} is ${limit}`,
  attachmentTooManyTokens: (name: string, tokens: number, max: number) =>
    `${name} is about ${tokens.toLocaleString('en')} tokens; a text file may take at most half of the model's context window (${max.toLocaleString('en')} tokens)`,
  attachmentDimensions: (name: string, width: number, height: number, max: number) =>
    `${name} is ${width} × ${height} px; the limit is ${max} × ${max} px`,
  attachmentManyImages: (name: string, count: number, max: number, culprit: string, width: number, height: number) =>
    `${name} would make ${count} images in one request, where each may be at most ${max} × ${max} px, and ${culprit} is ${width} × ${height} px`,
  attachmentPages: (name: string, pages: number, limit: number) => `${name} has ${pages} pages; the limit is ${limit} pages per request`,
  attachmentPagesTotal: (name: string, total: number, limit: number) =>
    `${name} would bring the PDFs of this conversation to ${total} pages; the limit is ${limit} pages per request`,
  attachmentCount: (name: string, limit: number) =>
    `${name}: a request can carry at most ${limit} images and PDFs, and this conversation would have more`,
  attachmentTotal: (name: string, size: string, total: string, limit: string) =>
    `${name} is ${size}; with the files already in this conversation a request would carry ${total} of files; the limit is ${limit}`,
  attachmentUnreadable: (name: string, kind: string) => `${name} could not be read as ${kind}`,
  attachmentUncheckable: (name: string, limit: string) =>
    `${name} could not be checked: its compressed contents expand to more than ${limit}; save it again with another PDF tool, or attach fewer pages`,
  attachmentEncrypted: (name: string) => `${name} is password-protected; only PDFs without a password can be attached`,
  attachmentIncomplete: (name: string) => `${name} did not arrive completely; attach it again`,
  attachmentTwice: (name: string) => `${name} is attached more than once; remove the extra copy`,
  attachmentGone: 'An attached file is no longer ready to send; remove it and attach it again.',
  attachmentWhileBusy: 'Files can be sent once the current reply has finished.',
} as const;

export const HANDOFF_SECTIONS = [
  'Goal',
  'Constraints & Preferences',
  'Progress',
  'Key Decisions',
  'Critical Context',
  'Next Steps',
] as const;
