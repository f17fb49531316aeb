// Module-resolution hook (registered with node:module's register): `electron`, imported by the built
// main bundle or by a package it uses (electron-store), resolves to the recording stand-in. Everything
// else resolves as usual.
const STAND_IN = new URL('./electronStandIn.mjs', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron') return { url: STAND_IN, shortCircuit: true };
  return nextResolve(specifier, context);
}
