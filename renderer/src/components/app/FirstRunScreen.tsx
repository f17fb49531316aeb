// Without an API key: the desktop app asks for one; web mode explains where it comes from.
import type { AppInfo } from '../../../../shared/contract';
import { ApiKeyForm } from '../settings/ApiKeyForm';

export function FirstRunScreen({ transport }: { transport: AppInfo['transport'] }) {
  return (
    <main className="first-run">
      <h1>Welcome to Baton</h1>
      <p>Baton talks to Claude through the Anthropic API, so it needs your API key.</p>
      {transport === 'electron' ? (
        <>
          <ApiKeyForm label="Anthropic API key" autoFocus />
          <p className="muted">The key stays on this computer, is used only to call the API, and is never shown again.</p>
        </>
      ) : (
        <p>
          Set the <code>ANTHROPIC_API_KEY</code> environment variable and restart <code>npm run web</code>.
        </p>
      )}
    </main>
  );
}
