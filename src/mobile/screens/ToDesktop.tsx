import { LinearProgress } from '@mui/material';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** A path the phone client has no screen for opens on the desktop site, which never sends it back. */
export function ToDesktop() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(`/app${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return <LinearProgress aria-label="Opening the full site" />;
}
