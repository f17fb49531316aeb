// "Import from Claude Desktop" (SPEC §5): its `claude_desktop_config.json` has the same `mcpServers`
// format, so its servers are copied into mcp.json as they are written there. A name mcp.json already
// has keeps Baton's version; a server of the wrong shape is reported and not copied.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseMcpConfig } from '../../../../shared/mcpConfig';
import { editMcpServers, readConfigText } from './mcpConfigFile';
import { t } from '../../../../shared/i18n';

export const CLAUDE_DESKTOP_CONFIG = 'claude_desktop_config.json';

/** Where Claude Desktop keeps its configuration on this system. */
export function claudeDesktopConfigPath(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env, home = homedir()): string {
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Claude', CLAUDE_DESKTOP_CONFIG);
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Claude', CLAUDE_DESKTOP_CONFIG);
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Claude', CLAUDE_DESKTOP_CONFIG);
}

export interface ImportResult {
  /** Servers copied into mcp.json. */
  added: string[];
  /** Servers mcp.json already had by that name: left as they were. */
  kept: string[];
  /** Servers not copied for their shape, one sentence each. */
  problems: string[];
}

/** A configuration file the user picked, as the page read it (its name, for messages). */
export interface PickedConfig {
  name: string;
  text: string;
}

/** Imports from `source`: a path (Claude Desktop's own place by default) or a file the user picked. */
export function importClaudeDesktop(mcpFile: string, source: string | PickedConfig = claudeDesktopConfigPath()): ImportResult {
  const file = typeof source === 'string' ? source : source.name;
  let text: string;
  try {
    text = typeof source === 'string' ? readConfigText(source) : source.text;
  } catch (err) {
    throw new Error(t('texts.mcp.cannotRead', { file, code: (err as NodeJS.ErrnoException).code ?? 'error' }));
  }
  if (text.trim() === '') throw new Error(t('texts.mcp.noClaudeDesktopConfig', { file }));
  const parsed = parseMcpConfig(text, typeof source === 'string' ? CLAUDE_DESKTOP_CONFIG : source.name);
  if (!parsed.ok) throw new Error(parsed.error);
  const raw = (JSON.parse(text) as { mcpServers?: Record<string, unknown> }).mcpServers ?? {};
  const result: ImportResult = { added: [], kept: [], problems: parsed.problems };
  if (parsed.servers.length === 0) return result;
  editMcpServers(mcpFile, (servers) => {
    for (const { name } of parsed.servers) {
      if (Object.hasOwn(servers, name)) result.kept.push(name);
      else {
        servers[name] = raw[name];
        result.added.push(name);
      }
    }
  });
  return result;
}
