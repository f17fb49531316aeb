// Ordinary settings (SPEC §5). The API key is not one of them: it never leaves the main process.
import { z } from 'zod';

export const DEFAULT_MODEL = 'claude-sonnet-4-5';

export const Settings = z.object({
  model: z.string().min(1).max(200).default(DEFAULT_MODEL),
  /** Empty means "the chat model". */
  handoffModel: z.string().max(200).default(''),
  /** Fraction of the context window above which the Hand off button invites a handoff. */
  contextThreshold: z.number().min(0.1).max(1).default(0.7),
  reviewFirst: z.boolean().default(false),
});
export type Settings = z.infer<typeof Settings>;
export const SettingsPatch = Settings.partial().strict();
export type SettingsPatch = z.infer<typeof SettingsPatch>;

/** Parses stored settings field by field, so one bad value falls back to its default, not all of them. */
export function parseSettings(raw: unknown): Settings {
  const obj = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(Settings.shape)) {
    const parsed = schema.safeParse(obj[key]);
    out[key] = parsed.success ? parsed.data : schema.parse(undefined);
  }
  return out as Settings;
}
