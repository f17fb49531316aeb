// Types for ensureElectron.mjs, so TypeScript tests can import it.
import type { ElectronProbe } from './electronBinary.mjs';

export interface DownloadProgress {
  transferred: number;
  total: number | null;
}
export interface EnsureElectronDeps {
  probe(): ElectronProbe;
  download(options: { signal: AbortSignal; onProgress: (progress: DownloadProgress) => void }): Promise<void>;
  install(options: { signal: AbortSignal }): Promise<void>;
  stderr: { write(text: string): unknown; isTTY?: boolean };
  idleTimeoutMs?: number;
  installTimeoutMs?: number;
}
export declare const IDLE_TIMEOUT_MS: number;
export declare const INSTALL_TIMEOUT_MS: number;
export declare function ensureElectron(deps: EnsureElectronDeps): Promise<{ binary: string } | { problem: string }>;
export declare function describeProgress(progress: DownloadProgress): string;
