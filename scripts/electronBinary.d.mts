// Types for electronBinary.mjs, so TypeScript tests and configs can import it.
export interface ElectronProbe {
  status: 'usable' | 'unusable' | 'missing';
  path: string | undefined;
  overridden: boolean;
}
export declare function electronBinaryPath(env?: NodeJS.ProcessEnv): string | undefined;
export declare function probeElectron(env?: NodeJS.ProcessEnv): ElectronProbe;
export declare function findUsableElectron(env?: NodeJS.ProcessEnv): string | undefined;
