// The part of madge's Node API that scripts/check-cycles.ts uses; madge ships no types.
declare module 'madge' {
  interface MadgeConfig {
    baseDir?: string;
    fileExtensions?: string[];
    excludeRegExp?: RegExp[];
    tsConfig?: string;
    detectiveOptions?: Record<string, { skipTypeImports?: boolean }>;
  }

  interface MadgeResult {
    /** Each file (relative to baseDir) with the files it imports. */
    obj(): Record<string, string[]>;
    /** `skipped`: imports that could not be resolved to a file. */
    warnings(): { skipped: string[] };
    /** Cycles found by a depth-first walk, each member once: at least one in every group that has any. */
    circular(): string[][];
  }

  /** Folders or files to read, or a graph already made (each node with the nodes it points to). */
  export default function madge(
    paths: string | string[] | Readonly<Record<string, readonly string[]>>,
    config?: MadgeConfig,
  ): Promise<MadgeResult>;
}
