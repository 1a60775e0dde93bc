import { AsyncLocalStorage } from 'node:async_hooks';
import type { Dialect } from './index.js';

/**
 * The SQL dialect of the database the current request talks to, for the few expressions that must
 * be written differently (case-insensitive LIKE). Set around every route handler.
 */
const store = new AsyncLocalStorage<Dialect>();

export const withDialect = <T>(dialect: Dialect, work: () => T): T => store.run(dialect, work);
export const currentDialect = (): Dialect | undefined => store.getStore();
