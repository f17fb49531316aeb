// `npm run web -- [--port N] [--host H] [--data-dir DIR] [--allow-tool-config]` (SPEC §7, §6).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isLoopbackHost } from '../../shared/loopback';
import { createCore, type Core } from '../core/BatonCore';
import { defaultDataDir } from '../core/dataDir';
import { installLastResort } from '../core/lastResort';
import { addRedaction, fileLogSink, log, setLogSink } from '../core/log';
import { EnvApiKeyStore } from '../core/settings/apiKey';
import { openConfSettings } from '../core/settings/SettingsStore';
import { launchToken } from './launchToken';
import { startWebServer } from './WebServer';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let core: Core | undefined;

// Whatever slipped past its own handler is logged and shown in the open pages; the server keeps serving.
installLastResort((err) => core?.reportError(err));

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      // The page may then add and change MCP servers, whose commands run on this machine (SPEC §6).
      'allow-tool-config': { type: 'boolean' },
    },
  });
  const dataDir = values['data-dir'] ?? defaultDataDir();
  // The log goes to <dataDir>/logs/baton.log as well as stderr, as the desktop app's does.
  setLogSink(fileLogSink(dataDir));
  const staticDir = join(root, 'out', 'renderer');
  if (!existsSync(join(staticDir, 'index.html'))) await buildRenderer();

  const started = createCore({
    dataDir,
    settings: openConfSettings(dataDir),
    apiKey: new EnvApiKeyStore(),
    transport: 'web',
    allowToolConfig: values['allow-tool-config'] === true,
    version: JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version,
  });
  core = started;
  const { token, warning } = launchToken(process.env.BATON_WEB_TOKEN);
  // A token short enough to be a common word is no secret worth mangling every line for.
  if (token.length >= 8) addRedaction((text) => text.split(token).join('[token]'));
  const server = await startWebServer({
    connect: () => started.connect(),
    staticDir,
    token,
    host: values.host ?? '127.0.0.1',
    port: values.port ? Number(values.port) : 0,
    log: log.warn,
  });
  console.log(`Baton web UI: ${server.url}`);
  if (warning) console.error(warning);
  if (!isLoopbackHost(values.host ?? '127.0.0.1')) {
    console.error('Warning: Baton is reachable from other machines on this network. Anyone with the URL (and its token) can use your API key.');
  }

  const stop = async () => {
    try {
      await server.close();
      await started.dispose();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

async function buildRenderer(): Promise<void> {
  console.error('Building the renderer (first run)…');
  const { build } = await import('vite');
  await build({ configFile: join(root, 'vite.renderer.config.ts'), logLevel: 'warn' });
}

main().catch((err: Error) => {
  console.error(`Baton web mode could not start: ${err.message}`);
  process.exit(1);
});
