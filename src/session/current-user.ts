import type { SessionUser } from './types';

/** The last identity the app loaded, for code outside React (the access-control provider). */
let current: SessionUser | null = null;

export const getCurrentUser = () => current;
export const setCurrentUser = (user: SessionUser | null) => {
  current = user;
};
