// A recording stand-in for the `electron` module, so the built desktop bundles run in plain Node.
// Main side (what out/main/index.js imports): app, BrowserWindow (one webContents of its own each),
// ipcMain, session, protocol, Menu, dialog, safeStorage, shell, and for electron-updater net and
// autoUpdater. Each records what the bundle does with it and behaves as Electron does where the
// bundle relies on it. Renderer side, per frame (rendererElectron): the contextBridge and ipcRenderer a
// sandboxed preload gets. IPC between the two sides works like Electron's: payloads are structured-cloned,
// a handler gets the sender frame, main→renderer messages arrive asynchronously in the main frame.
import { EventEmitter } from 'node:events';
import { request as httpRequest } from 'node:http';
import { basename, join } from 'node:path';

export const STAND_IN_VERSION = '0.0.0-stand-in';

/** A frame as the main process sees it (Electron's WebFrameMain, the parts the shell reads). */
export class Frame {
  constructor({ url, parent = null, processId = 1, frameToken }) {
    this.url = url;
    this.parent = parent;
    this.processId = processId;
    this.frameToken = frameToken;
    /** Listeners the frame's preload registered with ipcRenderer.on. */
    this.listeners = new Map();
  }
}

let resolveReady;
const ready = new Promise((resolve) => (resolveReady = resolve));
let isReady = false;

class App extends EventEmitter {
  /** An installed app (BATON_TEST_PACKAGED=1: its resources in process.resourcesPath), or a run from the sources. */
  isPackaged = process.env.BATON_TEST_PACKAGED === '1';
  exitCode = undefined;
  /** While quitting closes the windows: Electron then says nothing of the last one closing. */
  closingForQuit = false;
  #paths = new Map();

  setPath(name, value) {
    this.#paths.set(name, value);
  }
  getPath(name) {
    const path = this.#paths.get(name);
    if (!path) throw new Error(`electron stand-in: app.getPath('${name}') before app.setPath (set BATON_DATA_DIR)`);
    return path;
  }
  getVersion() {
    return STAND_IN_VERSION;
  }
  getName() {
    return 'Baton';
  }
  /** As Electron reads them from the OS: here, the locale the process was started with. */
  getPreferredSystemLanguages() {
    return [Intl.DateTimeFormat().resolvedOptions().locale];
  }
  get name() {
    return 'Baton';
  }
  getAppPath() {
    return process.cwd();
  }
  relaunch() {}
  requestSingleInstanceLock() {
    return true;
  }
  isReady() {
    return isReady;
  }
  whenReady() {
    return ready;
  }
  /**
   * As Electron: 'before-quit' may be prevented (the bundle asks while replies stream); then every window
   * closes; 'will-quit' may be prevented (the bundle flushes its store first, then quits again);
   * otherwise 'quit'.
   */
  quit() {
    const prevented = (name) => {
      let stopped = false;
      this.emit(name, { preventDefault: () => (stopped = true) });
      return stopped;
    };
    if (prevented('before-quit')) return;
    this.closingForQuit = true;
    for (const win of BrowserWindow.getAllWindows()) win.close();
    this.closingForQuit = false;
    if (!prevented('will-quit')) this.emit('quit');
  }
  exit(code) {
    this.exitCode = code;
    this.emit('quit');
  }
}
export const app = new App();

/** The host says when Electron would be ready. */
export function markReady() {
  isReady = true;
  app.emit('ready');
  resolveReady();
}

class IpcMain extends EventEmitter {
  handlers = new Map();

  handle(channel, handler) {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel) {
    this.handlers.delete(channel);
  }
}
export const ipcMain = new IpcMain();

let lastWebContentsId = 0;

class WebContents extends EventEmitter {
  windowOpenHandler = undefined;
  /** Unique per window, as Electron's: an IPC call's sender names its window by it. */
  id = ++lastWebContentsId;
  mainFrame = new Frame({ url: '', frameToken: `main-frame-${this.id}` });
  destroyed = false;

