// Types for fuses.mjs, so TypeScript tests can import it.
import type { FuseV1Config } from '@electron/fuses';

export declare const FUSES: FuseV1Config;
export declare function setFuses(electronPath: string, options?: { resign?: boolean }): Promise<number>;
/** electron-builder's afterPack hook (the parts of its context it reads). */
export declare function afterPack(context: {
  appOutDir: string;
  electronPlatformName: string;
  packager: { appInfo: { productFilename: string }; executableName?: string };
}): Promise<void>;
