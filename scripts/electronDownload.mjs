// Downloads the Electron binary as the electron package's own installer (`npx install-electron`) does,
// in two steps, so that the network part shows its progress and can be aborted:
// 1. downloadElectron: @electron/get (the electron package's own dependency) fetches the same archive,
//    checked against the same checksums, into Electron's download cache;
// 2. installElectron: the package's install.js finds that archive in the cache, unpacks it into
//    node_modules/electron/dist and writes path.txt, exactly as after its own download.
import { execSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const electronPackage = createRequire(import.meta.url).resolve('electron/package.json');
const fromElectron = createRequire(electronPackage);

export function electronVersion() {
  return fromElectron('./package.json').version;
}

/** Fetches the archive into the cache, reporting its bytes as they arrive; `signal` aborts the request. */
export async function downloadElectron({ signal, onProgress }) {
  const { downloadArtifact, FetchDownloader } = await import(pathToFileURL(fromElectron.resolve('@electron/get')).href);
  const env = process.env;
  const fetcher = new FetchDownloader();
  await downloadArtifact({
    version: electronVersion(),
    artifactName: 'electron',
    ...target(env),
    force: env.force_no_cache === 'true',
    cacheRoot: env.electron_config_cache,
    checksums:
      env.electron_use_remote_checksums || env.npm_config_electron_use_remote_checksums
        ? undefined
        : fromElectron('./checksums.json'),
    // quiet: no progress bar of its own; the caller shows the bytes.
    downloadOptions: { quiet: true, signal },
    // The default downloader, reporting the archive's progress (not that of a checksum file).
    downloader: {
      download: (url, file, options) =>
        fetcher.download(url, file, {
          ...options,
          getProgressCallback: file.endsWith('.zip') ? ({ transferred, total }) => onProgress({ transferred, total }) : undefined,
        }),
    },
  });
}

/** Runs the package's installer, which unpacks the archive just cached; `signal` kills it. */
export function installElectron({ signal }) {
  // Pin the installer to the archive downloadElectron chose, and let it use the cached copy.
  const env = { ...process.env, ...installTarget() };
  delete env.force_no_cache;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(dirname(electronPackage), 'install.js')], {
      env,
      signal,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`unpacking it failed: ${stderr.trim().split('\n')[0] || `exit code ${code}`}`));
    });
  });
}

function installTarget() {
  const { platform, arch } = target(process.env);
  return { ELECTRON_INSTALL_PLATFORM: platform, ELECTRON_INSTALL_ARCH: arch };
}

/** The platform and architecture install.js would pick: the same overrides, the same Rosetta rule. */
function target(env) {
  const platform = env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || process.platform;
  let arch = env.ELECTRON_INSTALL_ARCH || env.npm_config_arch || process.arch;
  // x64 Node on an Apple Silicon Mac runs under Rosetta; the native arm64 Electron is the one to fetch.
  if (platform === 'darwin' && process.platform === 'darwin' && arch === 'x64' && env.npm_config_arch === undefined) {
    if (runsUnderRosetta()) arch = 'arm64';
  }
  return { platform, arch };
}

function runsUnderRosetta() {
  try {
    return execSync('sysctl -in sysctl.proc_translated', { encoding: 'utf8' }).trim() === '1';
  } catch {
    return false;
  }
}
