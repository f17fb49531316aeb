// UI texts that belong to the renderer alone (the catalogs' `ui` group, shared/i18n); the SPEC's exact
// texts are shared/texts.ts. Each is read in the current language when it is read.
import { t, withPlainTexts } from '../../shared/i18n';
import { en } from '../../shared/i18n/en';

/** The settings a percentage field sets, as its refusal names them. */
export type PercentSetting = keyof typeof en.ui.percentSettings;

/** "six" for 6 where the language has a word for it (two to ten), else the digits. */
function numberWord(n: number): string {
  const key = `n${n}`;
  return key in en.ui.numberWords ? t(`ui.numberWords.${key as keyof typeof en.ui.numberWords}`) : String(n);
}

/** A notice's action label, as the store names it, in the current language. */
const NOTICE_ACTIONS = {
  Retry: 'retry',
  'Open settings': 'openSettings',
  Open: 'open',
  'Hand off': 'handOff',
  'Review anyway': 'reviewAnyway',
} as const satisfies Record<string, keyof typeof en.ui.noticeAction>;

export const uiTexts = withPlainTexts('ui', {
  noticeAction: (label: keyof typeof NOTICE_ACTIONS) => t(`ui.noticeAction.${NOTICE_ACTIONS[label]}`),
  retrying: (attempt: number) => t('ui.retrying', { attempt }),
  messageTooLong: (chars: number, limit: number) => t('ui.messageTooLong', { chars, limit }),
  requestTooLarge: (mb: string, limitMb: string) => t('ui.requestTooLarge', { mb, limitMb }),
  serverRefusedTooLarge: (limitMb: string) => t('ui.serverRefusedTooLarge', { limitMb }),
  missingSections: (names: string[]) => t('ui.missingSections', { names: names.join(', ') }),
  trimmed: (n: number) => t('ui.trimmed', { count: n }),
  autoHandoffStarted: (percent: number) => t('ui.autoHandoffStarted', { percent }),
  contextSavings: (before: string, after: string) => t('ui.contextSavings', { before, after }),
  /** The handoff card's one line: its sections, and the context it saved. */
  allSections: (count: number) => (count === 1 ? t('ui.oneSection') : t('ui.allSections', { words: numberWord(count) })),
  missingSectionsShort: (names: string[]) => t('ui.missingSectionsShort', { names: names.join(', ') }),
  cardSavings: (before: string, after: string) => t('ui.cardSavings', { before, after }),
  carriedOver: (kept: number, total: number) => t('ui.carriedOver', { kept, total }),
  citationTitle: (n: string) => t('ui.citationTitle', { n }),
  handoffPromptHint: (placeholder: string) => t('ui.handoffPromptHint', { placeholder }),
  handoffPromptTooLong: (max: number) => t('ui.handoffPromptTooLong', { max }),
  handoffTooManySections: (max: number) => t('ui.handoffTooManySections', { max }),
  handoffSectionUnnamed: (line: number) => t('ui.handoffSectionUnnamed', { line }),
  handoffSectionTooLong: (max: number) => t('ui.handoffSectionTooLong', { max }),
  handoffSectionTwice: (name: string) => t('ui.handoffSectionTwice', { name }),
  pinnedCount: (n: number) => t('ui.pinnedCount', { count: n }),
  changesSince: (added: number, removed: number) => t('ui.changesSince', { count: added, removed }),
  /** Failed or cancelled attempts in a row, one row in the chat. */
  handoffAttempts: (outcome: 'failed' | 'cancelled' | 'mixed', n: number) =>
    t(outcome === 'failed' ? 'ui.handoffAttemptsFailed' : outcome === 'cancelled' ? 'ui.handoffAttemptsCancelled' : 'ui.handoffAttemptsMixed', { n }),
  fileUnreadable: (name: string) => t('ui.fileUnreadable', { name }),
  failed: (message: string) => t('ui.failed', { message }),
  /** Above a ```mermaid block's source when Mermaid could not draw it. */
  diagramNotDrawn: (reason: string) => t('ui.diagramNotDrawn', { reason }),
  handedOffFrom: (title: string) => t('ui.handedOffFrom', { title }),
  handedOffTo: (title: string) => t('ui.handedOffTo', { title }),
  /** Under "Claude declined to answer this request.": the API's own words (stop_details.explanation). */
  refusalExplanation: (explanation: string) => t('ui.refusalExplanation', { explanation }),
  /** A percentage field's range, shown beside it (Settings). */
  percentRange: (min: number, max: number) => t('ui.percentRange', { min, max }),
  /** A percentage out of range is refused with this; `setting` names what keeps its value. */
  percentRefused: (typed: string, min: number, max: number, setting: PercentSetting, kept: number) =>
    t('ui.percentRefused', {
      value: typed.trim() ? t('ui.percentTyped', { typed: typed.trim() }) : t('ui.percentEmpty'),
      min,
      max,
      setting: t(`ui.percentSettings.${setting}`),
      kept,
    }),
  thinkingBudgetInvalid: (min: string, max: string) => t('ui.thinkingBudgetInvalid', { min, max }),
  thinkingBudgetRange: (min: string, max: string) => t('ui.thinkingBudgetRange', { min, max }),
  imported: (messages: number, skipped: number) => {
    const imported = t('ui.importedMessages', { count: messages });
    return skipped > 0 ? t('ui.importedAndSkipped', { imported, skipped: t('ui.skippedLines', { count: skipped }) }) : imported;
  },
  importing: (fileName: string) => t('ui.importing', { fileName }),
  /** A sync tool's conflict copy of a session, named by what the tool added to its file name. */
  syncCopy: (copy: string) => t('ui.syncCopy', { copy }),
  importUnreadable: (fileName: string, reason: string) => t('ui.importUnreadable', { fileName, reason }),
  exported: (path: string) => t('ui.exported', { path }),
  /** The imported session's note: how many lines of its file were not taken over. */
  skippedLines: (n: number) => t('ui.skippedLines', { count: n }),
  indexingMessages: (indexed: number, total: number) => t('ui.indexingMessages', { indexed, total }),
  findCount: (n: number, total: number, more: boolean) => t('ui.findCount', { n, total, more: more ? '+' : '' }),
  findTotal: (total: number, more: boolean) => t('ui.findTotal', { total, more: more ? '+' : '' }),
  findNone: (more: boolean) => (more ? t('ui.findNoneLoaded') : t('ui.findNone')),
});
