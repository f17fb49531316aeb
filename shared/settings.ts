// Ordinary settings (SPEC §5). The API key is not one of them: it never leaves the main process.
import { z } from 'zod';
import { DEFAULT_MODEL, FALLBACK_MODELS } from './models';

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

export const Settings = z.object({
  model: ModelId.min(1),
  /** Empty means "the chat model". */
  handoffModel: ModelId,
  /** Fraction of the context window above which the Hand off button invites a handoff. */
  contextThreshold: z.number().min(0.1).max(1),
  reviewFirst: z.boolean(),
  thinking: ThinkingSetting,
  theme: z.enum(THEMES),
  fontSize: z.number().int().min(FONT_SIZE.min).max(FONT_SIZE.max),
  sidebarWidth: z.number().int().min(SIDEBAR_WIDTH.min).max(SIDEBAR_WIDTH.max),
  sidebarCollapsed: z.boolean(),
  /** Auto-handoff (SPEC §4.2): when a reply ends with the context at `autoHandoffAt` of the window or more. */
  autoHandoff: z.boolean(),
  /** Fraction of the context window; kept while auto-handoff is off, so turning it on again keeps the level. */
  autoHandoffAt: z.number().min(0.1).max(1),
  /** Claude's server tools (SPEC §3 "Tools"): off by default. */
  webSearch: z.boolean(),
  webFetch: z.boolean(),
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
  fontSize: FONT_SIZE.default,
  sidebarWidth: SIDEBAR_WIDTH.default,
  sidebarCollapsed: false,
  autoHandoff: false,
  autoHandoffAt: 0.85,
  webSearch: false,
  webFetch: false,
  alwaysAllowTools: [],
};

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
