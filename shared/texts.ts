// The exact texts a user sees (SPEC §4, §5). Tests use them, so they live in one place: the catalogs of
// shared/i18n (en.ts the source of truth), read in the current language each time a text is read.
import { t, withPlainTexts } from './i18n';

/** The tools whose session files Import session reads, as the user knows them (keys: ImportFormat). */
export const IMPORT_FORMAT_NAMES = { baton: 'Baton', pi: 'pi / oh-my-pi', 'claude-code': 'Claude Code' } as const;
type ImportFormatName = keyof typeof IMPORT_FORMAT_NAMES;

/** Names a message may start with: they keep their capital where "Handoff failed: " continues the sentence. */
const NAMES = new Set(['Claude', 'Anthropic', 'Baton']);

/**
 * A message as the rest of "Handoff failed: …" (SPEC §4.2: "Handoff failed: the handoff document was cut
 * off."): its first word lowercased, unless it is a name or an acronym (API, ENOSPC), so every failure
 * reads alike whether the core or the API worded it. A script without case (Thai) is left as it is.
 */
function continuing(message: string): string {
  const word = /^[A-Z][a-z]*(?![\p{L}\d])/u.exec(message)?.[0];
  return word && !NAMES.has(word) ? word.toLowerCase() + message.slice(word.length) : message;
}

export const texts = withPlainTexts('texts', {
  handoffFailed: (message: string) => t('texts.handoffFailed', { message: continuing(message) }),
  /** The compact row a successful handoff leaves in the session it came from. */
  handedOffTo: (title: string) => t('texts.handedOffTo', { title }),
  modelChangedTo: (model: string) => t('texts.modelChangedTo', { model }),
  /** A refusal that explains itself: the API's own words follow (a bare one: `handoffRefused`, SPEC §4.2). */
  handoffRefusedBecause: (explanation: string) => t('texts.handoffRefusedBecause', { explanation }),
  /** The configured model is not in the Models API's list for this key (SPEC §3 "Models"). */
  modelReplaced: (from: string, to: string) => t('texts.modelReplaced', { from, to }),
  unknownStopReason: (reason: string) => t('texts.unknownStopReason', { reason }),
  /** Quitting the desktop app while replies or handoffs are still being written. */
  quitWhileRunning: (n: number) => t('texts.quitWhileRunning', { count: n }),
  unreadableRecords: (n: number) => t('texts.unreadableRecords', { count: n }),
  /** A session whose lock was written on another machine (a synced data folder, SPEC §2). */
  sessionOpenOn: (host: string) => t('texts.sessionOpenOn', { host }),
  /** Web mode: the calls a page makes past what its connection may have in flight. */
  tooManyCalls: (max: number) => t('texts.tooManyCalls', { max }),
  sessionReadOnlyElsewhere: (host: string) => t('texts.sessionReadOnlyElsewhere', { host }),
  /** `holder`: who holds the lock, as storage/errors.ts words it. */
  sessionLocked: (file: string, holder: string) => t('texts.sessionLocked', { file, holder }),
  continuedFrom: (title: string) => t('texts.continuedFrom', { title }),
  /** Import session (SPEC §5): where an imported session came from, and why a file was refused. */
  importedFrom: (format: ImportFormatName, fileName: string) => t('texts.importedFrom', { format: IMPORT_FORMAT_NAMES[format], fileName }),
  importNotJsonLines: (fileName: string) => t('texts.importNotJsonLines', { fileName, formats: t('texts.importExpectedFormats') }),
  importUnknownFormat: (fileName: string) => t('texts.importUnknownFormat', { fileName, formats: t('texts.importExpectedFormats') }),
  importNoMessages: (fileName: string) => t('texts.importNoMessages', { fileName }),
  importTooLarge: (fileName: string, limitMb: number) => t('texts.importTooLarge', { fileName, limitMb }),
  importIncomplete: (fileName: string) => t('texts.importIncomplete', { fileName }),
  /** Attachments (SPEC §5): each refusal names the file and the limit it broke. */
  attachmentType: (name: string) => t('texts.attachmentType', { name }),
  attachmentTooLarge: (name: string, size: string, kind: 'image' | 'PDF' | 'text', limit: string) =>
    t('texts.attachmentTooLarge', { name, size, kind: t(`texts.attachmentKind.${kind}`), limit }),
  attachmentTooManyTokens: (name: string, tokens: number, max: number) => t('texts.attachmentTooManyTokens', { name, tokens, max }),
  attachmentDimensions: (name: string, width: number, height: number, max: number) =>
    t('texts.attachmentDimensions', { name, width, height, max }),
  attachmentManyImages: (name: string, count: number, max: number, culprit: string, width: number, height: number) =>
    t('texts.attachmentManyImages', { name, count, max, culprit, width, height }),
  attachmentPages: (name: string, pages: number, limit: number) => t('texts.attachmentPages', { name, pages, limit }),
  attachmentPagesTotal: (name: string, total: number, limit: number) => t('texts.attachmentPagesTotal', { name, total, limit }),
  attachmentCount: (name: string, limit: number) => t('texts.attachmentCount', { name, limit }),
  attachmentTotal: (name: string, size: string, total: string, limit: string) => t('texts.attachmentTotal', { name, size, total, limit }),
  /** `kind`: one of `mediaKinds`, as a text ("a PDF"). */
  attachmentUnreadable: (name: string, kind: string) => t('texts.attachmentUnreadable', { name, kind }),
  attachmentUncheckable: (name: string, limit: string) => t('texts.attachmentUncheckable', { name, limit }),
  /** A file whose check ran past its time or memory cap (a PDF, a saved file, a session to import). */
  fileUncheckable: (name: string) => t('texts.fileUncheckable', { name }),
  attachmentEncrypted: (name: string) => t('texts.attachmentEncrypted', { name }),
  attachmentIncomplete: (name: string) => t('texts.attachmentIncomplete', { name }),
  attachmentTwice: (name: string) => t('texts.attachmentTwice', { name }),
});

/** The default handoff sections: the handoff prompt's, so never translated (SPEC §4.3). */
export const HANDOFF_SECTIONS = [
  'Goal',
  'Constraints & Preferences',
  'Progress',
  'Key Decisions',
  'Critical Context',
  'Next Steps',
] as const;
