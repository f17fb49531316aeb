import { useEffect, useState } from 'react';
import type { AppInfo } from '../../shared/contract';
import { api } from './api/client';

// Placeholder shell; the real UI replaces it.
export function App() {
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void api['app.info']({}).then((r) => (r.ok ? setInfo(r.data) : setError(r.error.message)));
  }, []);
  return (
    <div className="app">
      <nav aria-label="Sessions">
        <input type="search" aria-label="Search sessions" placeholder="Search sessions" />
      </nav>
      <main>
        <header role="toolbar" aria-label="Session">
          <button type="button">New session</button>
          <button type="button">Hand off</button>
        </header>
        {error && <div role="alert">{error}</div>}
        {info && <p>{info.name} {info.version} ({info.transport})</p>}
        <textarea aria-label="Message" />
        <button type="button">Send</button>
      </main>
    </div>
  );
}
