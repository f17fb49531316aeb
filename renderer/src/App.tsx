import { useEffect } from 'react';
import { FirstRunScreen } from './components/app/FirstRunScreen';
import { MainScreen } from './components/app/MainScreen';
import { RefusedScreen } from './components/app/RefusedScreen';
import { Notices } from './components/app/Notices';
import { useAppearance } from './hooks/useAppearance';
import { useGlobalShortcuts } from './hooks/useGlobalShortcuts';
import { useT, useUiLanguage } from './hooks/useLanguage';
import { useBaton, useBatonStore } from './store/StoreProvider';

export function App() {
  const store = useBatonStore();
  useEffect(() => store.getState().init(), [store]);
  useGlobalShortcuts();
  useAppearance();
  useUiLanguage();
  const t = useT();
  const info = useBaton((s) => s.info);
  const refused = useBaton((s) => s.connectionRefused);
  return (
    <>
      {refused ? (
        <RefusedScreen reason={refused} />
      ) : !info ? (
        <main className="loading">
          <p>{t('app.connecting')}</p>
        </main>
      ) : info.hasApiKey ? (
        <MainScreen />
      ) : (
        <FirstRunScreen transport={info.transport} />
      )}
      <Notices />
    </>
  );
}
