// Child process that runs the built desktop bundles in plain Node: out/main/index.js (ESM) with the
// recording stand-in as `electron`, and out/preload/index.cjs as a sandboxed preload, evaluated per frame
// of each window with a `require` that offers only `electron`. The parent test drives the API the preload exposed, over
// process IPC (desktopHost.ts has the other end and the message shapes).
// Usage: node host.mjs <out/main/index.js>
import { readFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compileFunction } from 'node:vm';

register('./resolveElectron.mjs', import.meta.url);
const standIn = await import('./electronStandIn.mjs');
// CommonJS code bundled into main (electron-log) calls require('electron'), which the hook above does not
// see: that require gets the same stand-in, from the module cache.
const STAND_IN_ID = fileURLToPath(new URL('./electronStandIn.mjs', import.meta.url));
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'electron' ? STAND_IN_ID : resolveFilename.call(this, request, ...rest);
};
Module._cache[STAND_IN_ID] = Object.assign(new Module(STAND_IN_ID), { filename: STAND_IN_ID, loaded: true, exports: standIn });
const { app, BrowserWindow, dialog, Frame, ipcMain, markReady, Menu, protocol, rendererElectron, shell } = standIn;

/**
 * Runs the preload in `frame` as Electron's sandbox would: `require` offers `electron` and nothing else.
 * What it asked for, and how it failed, are recorded for the test to report.
 */
function runPreload(path, frame, webContents) {
  const { electron, exposed } = rendererElectron(frame, webContents);
  const requested = [];
  const sandboxedRequire = (name) => {
    requested.push(name);
    if (name === 'electron') return electron;
    throw new Error(`module not found: ${name}`);
  };
  const module = { exports: {} };
  try {
    compileFunction(readFileSync(path, 'utf8'), ['require', 'module', 'exports'], { filename: path })(
      sandboxedRequire,
      module,
      module.exports,
    );
    return { requested, exposed };
  } catch (err) {
    return { requested, exposed, error: String(err) };
  }
}

function fail(message) {
  process.send({ type: 'failed', message }, () => process.exit(1));
}

/** Each window's preloads, by window (oldest first): its main frame's, and for the first window an iframe's and another page's. */
const windows = [];

/** Runs the preload in a window once its page loads, and forwards what its API delivers to the test. */
function attach(win) {
  if (windows.some((w) => w.win === win)) return;
  const contents = win.webContents;
  const index = windows.length;
  const preloadPath = win.options.webPreferences?.preload;
  const frames = { main: contents.mainFrame };
  if (index === 0) {
    // An iframe inside the app's page, showing the app's own URL.
    frames.subframe = new Frame({ url: contents.mainFrame.url, parent: contents.mainFrame, frameToken: 'subframe' });
    // Another page's top frame, in another renderer process.
    frames.otherPage = new Frame({ url: 'https://evil.example/', processId: 2, frameToken: 'other-page' });
  }
  const preloads = Object.fromEntries(Object.entries(frames).map(([name, frame]) => [name, runPreload(preloadPath, frame, contents)]));
  preloads.main.exposed.baton?.subscribe((event) => process.send({ type: 'event', window: index, event }));
  windows.push({ win, preloads });
}

/** The windows' addresses, and which are still open. */
const windowList = () => windows.map(({ win }) => ({ url: win.webContents.mainFrame.url, open: !win.isDestroyed() }));

