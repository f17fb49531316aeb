// The language of the texts the core writes for the user (errors, notes, the quit question): the
// Language setting, one for every window and tab, as settings are. "System" is the OS's locale, or in
// web mode the server's: a browser's own languages reach its page only (SPEC §5 "Language").
import { resolveLanguage, setLanguage } from '../../../shared/i18n';
import type { Settings } from '../../../shared/settings';

/** The locales the OS prefers, most wanted first: what Intl was started with. */
export const systemLocales = (): readonly string[] => [Intl.DateTimeFormat().resolvedOptions().locale];

export function applyLanguage(settings: Pick<Settings, 'language'>, preferred: readonly string[] = systemLocales()): void {
  setLanguage(resolveLanguage(settings.language, preferred));
}
