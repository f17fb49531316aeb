// UI texts that belong to the renderer alone; the SPEC's exact texts live in shared/texts.ts.
const NUMBER_WORDS: Record<number, string> = { 2: 'two', 3: 'three', 4: 'four', 5: 'five', 6: 'six', 7: 'seven', 8: 'eight', 9: 'nine', 10: 'ten' };

export const uiTexts = {
  retrying: (attempt: number) => `Retrying… (attempt ${attempt})`,
  connectionLost: 'Lost the connection to Baton. Reconnecting… (If you restarted npm run web, open the new URL it printed.)',
  tokenInvalid: "This link's token is not valid — open the URL Baton printed",
  tokenInvalidHelp: 'Each time npm run web starts, it prints a line "Baton web UI: …" with a new token. Open that address.',
  tooManyAttempts: 'Too many failed attempts to connect from this address — wait a minute, then open the URL Baton printed',
  cannotReachServer: 'Cannot reach the Baton server',
  /** A call that was on its way when the connection went. */
  connectionLostDuringCall: 'Connection to the Baton server was lost',
  /** The sidebar's indicators (SPEC §5): a reply or handoff is being written; one finished while not shown. */
  generating: 'Generating',
  composerDuringHandoff: 'A handoff document is being written for this session…',
  handoffReadyForReview: 'A handoff document is ready for review.',
  newReply: 'New reply',
  deleteStopsRun: 'A reply is still being written there; deleting stops it.',
  /** The page's address named a session that no longer exists (deleted, or from another data folder). */
  addressedSessionGone: 'The session this address named no longer exists; showing the latest one instead.',
  messageTooLong: (chars: number, limit: number) =>
    `This message is too long to send: ${chars.toLocaleString('en-US')} characters, and the limit is ${limit.toLocaleString('en-US')}. Shorten it or send it in parts.`,
  requestTooLarge: (mb: string, limitMb: string) => `This request is too large to send (${mb} MB; the limit is ${limitMb} MB).`,
  serverRefusedTooLarge: (limitMb: string) => `The Baton server refused a message larger than ${limitMb} MB; nothing from it was saved.`,
  missingSections: (names: string[]) => `The handoff document is missing sections: ${names.join(', ')}`,
  trimmed: (n: number) => `${n} older messages did not fit the handoff model's window and were left out of the handoff`,
  handoffDiscarded: 'Handoff discarded — the session continues as it was',
  autoHandoffStarted: (percent: number) => `The context reached ${percent} % of the window, so this session is handed off automatically.`,
  discardEditedTitle: 'Discard the edited document?',
  discardEditedDetail: 'Your edits will be lost, and this session continues as it was.',
  inviteHandoff: 'Context is getting long — hand off to continue fresh',
  keyringUnavailable:
    "The OS keyring isn't available, so your API key is stored on this computer without encryption.",
  apiKeySaved: 'API key saved',
  customInstructionsHint: 'Added to the system prompt of every request. A session can use its own instead: Session instructions.',
  useSettingsInstructions: 'Use the custom instructions from Settings',
  /** Web mode: the server cannot open a folder on the page's machine, so Settings says where the logs are. */
  logsAreIn: 'Baton’s logs are in this folder on the machine running npm run web:',
  /** Web mode keeps a key entered in Settings in the server's memory only (SPEC §5: its key comes from the environment). */
  apiKeySavedUntilRestart: 'API key saved until the Baton server stops. To keep it, set ANTHROPIC_API_KEY before npm run web.',
  // Beside the meter's "Context …": the handoff's figure, as the card gives it.
  contextSavings: (before: string, after: string) => `Handoff ${before} → ${after} tokens`,
  /** The handoff card's one line: its sections, and the context it saved. */
  allSections: (count: number) => (count === 1 ? 'Its one section' : `All ${NUMBER_WORDS[count] ?? count} sections`),
  missingSectionsShort: (names: string[]) => `Missing: ${names.join(', ')}`,
  cardSavings: (before: string, after: string) => `${before} → ${after} tokens`,
  cardSavingsTitle: 'Context before → after the handoff',
  /** The carry-over check's figure on the card (SPEC §4.3). */
  carriedOver: (kept: number, total: number) => `Carried over: ${kept} of ${total}`,
  carriedOverTitle: 'What had to survive the handoff (the last request, open todos, files, pinned messages, identifiers), and how much of it the document holds',
  /** A done Progress item that cites no message (SPEC §4.3 Sources). */
  unverified: 'unverified',
  unverifiedTitle: 'Marked done without citing a message of the earlier session',
  citationTitle: (n: string) => `Open message ${n} of the earlier session`,
  /** Pin for handoff (SPEC §4.3). */
  pinned: 'Pinned for handoff',
  pinHint: 'The next handoff carries this message word for word',
  /** Settings → Handoff instructions (SPEC §4.3 "Your own sections"). */
  handoffPromptHint: (placeholder: string) =>
    `What the handoff asks the model for. ${placeholder} marks where the sections are listed; without it they follow the prompt.`,
  handoffSectionsHint: 'One per line, in order: the document gets each as a heading, and the structure check looks for them.',
  handoffPromptEmpty: 'The handoff prompt cannot be empty.',
  handoffPromptTooLong: (max: number) => `The handoff prompt can be at most ${max.toLocaleString('en-US')} characters.`,
  handoffNoSections: 'Add at least one section.',
  handoffTooManySections: (max: number) => `At most ${max} sections.`,
  handoffSectionUnnamed: (line: number) => `Section ${line} has no name: name it or remove the empty line.`,
  handoffSectionHash: 'Write section names without #: Baton makes them headings.',
  handoffSectionTooLong: (max: number) => `A section name can be at most ${max} characters.`,
  handoffSectionTwice: (name: string) => `The section "${name}" is listed twice.`,
  pinnedCount: (n: number) => `${n === 1 ? '1 pinned message' : `${n} pinned messages`} will be carried word for word.`,
  stopped: 'Stopped',
  /** A file on its way to the core, in its chip. */
  uploading: 'Uploading…',
  fileUnreadable: (name: string) => `${name} could not be read`,
  failed: (message: string) => `Failed: ${message}`,
  /** Under "Claude declined to answer this request.": the API's own words (stop_details.explanation). */
  refusalExplanation: (explanation: string) => `Explanation: ${explanation}`,
  /** Above a ```mermaid block's source when Mermaid could not draw it. */
  diagramNotDrawn: (reason: string) => `This diagram could not be drawn: ${reason}`,
  untitled: 'New session',
  unknownParent: 'an earlier session',
  handedOffFrom: (title: string) => `↳ handed off from ${title}`,
  handedOffTo: (title: string) => `→ handed off to ${title}`,
  /** The Continue action's prompt, shown in place of a "You" message. */
  continued: 'Continued',
  /** A handoff exchange with no recorded outcome (a discarded review, a crash). */
  handoffNotCompleted: 'Handoff not completed',
  /** A handoff exchange from before outcomes were recorded. */
  handoffUnrecorded: 'Handoff (outcome not recorded)',
  handoffRunning: 'Handing off…',
  thinkingRedacted: 'Thinking (redacted)',
  thinkingRedactedTitle: "Encrypted by Anthropic's safety systems: kept and sent back to Claude, but not readable.",
  /** A percentage field's range, shown beside it (Settings). */
  percentRange: (min: number, max: number) => `From ${min} to ${max} %.`,
  /** A percentage out of range is refused with this; `setting` names what keeps its value. */
  percentRefused: (typed: string, min: number, max: number, setting: string, kept: number) =>
    `${typed.trim() ? `${typed.trim()} %` : 'An empty value'} is not between ${min} and ${max} %, so ${setting} stays at ${kept} %.`,
  thinkingBudgetInvalid: (min: string, max: string) => `Enter a whole number of tokens from ${min} to ${max}.`,
  thinkingBudgetRange: (min: string, max: string) => `From ${min} to ${max} tokens.`,
  imported: (messages: number, skipped: number) =>
    `Imported ${messages} ${messages === 1 ? 'message' : 'messages'}${skipped > 0 ? `; ${skipped} ${skipped === 1 ? 'line' : 'lines'} of the file skipped` : ''}`,
  importing: (fileName: string) => `Importing ${fileName}…`,
  importedLineage: '↳ imported',
  /** A sync tool's conflict copy of a session, named by what the tool added to its file name. */
  syncCopy: (copy: string) => `copy: ${copy}`,
  importUnreadable: (fileName: string, reason: string) => `Could not read ${fileName}: ${reason}`,
  exported: (path: string) => `Saved ${path}`,
  /** The imported session's note: how many lines of its file were not taken over. */
  skippedLines: (n: number) => `${n} ${n === 1 ? 'line' : 'lines'} of the file skipped`,
  /** Review: the items the document lacks, each ticked to be added (SPEC §4.3 "Carry-over check"). */
  carryOverHint: 'Each ticked item is added to the document of the new session.',
  carryOverKind: { request: 'Last request', todo: 'Open todo', attachment: 'Attached file', pin: 'Pinned message' },
  /** Review of a chain: what changed since the previous document, counted in lines. */
  changesSince: (added: number, removed: number) =>
    `Changes since the last handoff: ${added} ${added === 1 ? 'line' : 'lines'} added, ${removed} removed`,
  changeAdded: 'Added:',
  changeRemoved: 'Removed:',
  /** Failed or cancelled attempts in a row, one row in the chat. */
  handoffAttempts: (outcome: 'failed' | 'cancelled' | 'mixed', n: number) =>
    `${outcome === 'failed' ? 'Handoff failed' : outcome === 'cancelled' ? 'Handoff cancelled' : 'Handoff failed or cancelled'} (${n} attempts)`,
  reviewCutOff: 'This document was cut off before it was finished. Read it, and complete it if needed, before starting the new session.',
  matchNotShown: 'The matching message is not among the messages shown.',
  indexingMessages: (indexed: number, total: number) =>
    `Indexing messages for search (${indexed.toLocaleString('en')} of ${total.toLocaleString('en')} sessions): until then, older sessions match by title.`,
  findCount: (n: number, total: number, more: boolean) => `${n} of ${total}${more ? '+' : ''}`,
  findTotal: (total: number, more: boolean) => `${total}${more ? '+' : ''} matches`,
  findNone: (more: boolean) => (more ? 'No matches in the loaded messages' : 'No matches'),
  findSearchingOlder: 'Searching older messages…',
  findMoreHint: 'Older messages are not loaded yet: stepping past the oldest match searches them.',
} as const;
