import type { AppContext } from './app-context';

/**
 * Per-request DataLoaders, named `xByYLoader`. Each domain adds its factories here;
 * loaders are created lazily so a request pays only for what it uses.
 */
export interface Loaders {
  get<T>(name: string, make: (app: AppContext) => T): T;
}

export function createLoaders(app: AppContext): Loaders {
  const made = new Map<string, unknown>();
  return {
    get<T>(name: string, make: (a: AppContext) => T): T {
      if (!made.has(name)) made.set(name, make(app));
      return made.get(name) as T;
    },
  };
}
