// app.* and shell.*: what the app is, where its logs are, and links that leave it (SPEC §6).
import { mkdirSync } from 'node:fs';
import type { AppInfo } from '../../../shared/contract';
import { BatonError } from '../errors';
import { logsDir } from '../log';
import type { Handlers } from '../ipc/dispatcher';
import { isSafeExternalUrl } from '../security/externalUrl';
import type { CoreContext } from './context';

export function appInfo({ options, agent }: CoreContext): AppInfo {
  const hasApiKey = Boolean(options.apiKey.get());
  return {
    name: 'Baton',
    version: options.version ?? '0.0.0',
    transport: options.transport,
    platform: process.platform,
    hasApiKey,
    apiKeySource: hasApiKey ? options.apiKey.source : 'none',
    dataDir: options.dataDir,
    storageProblem: agent.sessionManager.readOnlyReason,
  };
}

export function appHandlers(ctx: CoreContext): Pick<Handlers, 'app.info' | 'app.openLogs' | 'shell.openExternal'> {
  return {
    'app.info': () => appInfo(ctx),
    'app.openLogs': async () => {
      const path = logsDir(ctx.options.dataDir);
      if (!ctx.options.openFolder) return { opened: false, path };
      // Nothing may have been logged yet: the folder opens all the same, empty.
      mkdirSync(path, { recursive: true });
      await ctx.options.openFolder(path);
      return { opened: true, path };
    },
    'shell.openExternal': async ({ url }) => {
      if (!isSafeExternalUrl(url)) throw new BatonError('invalid_input', 'Only http, https and mailto links can be opened');
      if (!ctx.options.openExternal) return { opened: false };
      await ctx.options.openExternal(url);
      return { opened: true };
    },
  };
}
