// Add server (SPEC §5 "Tools"): a name and either a command (with its arguments and env) or a URL (with
// its headers). The server is written to mcp.json and started; the list then shows its status.
import { useState, type FormEvent } from 'react';
import type { McpServerConfig } from '../../../../shared/mcpConfig';
import { useBaton } from '../../store/StoreProvider';
import { useT } from '../../hooks/useLanguage';

/** `KEY=value` (env) or `Name: value` (headers), one a line; blank lines ignored. */
function pairs(text: string, separator: '=' | ':'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf(separator);
    if (line.trim() === '' || at <= 0) continue;
    out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}

/** Arguments one a line, so an argument may hold spaces. */
const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

export function AddServerForm({ onDone }: { onDone: () => void }) {
  const addServer = useBaton((s) => s.addServer);
  const [kind, setKind] = useState<'stdio' | 'http'>('stdio');
  const [name, setName] = useState('');
  const [command, setCommand] = useState('');
  const [args, setArgs] = useState('');
  const [env, setEnv] = useState('');
  const [url, setUrl] = useState('');
  const [headers, setHeaders] = useState('');
  const t = useT();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const config: McpServerConfig =
      kind === 'http'
        ? { type: 'http', url: url.trim(), ...(headers.trim() && { headers: pairs(headers, ':') }) }
        : { command: command.trim(), ...(args.trim() && { args: lines(args) }), ...(env.trim() && { env: pairs(env, '=') }) };
    if (await addServer(name.trim(), config)) onDone();
  };
  return (
    <form className="add-server" aria-label={t('settings.addServer')} onSubmit={(e) => void submit(e)}>
      <label className="field">
        <span className="field-label">{t('settings.serverName')}</span>
        <input value={name} onChange={(e) => setName(e.target.value)} required />
      </label>
      <fieldset className="add-server-kind">
        <legend className="field-label">{t('settings.runsAs')}</legend>
        <label className="checkbox">
          <input type="radio" name="kind" checked={kind === 'stdio'} onChange={() => setKind('stdio')} />
          {t('settings.runsCommand')}
        </label>
        <label className="checkbox">
          <input type="radio" name="kind" checked={kind === 'http'} onChange={() => setKind('http')} />
          {t('settings.runsUrl')}
        </label>
      </fieldset>
      {kind === 'stdio' ? (
        <>
          <label className="field">
            <span className="field-label">{t('settings.command')}</span>
            <input value={command} onChange={(e) => setCommand(e.target.value)} required placeholder="npx" />
          </label>
          <label className="field">
            <span className="field-label">{t('settings.arguments')}</span>
            <textarea value={args} onChange={(e) => setArgs(e.target.value)} rows={2} />
          </label>
          <label className="field">
            <span className="field-label">{t('settings.environment')}</span>
            <textarea value={env} onChange={(e) => setEnv(e.target.value)} rows={2} />
          </label>
        </>
      ) : (
        <>
          <label className="field">
            <span className="field-label">{t('settings.url')}</span>
            <input type="url" value={url} onChange={(e) => setUrl(e.target.value)} required placeholder="https://" />
          </label>
          <label className="field">
            <span className="field-label">{t('settings.headers')}</span>
            <textarea value={headers} onChange={(e) => setHeaders(e.target.value)} rows={2} />
          </label>
        </>
      )}
      <div className="tools-actions">
        <button type="submit" className="primary">
          {t('settings.add')}
        </button>
        <button type="button" onClick={onDone}>
          {t('settings.cancel')}
        </button>
      </div>
    </form>
  );
}
