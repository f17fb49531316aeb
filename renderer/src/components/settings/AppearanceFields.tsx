// Theme (System / Light / Dark) and font size (SPEC §5), saved through settings.set like every setting.
import { useId } from 'react';
import { FONT_SIZE, THEMES, type Settings, type SettingsPatch, type Theme } from '../../../../shared/settings';

const THEME_LABELS: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };
const FONT_SIZES: { px: number; label: string }[] = [
  { px: 14, label: 'Small' },
  { px: FONT_SIZE.default, label: 'Default' },
  { px: 18, label: 'Large' },
  { px: 20, label: 'Larger' },
];

interface Props {
  settings: Pick<Settings, 'theme' | 'fontSize'>;
  onChange: (patch: SettingsPatch) => void;
}

export function AppearanceFields({ settings, onChange }: Props) {
  const themeId = useId();
  const sizeId = useId();
  // A size set elsewhere (the config file) is offered as it is, so the field never misstates it.
  const sizes = FONT_SIZES.some((s) => s.px === settings.fontSize) ? FONT_SIZES : [...FONT_SIZES, { px: settings.fontSize, label: 'Custom' }];
  return (
    <div className="field-row">
      <div className="field">
        <label htmlFor={themeId} className="field-label">
          Theme
        </label>
        <select id={themeId} value={settings.theme} onChange={(e) => onChange({ theme: e.target.value as Theme })}>
          {THEMES.map((theme) => (
            <option key={theme} value={theme}>
              {THEME_LABELS[theme]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={sizeId} className="field-label">
          Font size
        </label>
        <select id={sizeId} value={settings.fontSize} onChange={(e) => onChange({ fontSize: Number(e.target.value) })}>
          {sizes.map(({ px, label }) => (
            <option key={px} value={px}>
              {label} ({px} px)
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