  send(channel, payload) {
    const copy = structuredClone(payload);
    // Electron delivers asynchronously, to the main frame's listeners.
    setImmediate(() => this.mainFrame.listeners.get(channel)?.forEach((listener) => listener({}, copy)));
  }
  getURL() {
    return this.mainFrame.url;
  }
  isDestroyed() {
    return this.destroyed;
  }
  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler;
  }
}

export class BrowserWindow extends EventEmitter {
  static #all = [];
  static #focused = undefined;
  /** The open windows, oldest first (closed ones are gone, as in Electron). */
  static getAllWindows() {
    return BrowserWindow.#all.filter((win) => !win.destroyed);
  }

  constructor(options) {
    super();
    this.options = options;
    this.shown = false;
    this.destroyed = false;
    this.webContents = new WebContents();
    BrowserWindow.#all.push(this);
    app.emit('web-contents-created', {}, this.webContents);
    app.emit('browser-window-created', {}, this);
  }
  async loadURL(url) {
    this.webContents.mainFrame.url = url;
    setImmediate(() => this.emit('ready-to-show'));
  }
  isDestroyed() {
    return this.destroyed;
  }
  isMinimized() {
    return false;
  }
  isFocused() {
    return BrowserWindow.#focused === this;
  }
  restore() {}
  focus() {
    BrowserWindow.#focused = this;
  }
  /** A window that shows takes the focus, as a new window does on a desktop. */
  show() {
    this.shown = true;
    this.focus();
  }
  /** The user (or quitting) closes it: 'close', then it is gone and 'closed'; the user's last one, 'window-all-closed'. */
  close() {
    if (this.destroyed) return;
    this.emit('close', { preventDefault: () => {} });
    this.destroyed = true;
    this.webContents.destroyed = true;
    if (BrowserWindow.#focused === this) BrowserWindow.#focused = undefined;
    this.emit('closed');
    if (!app.closingForQuit && BrowserWindow.getAllWindows().length === 0) app.emit('window-all-closed');
  }
}

/** What the bundle installed on the default session: permission handlers, the response-header hook. */
export const session = {
  /** electron-updater's own partition for its requests. */
  fromPartition: () => ({}),
  defaultSession: {
    installed: {},
    setPermissionRequestHandler(handler) {
      this.installed.permissionRequest = handler;
    },
    setPermissionCheckHandler(handler) {
      this.installed.permissionCheck = handler;
    },
    setDevicePermissionHandler(handler) {
      this.installed.devicePermission = handler;
    },
    webRequest: {
      onHeadersReceived(handler) {
        session.defaultSession.installed.headersReceived = handler;
      },
    },
  },
};

/** Custom schemes: declared privileged before `ready` and handled after, each refused otherwise as in Electron. */
export const protocol = {
  privileged: [],
  handlers: new Map(),
  registerSchemesAsPrivileged(schemes) {
    if (isReady) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
    protocol.privileged.push(...structuredClone(schemes));
  },
  handle(scheme, handler) {
    if (!isReady) throw new Error('The protocol module can only be used after the app is ready');
    if (protocol.handlers.has(scheme)) throw new Error(`Failed to register protocol: ${scheme}`);
    protocol.handlers.set(scheme, handler);
  },
};

export const Menu = {
  application: undefined,
  buildFromTemplate: (template) => ({ template }),
  setApplicationMenu(menu) {
    Menu.application = menu;
  },
};

export const dialog = {
  errorBoxes: [],
  /** The questions asked, in message boxes. */
  messageBoxes: [],
  showErrorBox(title, content) {
    dialog.errorBoxes.push({ title, content });
  },
  /** Asked while replies stream at quitting: the user picks the first button, "Quit anyway". */
  showMessageBoxSync(windowOrOptions, maybeOptions) {
    dialog.messageBoxes.push(structuredClone(maybeOptions ?? windowOrOptions));
    return 0;
  },
  /** The user picks the first button (the default, where one is set). */
  async showMessageBox(windowOrOptions, maybeOptions) {
    const options = maybeOptions ?? windowOrOptions;
    dialog.messageBoxes.push(structuredClone(options));
    return { response: options.defaultId ?? 0, checkboxChecked: false };
  },
  /** The user picks the offered name in BATON_TEST_SAVE_DIR, or cancels when that is not set. */
  async showSaveDialog(windowOrOptions, maybeOptions) {
    const options = maybeOptions ?? windowOrOptions;
    const dir = process.env.BATON_TEST_SAVE_DIR;
    return dir ? { canceled: false, filePath: join(dir, basename(options.defaultPath)) } : { canceled: true, filePath: '' };
  },
};

export const shell = {
  opened: [],
  openedPaths: [],
  async openExternal(url) {
    shell.opened.push(url);
  },
  /** As Electron: resolves with an error message, or '' once the file manager has it. */
  async openPath(path) {
    shell.openedPaths.push(path);
    return '';
  },
};

/**
 * Electron's net.request, as electron-updater uses it, over Node's http: loopback only, so a test's update
 * feed is the only server it can reach. The response is Node's IncomingMessage, which has the fields and
 * events of Electron's.
 */
export const net = {
  request({ protocol, hostname, port, path, method = 'GET', headers }) {
    if (protocol !== 'http:' || hostname !== '127.0.0.1') throw new Error(`electron stand-in: net.request to ${protocol}//${hostname} refused (loopback http only)`);
    const request = new EventEmitter();
    const sent = httpRequest({ hostname, port, path, method, headers });
    sent.on('response', (response) => request.emit('response', response));
    sent.on('error', (err) => request.emit('error', err));
    return Object.assign(request, {
      end: (data) => sent.end(data),
      abort: () => sent.destroy(),
      setHeader: (name, value) => sent.setHeader(name, value),
    });
  },
};

/** Electron's own autoUpdater, which electron-updater only tells that the app quits for an update. */
export const autoUpdater = new EventEmitter();

/** No keyring here: the API key comes from ANTHROPIC_API_KEY, as on a desktop without one. */
export const safeStorage = {
  isEncryptionAvailable: () => false,
  getSelectedStorageBackend: () => 'unknown',
  encryptString() {
    throw new Error('Encryption is not available');
  },
  decryptString() {
    throw new Error('Encryption is not available');
  },
};

/** The `electron` a sandboxed preload gets in `frame` of `webContents`. */
export function rendererElectron(frame, webContents) {
  const ipcRenderer = {
    async invoke(channel, ...args) {
      const handler = ipcMain.handlers.get(channel);
      if (!handler) throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`);
      try {
        return structuredClone(await handler({ senderFrame: frame, sender: webContents }, ...structuredClone(args)));
      } catch (err) {
        // A handler that throws reaches the page as a rejection with this message, as in Electron.
        throw new Error(`Error invoking remote method '${channel}': ${String(err)}`);
      }
    },
    on(channel, listener) {
      if (!frame.listeners.has(channel)) frame.listeners.set(channel, new Set());
      frame.listeners.get(channel).add(listener);
      return ipcRenderer;
    },
    removeListener(channel, listener) {
      frame.listeners.get(channel)?.delete(listener);
      return ipcRenderer;
    },
  };
  const exposed = {};
  const contextBridge = {
    exposeInMainWorld(key, api) {
      if (Object.hasOwn(exposed, key)) throw new Error(`Cannot bind an API on top of an existing property on the window object: ${key}`);
      exposed[key] = api;
    },
  };
  return { electron: { contextBridge, ipcRenderer }, exposed };
}

export default { app, autoUpdater, BrowserWindow, ipcMain, session, protocol, Menu, dialog, net, shell, safeStorage };
