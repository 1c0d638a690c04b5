import type { Db } from '../src/db/client';

/**
 * The real database handle, counting the queries started through the given methods (`select`, `update` for those
 * built with the query builder, `execute` for raw statements): for tests of how many statements a path sends.
 */
export function countedDb(db: Db, ...methods: ('select' | 'update' | 'execute')[]) {
  const calls = { n: 0 };
  const proxy = new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if ((methods as (string | symbol)[]).includes(prop))
        return (...args: unknown[]) => {
          calls.n += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: proxy as Db, calls };
}
