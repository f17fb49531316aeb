// Whether this run has development powers: DevTools, Reload, and the Vite dev server's page instead of
// the built one. Only `npm run dev` says so (BATON_DEV=1, scripts/launchEnv.mjs); `npm start` runs the
// same unpackaged app as a user would get it, and a packaged app never has them, whatever its environment.

export function isDevRun(isPackaged: boolean, env: NodeJS.ProcessEnv): boolean {
  return !isPackaged && env.BATON_DEV === '1';
}
