// Every IPC call is checked for who sent it (SPEC §6): only the main window's top frame, showing the
// app's own page, may call Baton. A subframe, a navigated-away page or a stray window gets "forbidden".
// Pure (frames are described structurally) so it is unit-tested without Electron.
import { isAppUrl, type AppUrl } from './appUrl';

/** The parts of Electron's WebFrameMain the check reads. */
export interface FrameLike {
  readonly url: string;
  readonly parent: FrameLike | null;
  readonly processId: number;
  /** Equal for distinct WebFrameMain objects that wrap the same frame. */
  readonly frameToken: string;
}

export function isTrustedSender(
  sender: FrameLike | null | undefined,
  mainFrame: FrameLike | null | undefined,
  app: AppUrl,
): boolean {
  if (!sender || !mainFrame) return false;
  if (sender.parent !== null) return false;
  const sameFrame =
    sender === mainFrame || (sender.processId === mainFrame.processId && sender.frameToken === mainFrame.frameToken);
  return sameFrame && isAppUrl(sender.url, app);
}
