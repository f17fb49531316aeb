// app.* and shell.*: what the app is, its windows, where its logs are, and links that leave it (SPEC §1, §6).
import type { AppInfo } from '../../../shared/contract';
import { texts } from '../../../shared/texts';
import type { View } from '../conversations/Views';
import { BatonError } from '../errors';
import { logsDir } from '../log';
import type { Handlers } from '../ipc/dispatcher';
import { isSafeExternalUrl } from '../security/externalUrl';
import type { CoreContext } from './context';

/** `view`: whose session's read-only state is told; any open session's when it shows none yet. */
export function appInfo({ options, conversations, listedModel }: CoreContext, view?: View): AppInfo {
  const hasApiKey = Boolean(options.apiKey.get());
  return {
    name: 'Baton',
    version: options.version ?? '0.0.0',
    transport: options.transport,
    platform: process.platform,
    hasApiKey,
    apiKeySource: hasApiKey ? options.apiKey.source : 'none',
    dataDir: options.dataDir,
    storageProblem: conversations.readOnlyReason(view?.sessionId),
    modelReplaced: listedModel.take(),
  };
}

export function appHandlers(ctx: CoreContext, view: View): Pick<Handlers, 'app.info' | 'app.openLogs' | 'app.openWindow' | 'shell.openExternal'> {
  return {
    'app.info': () => appInfo(ctx, view),
    'app.openLogs': async () => {
      const path = logsDir(ctx.options.dataDir);
      if (!ctx.options.openFolder) return { opened: false, path };
      await ctx.options.openFolder(path);
      return { opened: true, path };
    },
    'app.openWindow': ({ sessionId }) => {
      if (!ctx.options.openWindow) return { opened: false };
      if (sessionId !== undefined) ctx.store.fileFor(sessionId); // an unknown session is refused, not opened blank
      ctx.options.openWindow(sessionId);
      return { opened: true };
    },
    'shell.openExternal': async ({ url }) => {
      if (!isSafeExternalUrl(url)) throw new BatonError('invalid_input', texts.onlyWebLinks);
      if (!ctx.options.openExternal) return { opened: false };
      await ctx.options.openExternal(url);
      return { opened: true };
    },
  };
}
