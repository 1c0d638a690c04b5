// The island table the build derives from `src/<name>/island.ts` (see build-islands.mjs).
declare module 'mz:islands' {
  import type { ComponentType } from 'react';
  // biome-ignore lint/suspicious/noExplicitAny: each component takes its own props, read from the page as JSON.
  export const ISLANDS: Record<string, ComponentType<any>>;
}
