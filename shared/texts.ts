// The exact texts a user sees (SPEC §4, §5). Tests use them, so they live in one place.
export const texts = {
  nothingToHandOff: 'Nothing to hand off (no messages yet)',
  handoffDone: 'New session started with handoff context',
  handoffCancelled: 'Handoff cancelled',
  handoffFailed: (message: string) => `Handoff failed: ${message}`,
  handoffBusy: 'Wait for the current response to finish or stop it before handing off.',
  /** Opening, creating or deleting a session while a reply streams or a handoff runs. */
  busy: 'Wait for the current response to finish or stop it first.',
  unreadableRecords: (n: number) => `${n} records could not be read`,
  continuedFrom: (title: string) => `Continued from ${title}`,
} as const;

export const HANDOFF_SECTIONS = [
  'Goal',
  'Constraints & Preferences',
  'Progress',
  'Key Decisions',
  'Critical Context',
  'Next Steps',
] as const;
