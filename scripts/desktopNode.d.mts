// Types for desktopNode.mjs, so TypeScript benches and tests can import it.
export declare function desktopNode(root: string): { binary: string; why?: undefined } | { why: string; binary?: undefined };
