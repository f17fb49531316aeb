// Settings → Tools (SPEC §5): Claude's server tools (Web search, Web fetch), the time limit of a call, and
// each MCP server of mcp.json with its status, its tools, Restart, Remove and an Enabled switch; Add
// server, Import from Claude Desktop (its own file, or one picked); and the tools marked Always allow,
// each of which can be set back to ask. In web mode the list is read-only unless the server allows
// changes (SPEC §6).
import { useEffect, useId, useState } from 'react';
import type { ToolsOverview } from '../../../../shared/contract';
import { mcpStatusText, type McpServerStatus } from '../../../../shared/mcpConfig';
import { MCP_TIMEOUT_SECONDS, type Settings, type SettingsPatch } from '../../../../shared/settings';
import { useResetState } from '../../hooks/useResetState';
import { useBaton } from '../../store/StoreProvider';
import { AddServerForm } from './AddServerForm';
import { FilePickerButton } from '../common/FilePickerButton';
import { useT } from '../../hooks/useLanguage';

export function ToolsSection({ settings, onChange }: { settings: Settings; onChange: (patch: SettingsPatch) => void }) {
  const overview = useBaton((s) => s.tools.overview);
  const importClaudeDesktop = useBaton((s) => s.importClaudeDesktop);
  const loadTools = useBaton((s) => s.loadTools);
  const [adding, setAdding] = useState(false);
  const t = useT();
  // Read when Settings opens; tools_changed keeps it current while it is open.
  useEffect(() => void loadTools(), [loadTools]);
  const headingId = useId();
  const readOnly = overview?.readOnlyReason !== undefined;
  return (
    <section className="settings-section tools-section" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('settings.tools')}</h3>
      <label className="checkbox">
        <input type="checkbox" role="switch" checked={settings.webSearch} onChange={(e) => onChange({ webSearch: e.target.checked })} />
        {t('settings.webSearch')}
      </label>
      <label className="checkbox">
        <input type="checkbox" role="switch" checked={settings.webFetch} onChange={(e) => onChange({ webFetch: e.target.checked })} />
        {t('settings.webFetch')}
      </label>
      <h4>{t('settings.mcpServers')}</h4>
      <TimeoutField value={settings.mcpTimeoutSeconds} onChange={(mcpTimeoutSeconds) => onChange({ mcpTimeoutSeconds })} />
      {overview?.readOnlyReason && <p className="field-hint">{withFlags(overview.readOnlyReason)}</p>}
      {overview?.error && <p className="warning-text">{overview.error}</p>}
      {overview?.problems.map((problem) => (
        <p key={problem} className="warning-text">
          {problem}
        </p>
      ))}
      {overview && overview.servers.length === 0 && <p className="field-hint">{t('settings.noServers')}</p>}
      <ul className="mcp-servers" aria-label={t('settings.mcpServers')}>
        {overview?.servers.map((server) => <ServerItem key={server.name} server={server} readOnly={readOnly} alwaysAllow={overview.alwaysAllow} />)}
      </ul>
      <OtherAlwaysAllowed overview={overview} />
      {!readOnly && (
        <div className="tools-actions">
          {!adding && (
            <button type="button" onClick={() => setAdding(true)}>
              {t('settings.addServer')}
            </button>
          )}
          <button type="button" onClick={() => void importClaudeDesktop({})}>
            {t('settings.importClaudeDesktop')}
          </button>
          <ImportFileButton />
        </div>
      )}
      {adding && <AddServerForm onDone={() => setAdding(false)} />}
    </section>
  );
}

/** Import from a chosen file (a Claude Desktop configuration kept elsewhere), picked as Import session picks one. */
function ImportFileButton() {
  const importFile = useBaton((s) => s.importClaudeDesktopFile);
  const t = useT();
  return (
    <FilePickerButton accept=".json,application/json" testId="import-mcp-file" onPick={(file) => void importFile(file)}>
      {t('settings.importFromFile')}
    </FilePickerButton>
  );
}

/**
 * How long a server may take to answer a call (or to start): applied when the field is left or Enter is
 * pressed, and only in range; otherwise it goes back to the value in force and says why.
 */
