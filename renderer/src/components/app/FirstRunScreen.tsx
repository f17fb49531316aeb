// Without an API key: both modes ask for one. The desktop app keeps it encrypted; web mode keeps a key
// entered here in the server's memory, so the screen says how to make it last (as Settings does).
import type { AppInfo } from '../../../../shared/contract';
import { ApiKeyForm } from '../settings/ApiKeyForm';

export function FirstRunScreen({ transport }: { transport: AppInfo['transport'] }) {
  return (
    <main className="first-run">
      <h1>Welcome to Baton</h1>
      <p>Baton talks to Claude through the Anthropic API, so it needs your API key.</p>
      <ApiKeyForm label="Anthropic API key" autoFocus />
      {transport === 'electron' ? (
        <p className="muted">The key stays on this computer, is used only to call the API, and is never shown again.</p>
      ) : (
        <p className="muted">
          A key entered here is kept until the Baton server stops. To keep it, set the <code>ANTHROPIC_API_KEY</code> environment
          variable and restart <code>npm run web</code>.
        </p>
      )}
    </main>
  );
}