// An installed app's resources (app-update.yml), where Electron would say they are.
if (process.env.BATON_TEST_RESOURCES) process.resourcesPath = process.env.BATON_TEST_RESOURCES;
await import(pathToFileURL(process.argv[2]).href);
// A window's page loads (and its preload runs) once it shows.
app.on('browser-window-created', (_event, win) => win.once('ready-to-show', () => setImmediate(() => attach(win))));
markReady();
// The bundle creates its windows in a .then() after whenReady(); each loads a moment later.
await new Promise((resolve) => setImmediate(resolve));
for (const win of BrowserWindow.getAllWindows()) if (!windows.some((w) => w.win === win)) attach(win);
const first = windows[0];
if (!first) {
  fail(`The main bundle opened no window. ${JSON.stringify(dialog.errorBoxes)}`);
} else {
  const { win, preloads } = first;
  const contents = win.webContents;
  const api = preloads.main.exposed.baton;

  // Asked to, or by itself (its last window closed, an update installing): the test is told the exit code
  // and what the app asked on the way. The process ends when the test asked for the quit, or kills it.
  app.on('quit', () => process.send({ type: 'quit', code: app.exitCode ?? 0, questions: dialog.messageBoxes }));

  // Every failure is answered, so the promise never rejects.
  const answer = async (message) => {
    const reply = (answer) => process.send({ type: 'reply', id: message.id, ...answer });
    try {
      if (message.op === 'call') {
        const target = windows[message.window ?? 0];
        if (!target) throw new Error(`There is no window ${message.window}`);
        const exposedApi = target.preloads[message.frame]?.exposed.baton;
        if (!exposedApi) throw new Error(`The preload exposed no API in the ${message.frame} frame of window ${message.window ?? 0}`);
        reply({ result: await exposedApi[message.channel](message.input) });
      } else if (message.op === 'windows') {
        reply({ result: windowList() });
      } else if (message.op === 'load') {
        // What the page's request for a URL gets from the handler the bundle registered for its scheme.
        const handler = protocol.handlers.get(new URL(message.url).protocol.slice(0, -1));
        if (!handler) throw new Error(`No handler for ${message.url}`);
        const response = await handler({ url: message.url, method: 'GET', headers: new Headers() });
        reply({ result: { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() } });
      } else if (message.op === 'crash') {
        // An error nothing catches, thrown in the main process as a timer callback would.
        setImmediate(() => {
          throw new Error('An uncaught error in the main process');
        });
        reply({ result: null });
      } else if (message.op === 'rendererGone') {
        // The first window's page process crashing, as Electron tells the app.
        app.emit('render-process-gone', {}, contents, { reason: 'crashed', exitCode: 139 });
        reply({ result: null });
      } else if (message.op === 'menuClick') {
        // The menu item at this path of labels (or roles), clicked as the user would.
        const item = message.path.reduce((items, name) => {
          const found = (items?.submenu ?? items)?.find((i) => i.label === name || i.role === name);
          if (!found) throw new Error(`No menu item ${message.path.join(' → ')}`);
          return found;
        }, Menu.application.template);
        item.click();
        reply({ result: null });
      } else if (message.op === 'openedPaths') {
        reply({ result: shell.openedPaths });
      } else if (message.op === 'messageBoxes') {
        reply({ result: dialog.messageBoxes });
      } else if (message.op === 'navigate') {
        contents.mainFrame.url = message.url;
        reply({ result: null });
      } else if (message.op === 'close') {
        windows[message.window]?.win.close();
        reply({ result: null });
      } else if (message.op === 'quit') {
        // Answered by the 'quit' message; every other 'quit' listener (an update installing) runs first.
        app.once('quit', () => setImmediate(() => process.exit(0)));
        app.quit();
      }
    } catch (err) {
      reply({ error: String(err) });
    }
  };
  process.on('message', (message) => void answer(message));

  process.send({
    type: 'ready',
    facts: {
      handled: [...ipcMain.handlers.keys()],
      listened: ipcMain.eventNames(),
      windows: BrowserWindow.getAllWindows().length,
      windowUrls: windowList().map((w) => w.url),
      webPreferences: win.options.webPreferences,
      appUrl: contents.mainFrame.url,
      preloadRequested: preloads.main.requested,
      exposedKeys: Object.keys(preloads.main.exposed),
      preloadError: preloads.main.error,
      apiKeys: Object.keys(api ?? {}),
      apiFrozen: api !== undefined && Object.isFrozen(api),
      errorBoxes: dialog.errorBoxes,
      privilegedSchemes: protocol.privileged,
      handledSchemes: [...protocol.handlers.keys()],
      menu: Menu.application?.template ?? [],
    },
  });
}
