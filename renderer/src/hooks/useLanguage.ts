// The UI language in the renderer (SPEC §5 "Language"): the setting, or for "System" the browser's
// languages (in the desktop app, the OS's). Set before the page paints, so a Thai window never shows
// English first; <html lang> follows, so fonts, line breaking and screen readers read it as Thai.
import { useLayoutEffect, useSyncExternalStore } from 'react';
import { currentLanguage, onLanguageChange, resolveLanguage, setLanguage, t, type Language } from '../../../shared/i18n';
import { useBaton } from '../store/StoreProvider';

export function useUiLanguage(): void {
  const setting = useBaton((s) => s.settings?.language ?? 'system');
  const preferred = useSyncExternalStore(subscribeToBrowser, browserLanguages);
  const language = resolveLanguage(setting, preferred.split(','));
  useLayoutEffect(() => {
    setLanguage(language);
    document.documentElement.lang = language;
  }, [language]);
}

/**
 * `t`, and a re-render of the calling component when the language changes. Every component that shows
 * texts calls it (test/renderer/i18nCoverage.test.ts lists those that do not yet).
 */
export function useT(): typeof t {
  useLanguage();
  return t;
}

export function useLanguage(): Language {
  return useSyncExternalStore(onLanguageChange, currentLanguage);
}

// A string, as a snapshot must be: navigator.languages is a new array at each read.
const browserLanguages = () => navigator.languages.join(',');

function subscribeToBrowser(onChange: () => void): () => void {
  window.addEventListener('languagechange', onChange);
  return () => window.removeEventListener('languagechange', onChange);
}
