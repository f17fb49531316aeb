// The exact texts a user sees (SPEC §4, §5). Tests use them, so they live in one place.
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
} as const;

export const HANDOFF_SECTIONS = [
  'Goal',
  'Constraints & Preferences',
  'Progress',
  'Key Decisions',
  'Critical Context',
  'Next Steps',
] as const;
