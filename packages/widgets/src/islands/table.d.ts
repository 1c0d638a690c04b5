// The island table the build derives from `src/<name>/island.ts` (see build-islands.mjs).
declare module 'mz:islands' {
  import type { ComponentType } from 'react';
  // biome-ignore lint/suspicious/noExplicitAny: each component takes its own props, read from the page as JSON.
  export const ISLANDS: Record<string, ComponentType<any>>;
}

// One island kind's component, for its embed bundle (see build-islands.mjs).
declare module 'mz:island' {
  import type { ComponentType } from 'react';
  // biome-ignore lint/suspicious/noExplicitAny: the kind's own props, given by the embed endpoint as JSON.
  export const component: ComponentType<any>;
}
