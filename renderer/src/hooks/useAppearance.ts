// Applies the Theme and font size settings (SPEC §5) to the page: `data-theme` on the root element is
// always the theme in effect, light or dark ("System" follows the OS, also when it changes), and the
// root font size is the one every rem of the stylesheet is measured in.
import { useEffect, useSyncExternalStore } from 'react';
import type { Theme } from '../../../shared/settings';
import { useBaton } from '../store/StoreProvider';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function useAppearance(): void {
  const theme = useThemeInEffect();
  const fontSize = useBaton((s) => s.settings?.fontSize);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  useEffect(() => {
    const root = document.documentElement.style;
    if (fontSize) root.fontSize = `${fontSize}px`;
    else root.removeProperty('font-size');
  }, [fontSize]);
}

/** The theme in effect, for what is drawn in its colours rather than styled by the stylesheet (diagrams). */
export function useThemeInEffect(): 'light' | 'dark' {
  const theme = useBaton((s) => s.settings?.theme ?? 'system');
  const systemDark = useSyncExternalStore(subscribeToSystem, systemIsDark);
  return themeInEffect(theme, systemDark);
}

/** Before settings arrive (the first paint): the system's theme, so a dark desktop never flashes white. */
export function applySystemTheme(): void {
  document.documentElement.dataset.theme = themeInEffect('system', systemIsDark());
}

export function themeInEffect(theme: Theme, systemDark: boolean): 'light' | 'dark' {
  return theme === 'system' ? (systemDark ? 'dark' : 'light') : theme;
}

function systemIsDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
}

function subscribeToSystem(onChange: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const query = matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
