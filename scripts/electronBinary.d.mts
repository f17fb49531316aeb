// Types for electronBinary.mjs, so TypeScript tests and configs can import it.
export declare function electronBinaryPath(env?: NodeJS.ProcessEnv): string | undefined;
export declare function findUsableElectron(env?: NodeJS.ProcessEnv): string | undefined;
