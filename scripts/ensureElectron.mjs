// Makes sure `npm start` and `npm run dev` have an Electron binary that runs. After `npm ci` it is not
// there yet (electron >= 42 fetches it on first use), so it is downloaded here, with the progress on
// stderr. Waiting is bounded: a download that stays silent for `idleTimeoutMs` is aborted, so an offline
// or blocked machine is told within seconds, never left hanging. Every effect comes in through the
// arguments, so these decisions are tested without a network.

/** Long enough for a slow connection to start; short enough that a dead one is reported promptly. */
export const IDLE_TIMEOUT_MS = 15_000;
/** Unpacking is local work, but a large archive on a slow disk takes a while. */
export const INSTALL_TIMEOUT_MS = 180_000;

const NEEDS = "Baton's desktop app needs the Electron binary";

/**
 * @returns {Promise<{ binary: string } | { problem: string }>} the binary to run, or one plain sentence on why
 * there is none (the caller adds where to go instead).
 */
export async function ensureElectron({
  probe,
  download,
  install,
  stderr,
  idleTimeoutMs = IDLE_TIMEOUT_MS,
  installTimeoutMs = INSTALL_TIMEOUT_MS,
}) {
  const found = probe();
  if (found.status === 'usable') return { binary: found.path };
  if (found.status === 'unusable') return { problem: `${NEEDS}, and the one at ${found.path} does not run on this machine.` };
  if (found.overridden) {
    // The user pointed to a binary of their own; a download would not land there.
    return { problem: `${NEEDS}, and there is none at ${found.path} (set by ELECTRON_EXEC_PATH or ELECTRON_OVERRIDE_DIST_PATH).` };
  }

  stderr.write(`${NEEDS}. It is not installed yet, so it is being downloaded now (this happens once).\n`);
  const progress = progressDisplay(stderr);
  try {
    await bounded(
      (signal, alive) => download({ signal, onProgress: (bytes) => (alive(), progress.show(bytes)) }),
      idleTimeoutMs,
      `the download stalled (nothing arrived for ${seconds(idleTimeoutMs)})`,
    );
    progress.end();
    await bounded((signal) => install({ signal }), installTimeoutMs, `unpacking it took over ${seconds(installTimeoutMs)}`);
  } catch (err) {
    progress.end();
    return { problem: `The Electron binary could not be downloaded: ${reason(err)}.` };
  }
  const installed = probe();
  if (installed.status !== 'usable') return { problem: 'The Electron binary was downloaded, but it does not run on this machine.' };
  stderr.write('Electron is installed.\n');
  return { binary: installed.path };
}

/** "Downloading Electron: 42% (41.9 of 99.8 MB)", or only the bytes when the size is unknown. */
export function describeProgress({ transferred, total }) {
  const mb = (bytes) => (bytes / 1e6).toFixed(1);
  return total
    ? `Downloading Electron: ${Math.floor((transferred / total) * 100)}% (${mb(transferred)} of ${mb(total)} MB)`
    : `Downloading Electron: ${mb(transferred)} MB`;
}

/** On a terminal one line redrawn in place; in a log (CI, a pipe) one line per tenth, not per chunk. */
function progressDisplay(stream) {
  let last;
  let redrawing = false;
  return {
    show(bytes) {
      const text = describeProgress(bytes);
      if (stream.isTTY) {
        if (text !== last) stream.write(`\r${text}`);
        last = text;
        redrawing = true;
        return;
      }
      const step = bytes.total ? Math.floor((bytes.transferred / bytes.total) * 10) : Math.floor(bytes.transferred / 1e7);
      if (step !== last) stream.write(`${text}\n`);
      last = step;
    },
    end() {
      if (redrawing) stream.write('\n');
      redrawing = false;
    },
  };
}

/**
 * Runs `run(signal, alive)` and gives up, aborting `signal`, once it has been silent for `idleMs`;
 * each `alive()` restarts the clock. Gives up even if `run` ignores the signal.
 */
function bounded(run, idleMs, silence) {
  const controller = new AbortController();
  return new Promise((resolve, reject) => {
    let timer;
    const alive = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const err = new Error(silence);
        controller.abort(err);
        reject(err);
      }, idleMs);
    };
    alive();
    Promise.resolve()
      .then(() => run(controller.signal, alive))
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}

/** The error in words, with the network's reason when there is one ("fetch failed (ENOTFOUND github.com)"). */
function reason(err) {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause;
  const detail = cause?.code ? [cause.code, cause.hostname].filter(Boolean).join(' ') : cause?.message;
  return detail ? `${err.message} (${detail})` : err.message;
}

function seconds(ms) {
  return `${Math.round(ms / 100) / 10} s`;
}
