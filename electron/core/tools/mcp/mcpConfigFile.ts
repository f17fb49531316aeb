// Reading and changing `<dataDir>/mcp.json`. The file is the user's: a change Baton makes (the Enabled
// switch, an import) edits only the servers it is about and keeps every other key as it was. A file
// that is not valid JSON is never overwritten.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MCP_CONFIG_FILE, parseMcpConfig } from '../../../../shared/mcpConfig';
import { writeFileAtomic } from '../../storage/atomicWrite';
import { realFs } from '../../storage/fsSeam';
import { t } from '../../../../shared/i18n';

export function mcpConfigPath(dataDir: string): string {
  return join(dataDir, MCP_CONFIG_FILE);
}

/** The file's text; empty when there is no file. */
export function readConfigText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw err;
  }
}

/** Changes the `mcpServers` object in place and writes the file (created when missing, mode 0600: it holds secrets). */
export function editMcpServers(file: string, edit: (servers: Record<string, unknown>) => void): void {
  const text = readConfigText(file);
  let root: Record<string, unknown> = {};
  if (text.trim() !== '') {
    const parsed = parseMcpConfig(text);
    if (!parsed.ok) throw new Error(t('texts.mcp.fixByHand', { problem: parsed.error }));
    root = JSON.parse(text) as Record<string, unknown>;
  }
  const servers = isObject(root.mcpServers) ? root.mcpServers : {};
  edit(servers);
  writeFileAtomic(realFs, file, `${JSON.stringify({ ...root, mcpServers: servers }, null, 2)}\n`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
