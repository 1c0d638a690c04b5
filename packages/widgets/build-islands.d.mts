export interface IslandBundle {
  code: Buffer;
  /** Content hash, for the file name and the long cache. */
  hash: string;
  bytes: number;
  gzipBytes: number;
  metafile?: unknown;
}
export function buildIslands(options?: { metafile?: boolean }): Promise<IslandBundle>;
/** The island kinds that get an embed bundle. */
export const EMBED_ISLANDS: readonly string[];
/** One embed bundle per embeddable island kind, by name. */
export function buildEmbedIslands(options?: { metafile?: boolean }): Promise<Record<string, IslandBundle>>;
/** The embed loader (/embed.js), with the marker the server replaces by its address. */
export function buildEmbedLoader(): Promise<IslandBundle>;
