// Types for electronDownload.mjs, so TypeScript tests can import it.
import type { DownloadProgress } from './ensureElectron.mjs';

export declare function electronVersion(): string;
export declare function downloadElectron(options: {
  signal: AbortSignal;
  onProgress(progress: DownloadProgress): void;
}): Promise<void>;
export declare function installElectron(options: { signal: AbortSignal }): Promise<void>;
