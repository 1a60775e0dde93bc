/** The same build serves /app/ and /app-mobile/: the router's base comes from where it was opened. */
export function appBase(pathname = window.location.pathname): '/app' | '/app-mobile' {
  return pathname === '/app-mobile' || pathname.startsWith('/app-mobile/') ? '/app-mobile' : '/app';
}

export const isMobileBase = () => appBase() === '/app-mobile';

/** Leaves the desktop for the phone client's screen at `path` (a whole page load: another entry). */
export function openInMobile(path: string): void {
  window.location.replace(`/app-mobile/${path.replace(/^\/+/, '')}`);
}
