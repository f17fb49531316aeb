// The only place Baton hands a URL to the OS. Every caller (links in the chat, new-window requests, the
// shell.openExternal IPC call) comes through here, and the URL is parsed and allow-listed first.
import { shell } from 'electron';
import { texts } from '../../shared/texts';
import { BatonError } from '../core/errors';
import { safeExternalUrl } from '../core/security/externalUrl';

export async function openExternal(url: string): Promise<void> {
  const safe = safeExternalUrl(url);
  if (!safe) throw new BatonError('invalid_input', texts.onlyWebLinks);
  await shell.openExternal(safe);
}
