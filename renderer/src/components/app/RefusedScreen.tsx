// Web mode, when the server refuses this page: the link's token is not valid (an old URL, a restarted
// server) or this address failed too often. Said plainly, instead of "Connecting…" forever.
import type { ConnectionRefusal } from '../../store/connectionSlice';
import { useT } from '../../hooks/useLanguage';

export function RefusedScreen({ reason }: { reason: ConnectionRefusal }) {
  const t = useT();
  return (
    <main className="first-run">
      <h1>{reason === 'token_invalid' ? t('ui.tokenInvalid') : t('ui.tooManyAttempts')}</h1>
      <p>{t('ui.tokenInvalidHelp')}</p>
    </main>
  );
}
