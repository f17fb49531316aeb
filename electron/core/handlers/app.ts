// app.* and shell.*: what the app is, its windows, where its logs are, and links that leave it (SPEC §1, §6).
import type { AppInfo } from '../../../shared/contract';
import { texts } from '../../../shared/texts';
import type { View } from '../conversations/Views';
import { BatonError } from '../errors';
import { log, logsDir } from '../log';
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

/** How many of a page's failures a view logs a minute: a component failing on every frame must not fill the log. */
export const ERROR_REPORTS_PER_MINUTE = 10;

/** A page's failure as a log line: its message on one line, its stack indented below it, so neither reads as a line of its own. */
function pageFailure(kind: string, message: string, stack: string | undefined): string {
  const head = `A page failed (${kind}): ${message.replace(/\s+/g, ' ').trim() || 'no message'}`;
  return stack ? `${head}\n${stack.split(/\r?\n/).map((line) => `    ${line.trim()}`).join('\n')}` : head;
}

export function appHandlers(
  ctx: CoreContext,
  view: View,
): Pick<Handlers, 'app.info' | 'app.reportError' | 'app.openLogs' | 'app.openWindow' | 'shell.openExternal'> {
  /** When this view's failures of the last minute were logged. */
  const reported: number[] = [];
  return {
    'app.info': () => appInfo(ctx, view),
    'app.reportError': ({ kind, message, stack }) => {
      const now = Date.now();
      while (reported.length > 0 && now - reported[0]! >= 60_000) reported.shift();
      if (reported.length >= ERROR_REPORTS_PER_MINUTE) return { logged: false };
      reported.push(now);
      log.error(pageFailure(kind, message, stack));
      return { logged: true };
    },
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
