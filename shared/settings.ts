// Ordinary settings (SPEC §5). The API key is not one of them: it never leaves the main process.
import { z } from 'zod';
import { LANGUAGE_SETTINGS } from './i18n';
import { DEFAULT_MODEL, FALLBACK_MODELS } from './models';
import { INSTRUCTIONS_MAX } from './session';
import { HANDOFF_PROMPT_OPENING } from './sessionFormat';
import { HANDOFF_SECTIONS } from './texts';

export { DEFAULT_MODEL } from './models';

/** The models the picker offers before the Models API answers; any other model id can still be set. */
export const KNOWN_MODELS: readonly string[] = FALLBACK_MODELS.map((model) => model.id);

/** A model id: no control characters (they would end up in request bodies and file names). */
const ModelId = z.string().max(200).regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');

/**
 * Thinking (SPEC §3): `off`; `adaptive`, where Claude decides how much to think (used where the model
 * supports it, else off); or a budget in tokens (the API's minimum is 1,024).
 */
export const THINKING_BUDGET = { min: 1024, max: 128_000 } as const;
export const ThinkingSetting = z.union([
  z.enum(['off', 'adaptive']),
  z.number().int().min(THINKING_BUDGET.min).max(THINKING_BUDGET.max),
]);
export type ThinkingSetting = z.infer<typeof ThinkingSetting>;

/** How Baton looks (SPEC §5 Theme): the system's choice, or always light or dark. */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** The base font size in CSS pixels; every size of the UI is relative to it. */
export const FONT_SIZE = { min: 12, max: 24, default: 16 } as const;
/** The sidebar's width in CSS pixels, as the user dragged it. */
export const SIDEBAR_WIDTH = { min: 200, max: 480, default: 272 } as const;

/** Settings → Tools: how long an MCP server may take to start or to answer a call, in seconds (SPEC §3 "Tools"). */
export const MCP_TIMEOUT_SECONDS = { min: 5, max: 600, default: 60 } as const;

/** Where the handoff prompt lists the sections (as `## <name>` headings); without it they follow the prompt. */
export const SECTIONS_PLACEHOLDER = '{sections}';

/**
 * Settings → Handoff instructions (SPEC §4.3 "Your own sections"): the prompt's text and the sections the
 * document must have, in order. The structure check follows `sections`.
 */
