// Builds the renderer once, so every test serves the code under test rather than a stale build.
import { build } from 'vite';
import { rendererConfig } from '../vite.renderer.config';

export default async function globalSetup(): Promise<void> {
  await build({ ...rendererConfig, logLevel: 'warn' });
}
