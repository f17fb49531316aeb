// Electron fuses of a packaged Baton (SPEC §6): switches compiled into the Electron binary that no
// environment variable or command-line flag can turn back on. Set on the packaged app's Electron binary,
// after packing (which puts the app in an asar archive and embeds its integrity hash) and before signing:
// `npm run dist` does it through electron-builder's afterPack hook (electron-builder.yml names this
// file), and by hand:
//   npm run fuses -- <path to the packaged Electron binary>
// Every fuse is set explicitly; a new one in a future Electron fails the run until it is decided here.
import { flipFuses, FuseV1Options, FuseVersion } from '@electron/fuses';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FUSES = {
  version: FuseVersion.V1,
  strictlyRequireAllFuses: true,
  // No ELECTRON_RUN_AS_NODE: the binary cannot be used as a plain Node to run other code with the app's identity.
  [FuseV1Options.RunAsNode]: false,
  // Cookies and other session data on disk are encrypted with the OS keyring.
  [FuseV1Options.EnableCookieEncryption]: true,
  // NODE_OPTIONS and --inspect cannot inject code or a debugger into the main process.
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  // The app loads only from its asar archive, and only if the archive matches its embedded hash.
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  // The pages come from app:// (electron/shell/appProtocol.ts): file:// needs no extra powers.
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  [FuseV1Options.WasmTrapHandlers]: true,
};

/**
 * Flips the fuses of the Electron binary at `electronPath` (on macOS, the .app). Flipping invalidates a
 * macOS binary's signature: `resign` gives it an ad-hoc one again, so an unsigned build still starts on
 * Apple silicon (a signed build is signed after this anyway).
 */
export function setFuses(electronPath, { resign = false } = {}) {
  return flipFuses(electronPath, { ...FUSES, resetAdHocDarwinSignature: resign });
}

/** electron-builder's afterPack hook: the packed app's Electron, wherever this platform keeps it. */
export async function afterPack({ appOutDir, electronPlatformName, packager }) {
  const mac = electronPlatformName === 'darwin' || electronPlatformName === 'mas';
  const binary = mac
    ? join(appOutDir, `${packager.appInfo.productFilename}.app`)
    : electronPlatformName === 'win32'
      ? join(appOutDir, `${packager.appInfo.productFilename}.exe`)
      : join(appOutDir, packager.executableName);
  await setFuses(binary, { resign: mac });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [electronPath] = process.argv.slice(2);
  if (!electronPath) {
    console.error('Usage: npm run fuses -- <path to the packaged Electron binary>');
    process.exit(2);
  }
  setFuses(electronPath).then(
    () => console.log(`Fuses set in ${electronPath}`),
    (err) => {
      console.error(`Could not set the fuses: ${err.message}`);
      process.exit(1);
    },
  );
}
