// Web mode, when the server refuses this page: the link's token is not valid (an old URL, a restarted
// server) or this address failed too often. Said plainly, instead of "Connecting…" forever.
import type { ConnectionRefusal } from '../../store/connectionSlice';
import { uiTexts } from '../../texts';

export function RefusedScreen({ reason }: { reason: ConnectionRefusal }) {
  return (
    <main className="first-run">
      <h1>{reason === 'token_invalid' ? uiTexts.tokenInvalid : uiTexts.tooManyAttempts}</h1>
      <p>{uiTexts.tokenInvalidHelp}</p>
    </main>
  );
}
