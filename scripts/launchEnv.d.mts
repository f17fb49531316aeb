// Types for launchEnv.mjs, so TypeScript tests can import it.
export declare function launchEnv(options: { dev: boolean; binary: string; env?: NodeJS.ProcessEnv }): NodeJS.ProcessEnv;