function TimeoutField({ value, onChange }: { value: number; onChange: (seconds: number) => void }) {
  const id = useId();
  const rangeId = useId();
  const errorId = useId();
  const t = useT();
  const [text, setText] = useResetState(String(value), value);
  const [refused, setRefused] = useState<string | null>(null);
  const { min, max } = MCP_TIMEOUT_SECONDS;
  const apply = () => {
    const seconds = Number(text);
    const valid = /^\s*\d+\s*$/.test(text) && seconds >= min && seconds <= max;
    setRefused(valid ? null : text);
    if (!valid) setText(String(value));
    else if (seconds !== value) onChange(seconds);
  };
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {t('settings.mcpTimeout')}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={text}
        aria-invalid={refused !== null || undefined}
        aria-describedby={refused === null ? rangeId : `${errorId} ${rangeId}`}
        onChange={(e) => setText(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
        }}
      />
      <p id={errorId} className="field-error" aria-live="polite">
        {refused !== null && t('settings.mcpTimeoutRefused', { typed: refused, min, max, value })}
      </p>
      <p id={rangeId} className="field-hint">
        {t('settings.mcpTimeoutRange', { min, max })}
      </p>
    </div>
  );
}

function ServerItem({ server, readOnly, alwaysAllow }: { server: McpServerStatus; readOnly: boolean; alwaysAllow: readonly string[] }) {
  const restart = useBaton((s) => s.restartServer);
  const setEnabled = useBaton((s) => s.setServerEnabled);
  const remove = useBaton((s) => s.removeServer);
  const asked = useBaton((s) => s.tools.switching[server.name]);
  const enabled = asked ?? server.state !== 'disabled';
  const t = useT();
  const where = server.config.type === 'http' ? server.config.url : [server.config.command, ...(server.config.args ?? [])].join(' ');
  return (
    <li className={`mcp-server mcp-${server.state}`} aria-label={server.name}>
      <div className="mcp-server-head">
        <span className="mcp-server-name">{server.name}</span>
        <span className="mcp-server-status" data-testid="server-status">
          {mcpStatusText(server)}
        </span>
      </div>
      <div className="mcp-server-where" title={where}>
        {where}
      </div>
      {server.stderr.length > 0 && (
        <details className="mcp-stderr">
          <summary>{t('settings.lastOutput')}</summary>
          <pre>{server.stderr.join('\n')}</pre>
        </details>
      )}
      {server.tools.length > 0 && (
        <ul className="mcp-tools" aria-label={t('settings.toolsOf', { server: server.name })}>
          {server.tools.map((tool) => (
            <ToolItem key={tool.apiName} name={tool.name} apiName={tool.apiName} description={tool.description} allowed={alwaysAllow.includes(tool.apiName)} />
          ))}
        </ul>
      )}
      <div className="mcp-server-actions">
        <label className="checkbox">
          <input type="checkbox" role="switch" checked={enabled} disabled={readOnly} onChange={(e) => void setEnabled(server.name, e.target.checked)} />
          {t('settings.enabled')}
        </label>
        <button type="button" disabled={!enabled} onClick={() => void restart(server.name)} aria-label={t('settings.restartServer', { server: server.name })}>
          {t('settings.restart')}
        </button>
        {!readOnly && (
          <button type="button" className="danger" onClick={() => void remove(server.name)} aria-label={t('settings.removeServer', { server: server.name })}>
            {t('settings.remove')}
          </button>
        )}
      </div>
    </li>
  );
}

function ToolItem({ name, apiName, description, allowed }: { name: string; apiName: string; description: string; allowed: boolean }) {
  const setAlwaysAllow = useBaton((s) => s.setAlwaysAllow);
  const t = useT();
  return (
    <li className="mcp-tool">
      <span className="mcp-tool-name" title={description}>
        {name}
      </span>
      {allowed && (
        <>
          <span className="mcp-tool-allowed">{t('settings.alwaysAllowed')}</span>
          <button type="button" className="link-button" onClick={() => void setAlwaysAllow(apiName, false)} aria-label={t('settings.askBefore', { tool: name })}>
            {t('settings.askFirst')}
          </button>
        </>
      )}
    </li>
  );
}

/** Tools marked Always allow whose server is not listed now (removed, or not started yet). */
function OtherAlwaysAllowed({ overview }: { overview: ToolsOverview | null }) {
  const t = useT();
  if (!overview) return null;
  const listed = new Set(overview.servers.flatMap((s) => s.tools.map((tool) => tool.apiName)));
  const others = overview.alwaysAllow.filter((tool) => !listed.has(tool));
  if (others.length === 0) return null;
  return (
    <>
      <h4>{t('settings.alsoAlwaysAllowed')}</h4>
      <ul className="mcp-tools" aria-label={t('settings.alsoAlwaysAllowed')}>
        {others.map((tool) => (
          <ToolItem key={tool} name={tool} apiName={tool} description="" allowed />
        ))}
      </ul>
    </>
  );
}

/** A command-line flag in a sentence, kept on one line (a line break after "--" reads as two dashes). */
function withFlags(text: string) {
  return text.split(/(--[a-z-]+)/).map((part, i) => (i % 2 === 1 ? <code key={i} className="nowrap">{part}</code> : part));
}
