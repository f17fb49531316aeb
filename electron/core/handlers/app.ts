// app.* and shell.*: what the app is, and links that leave it (SPEC §6).
import type { AppInfo } from '../../../shared/contract';
import { BatonError } from '../errors';
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

export function appHandlers(ctx: CoreContext): Pick<Handlers, 'app.info' | 'shell.openExternal'> {
  return {
    'app.info': () => appInfo(ctx),
    'shell.openExternal': async ({ url }) => {
      if (!isSafeExternalUrl(url)) throw new BatonError('invalid_input', 'Only http, https and mailto links can be opened');
      if (!ctx.options.openExternal) return { opened: false };
      await ctx.options.openExternal(url);
      return { opened: true };
    },
  };
}
