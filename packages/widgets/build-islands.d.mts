export interface IslandBundle {
  code: Buffer;
  /** Content hash, for the file name and the long cache. */
  hash: string;
  bytes: number;
  gzipBytes: number;
  metafile?: unknown;
}
export function buildIslands(options?: { metafile?: boolean }): Promise<IslandBundle>;