/** The most Handoff instructions hold: the prompt's characters, the sections, a section name's characters. */
export const HANDOFF_INSTRUCTIONS_MAX = { prompt: 20_000, sections: 20, sectionName: 200 } as const;
export const HandoffInstructions = z
  .object({
    prompt: z.string().trim().min(1).max(HANDOFF_INSTRUCTIONS_MAX.prompt),
    sections: z
      .array(z.string().trim().min(1).max(HANDOFF_INSTRUCTIONS_MAX.sectionName).regex(/^[^\n\r#]*$/, 'must be one line, without #'))
      .min(1)
      .max(HANDOFF_INSTRUCTIONS_MAX.sections),
  })
  .strict();
export type HandoffInstructions = z.infer<typeof HandoffInstructions>;

export const DEFAULT_HANDOFF_INSTRUCTIONS: HandoffInstructions = {
  prompt:
    `${HANDOFF_PROMPT_OPENING} and will see nothing of this conversation except the document you write now. ` +
    'Write a structured handoff document that lets it continue seamlessly.\n\n' +
    `Use exactly these sections, in this order, each as a level-2 Markdown heading:\n\n${SECTIONS_PLACEHOLDER}\n\n` +
    'Be specific and complete, but concise. Reply with the document only.',
  sections: [...HANDOFF_SECTIONS],
};

/** The instructions in force: the user's own, else the default. */
export function handoffInstructionsOf(settings: Pick<Settings, 'handoffInstructions'>): HandoffInstructions {
  return settings.handoffInstructions ?? DEFAULT_HANDOFF_INSTRUCTIONS;
}

export const Settings = z.object({
  model: ModelId.min(1),
  /** Empty means "the chat model". */
  handoffModel: ModelId,
  /** Fraction of the context window above which the Hand off button invites a handoff (isPastThreshold). */
  contextThreshold: z.number().min(0.1).max(1),
  reviewFirst: z.boolean(),
  thinking: ThinkingSetting,
  theme: z.enum(THEMES),
  /** The UI language (SPEC §5): `system` follows the OS (the browser's languages in web mode). */
  language: z.enum(LANGUAGE_SETTINGS),
  fontSize: z.number().int().min(FONT_SIZE.min).max(FONT_SIZE.max),
  sidebarWidth: z.number().int().min(SIDEBAR_WIDTH.min).max(SIDEBAR_WIDTH.max),
  sidebarCollapsed: z.boolean(),
  /** Auto-handoff (SPEC §4.2): when a reply ends with the context at `autoHandoffAt` of the window or more. */
  autoHandoff: z.boolean(),
  /** Fraction of the context window; kept while auto-handoff is off, so turning it on again keeps the level. */
  autoHandoffAt: z.number().min(0.1).max(1),
  /**
   * "Prepare the handoff in advance": past `contextThreshold`, each finished reply is followed by the
   * handoff's request in the background, so Hand off commits its document at once (docs/handoff.md).
   */
  prepareHandoff: z.boolean(),
  /** Custom instructions (SPEC §5): added to the system prompt of every request; a session may override them. */
  customInstructions: z.string().max(INSTRUCTIONS_MAX),
  /** "Name sessions automatically": after the first exchange, Claude writes a short title. */
  autoTitle: z.boolean(),
  /** The user's own handoff instructions; null: the default (Reset to default sets null). */
  handoffInstructions: HandoffInstructions.nullable(),
  /** Claude's server tools (SPEC §3 "Tools"): off by default. */
  webSearch: z.boolean(),
  webFetch: z.boolean(),
  /** A start or call of an MCP server with no answer this long fails (a call's progress counts as one). */
  mcpTimeoutSeconds: z.number().int().min(MCP_TIMEOUT_SECONDS.min).max(MCP_TIMEOUT_SECONDS.max),
  /** MCP tools marked Always allow (SPEC §3 "Approval"), by the name the model calls them. */
  alwaysAllowTools: z.array(z.string().min(1).max(200)).max(2_000),
});
export type Settings = z.infer<typeof Settings>;
/** No defaults here on purpose: a patch names only what it changes. */
export const SettingsPatch = Settings.partial().strict();
export type SettingsPatch = z.infer<typeof SettingsPatch>;

export const DEFAULT_SETTINGS: Settings = {
  model: DEFAULT_MODEL,
  handoffModel: '',
  contextThreshold: 0.7,
  reviewFirst: false,
  thinking: 'adaptive',
  theme: 'system',
  language: 'system',
  fontSize: FONT_SIZE.default,
  sidebarWidth: SIDEBAR_WIDTH.default,
  sidebarCollapsed: false,
  autoHandoff: false,
  autoHandoffAt: 0.85,
  prepareHandoff: false,
  customInstructions: '',
  autoTitle: true,
  handoffInstructions: null,
  webSearch: false,
  webFetch: false,
  mcpTimeoutSeconds: MCP_TIMEOUT_SECONDS.default,
  alwaysAllowTools: [],
};

/**
 * Whether the context is past the threshold (SPEC §4.2 context meter): the Hand off button invites a
 * handoff from there, and a handoff may be prepared in advance.
 */
export function isPastThreshold(usage: { tokens: number; window: number }, threshold: number): boolean {
  return usage.window > 0 && usage.tokens / usage.window > threshold;
}

/** Parses stored settings field by field, so one bad value falls back to its default, not all of them. */
export function parseSettings(raw: unknown, defaults: Settings = DEFAULT_SETTINGS): Settings {
  const obj = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(Settings.shape)) {
    const parsed = schema.safeParse(obj[key]);
    out[key] = parsed.success ? parsed.data : defaults[key as keyof Settings];
  }
  return out as Settings;
}
