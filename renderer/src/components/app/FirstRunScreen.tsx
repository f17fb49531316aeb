// Without an API key: both modes ask for one. The desktop app keeps it encrypted; web mode keeps a key
// entered here in the server's memory, so the screen says how to make it last (as Settings does).
import type { AppInfo } from '../../../../shared/contract';
import { useT } from '../../hooks/useLanguage';
import { ApiKeyForm } from '../settings/ApiKeyForm';

export function FirstRunScreen({ transport }: { transport: AppInfo['transport'] }) {
  const t = useT();
  return (
    <main className="first-run">
      <h1>{t('firstRun.welcome')}</h1>
      <p>{t('firstRun.needsKey')}</p>
      <ApiKeyForm label={t('firstRun.keyLabel')} autoFocus />
      {transport === 'electron' ? (
        <p className="muted">{t('firstRun.keyStays')}</p>
      ) : (
        <p className="muted">
          {t('firstRun.webKeyBefore')}
          <code>ANTHROPIC_API_KEY</code>
          {t('firstRun.webKeyBetween')}
          <code>npm run web</code>
          {t('firstRun.webKeyAfter')}
        </p>
      )}
    </main>
  );
}
