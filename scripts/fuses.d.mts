// Types for fuses.mjs, so TypeScript tests can import it.
import type { FuseV1Config } from '@electron/fuses';

export declare const FUSES: FuseV1Config;
export declare function setFuses(electronPath: string): Promise<number>;
