// Web permissions (camera, notifications, geolocation, …) are denied by default (SPEC §6). The one
// exception is writing to the clipboard from the app's own top frame, which the "copy code" buttons
// need and which cannot read anything. Pure so it is unit-tested.
import { isAppUrl, type AppUrl } from './appUrl';

const ALLOWED_FOR_APP = new Set(['clipboard-sanitized-write']);

export function isPermissionAllowed(
  permission: string,
  requestingUrl: string | undefined,
  isMainFrame: boolean,
  app: AppUrl,
): boolean {
  return ALLOWED_FOR_APP.has(permission) && isMainFrame && requestingUrl !== undefined && isAppUrl(requestingUrl, app);
}
