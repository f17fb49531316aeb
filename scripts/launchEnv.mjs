// The environment `npm start` and `npm run dev` give Electron (scripts/start.mjs). Development powers,
// DevTools and a renderer served by the Vite dev server at ELECTRON_RENDERER_URL, are for `npm run dev`
// alone: BATON_DEV=1 tells the main process it is one (electron/shell/devRun.ts). `npm start` runs the
// unpackaged app as a user gets it, so neither variable reaches it, whatever the terminal had set.
const DEV_FLAG = 'BATON_DEV';

/** Electron's environment: `binary` is the checked Electron, `dev` whether this is `npm run dev`. */
export function launchEnv({ dev, binary, env = process.env }) {
  // electron-vite looks the binary up itself; hand it the one already checked. ELECTRON_RUN_AS_NODE left
  // in the environment would start Electron as plain Node, not as the app.
  const launched = { ...env, ELECTRON_EXEC_PATH: binary };
  delete launched.ELECTRON_RUN_AS_NODE;
  // electron-vite dev sets its own dev server's URL; a leftover one must not point `npm start` anywhere.
  delete launched.ELECTRON_RENDERER_URL;
  if (dev) launched[DEV_FLAG] = '1';
  else delete launched[DEV_FLAG];
  return launched;
}
