import { useCallback, useState } from 'react';

/** Where asking the browser for the position stands; the person can check in whatever it says. */
export type PositionState =
  | { kind: 'idle' }
  | { kind: 'asking' }
  | { kind: 'got'; lat: number; lng: number; accuracy: number }
  | { kind: 'denied' }
  | { kind: 'unavailable'; message: string };

/** Browsers without geolocation, and pages not served over HTTPS, have none to give. */
const supported = () => typeof navigator !== 'undefined' && !!navigator.geolocation;

/** "Use my location": one reading of navigator.geolocation, fresh (no cache older than a minute), 15 s at most. */
export function useGeolocation() {
  const [state, setState] = useState<PositionState>({ kind: 'idle' });
  const locate = useCallback(() => {
    if (!supported()) {
      setState({ kind: 'unavailable', message: 'This browser cannot share a location.' });
      return;
    }
    setState({ kind: 'asking' });
    navigator.geolocation.getCurrentPosition(
      (p) => setState({ kind: 'got', lat: Number(p.coords.latitude.toFixed(6)), lng: Number(p.coords.longitude.toFixed(6)), accuracy: Math.round(p.coords.accuracy) }),
      (err) =>
        setState(
          err.code === 1
            ? { kind: 'denied' }
            : { kind: 'unavailable', message: err.code === 3 ? 'Finding the location took too long.' : 'The location is not available right now.' },
        ),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }, []);
  const clear = useCallback(() => setState({ kind: 'idle' }), []);
  return { state, locate, clear };
}
