// Theme (System / Light / Dark), font size and language (SPEC §5), saved through settings.set like
// every setting. Each language is offered by its own name, so it can be found whatever is shown.
import { useId } from 'react';
import { LANGUAGE_SETTINGS, type LanguageSetting } from '../../../../shared/i18n';
import { FONT_SIZE, THEMES, type Settings, type SettingsPatch, type Theme } from '../../../../shared/settings';
import { useT } from '../../hooks/useLanguage';

const FONT_SIZES = [
  { px: 14, label: 'small' },
  { px: FONT_SIZE.default, label: 'default' },
  { px: 18, label: 'large' },
  { px: 20, label: 'larger' },
] as const;

interface Props {
  settings: Pick<Settings, 'theme' | 'fontSize' | 'language'>;
  onChange: (patch: SettingsPatch) => void;
}

export function AppearanceFields({ settings, onChange }: Props) {
  const t = useT();
  const themeId = useId();
  const sizeId = useId();
  const languageId = useId();
  // A size set elsewhere (the config file) is offered as it is, so the field never misstates it.
  const sizes: readonly { px: number; label: (typeof FONT_SIZES)[number]['label'] | 'custom' }[] = FONT_SIZES.some((s) => s.px === settings.fontSize)
    ? FONT_SIZES
    : [...FONT_SIZES, { px: settings.fontSize, label: 'custom' }];
  return (
    <div className="field-row">
      <div className="field">
        <label htmlFor={themeId} className="field-label">
          {t('appearance.theme')}
        </label>
        <select id={themeId} value={settings.theme} onChange={(e) => onChange({ theme: e.target.value as Theme })}>
          {THEMES.map((theme) => (
            <option key={theme} value={theme}>
              {t(`appearance.themes.${theme}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={sizeId} className="field-label">
          {t('appearance.fontSize')}
        </label>
        <select id={sizeId} value={settings.fontSize} onChange={(e) => onChange({ fontSize: Number(e.target.value) })}>
          {sizes.map(({ px, label }) => (
            <option key={px} value={px}>
              {t('appearance.sizeOption', { label: t(`appearance.sizes.${label}`), px })}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={languageId} className="field-label">
          {t('language.label')}
        </label>
        <select id={languageId} value={settings.language} onChange={(e) => onChange({ language: e.target.value as LanguageSetting })}>
          {LANGUAGE_SETTINGS.map((language) => (
            <option key={language} value={language} lang={language === 'system' ? undefined : language}>
              {t(`language.${language}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
