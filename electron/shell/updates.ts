// Updates of an installed Baton. electron-updater reads the release feed electron-builder wrote into the
// app (electron-builder.yml `publish`: GitHub releases), downloads a newer version in the background, and
// once it is ready Baton offers "Restart to update"; declined, it is installed when Baton quits.
// Help → Check for updates does the same on demand and says what it found. A run from the sources
// (npm start, npm run dev) has no feed: it never checks, and says so when asked.
import { app, dialog } from 'electron';
import updater from 'electron-updater';
import { t } from '../../shared/i18n';
import { log } from '../core/log';

/** How often a running app looks again, after the check at start. */
const CHECK_EVERY_MS = 6 * 60 * 60 * 1000;

export interface Updates {
  /** Help → Check for updates. */
  check: () => void;
}

const tell = (message: string, detail?: string) => void dialog.showMessageBox({ type: 'info', message, detail, buttons: [t('desktop.ok')] });

export function startUpdates(): Updates {
  if (!app.isPackaged) {
    return { check: () => tell(t('desktop.updatesFromInstaller'), t('desktop.runsFromSources')) };
  }
  const { autoUpdater } = updater;
  autoUpdater.logger = { info: log.info, warn: log.warn, error: (message) => log.error(String(message)) };
  const offerRestart = async (version: string) => {
    const { response } = await dialog.showMessageBox({
      type: 'info',
      message: t('desktop.readyToInstall', { version }),
      detail: t('desktop.restartOrLater'),
      buttons: [t('desktop.restartToUpdate'), t('desktop.later')],
      defaultId: 0,
      cancelId: 1,
    });
    if (response === 0) autoUpdater.quitAndInstall();
  };
  autoUpdater.on('update-downloaded', ({ version }) => void offerRestart(version));
  // A failed check or download (offline, the feed unreachable) is logged; only a check the user asked
  // for also says so. Without this listener electron-updater's 'error' would be thrown.
  autoUpdater.on('error', (err) => log.warn('Update failed:', err));
  const checkQuietly = () => autoUpdater.checkForUpdates().catch(() => {});
  void checkQuietly();
  setInterval(() => void checkQuietly(), CHECK_EVERY_MS).unref();

  return {
    check: () =>
      void autoUpdater.checkForUpdates().then(
        (result) => {
          if (!result) tell(t('desktop.cannotUpdateItself'), t('desktop.updateAsInstalled'));
          else if (!result.isUpdateAvailable) tell(t('desktop.latestVersion', { version: app.getVersion() }));
          else tell(t('desktop.downloading', { version: result.updateInfo.version }), t('desktop.restartWhenReady'));
        },
        (err: unknown) => tell(t('desktop.checkFailed'), (err as Error)?.message ?? String(err)),
      ),
  };
}
