// Types of scripts/compile-hints.mjs, which next.config.mjs runs after the production compile.
export declare const COMPILE_HINT: string;
export declare function startupScripts(distDir: string): string[];
export declare function markStartupScripts(distDir: string): number;
