/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureInstalled(root: string): Promise<void>;
/** Builds the admin app and the server bundle, each only when its sources changed since the last build. */
export function ensureBuilt(root: string): Promise<void>;
