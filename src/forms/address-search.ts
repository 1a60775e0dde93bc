import { useEffect, useState } from 'react';
import { GEOCODE_DEBOUNCE_MS, GEOCODE_MIN_QUERY, type GeocodedAddress } from '../../resources/geocoding';
import { apiFetch, type ApiError } from '../api/http';
import { US_STATES } from '../reference/us-states';

/** The server has no geocoder (503): remembered for the page's life, so no field asks again. */
let geocodingOff = false;

/** Forgets the server's answer (tests start each case afresh). */
export const resetGeocodingOff = () => {
  geocodingOff = false;
};

export const isGeocodingOff = () => geocodingOff;

const searchableAddress = (text: string) => text.trim().length >= GEOCODE_MIN_QUERY;

/**
 * Places matching the typed text, asked GEOCODE_DEBOUNCE_MS after the last key (spec 01 §5); an
 * answer to older text is dropped. A failure leaves no suggestions and the text as typed.
 */
export function useAddressSearch(text: string, enabled: boolean) {
  const [state, setState] = useState<{ places: GeocodedAddress[]; loading: boolean }>({ places: [], loading: false });
  useEffect(() => {
    if (!enabled || geocodingOff || !searchableAddress(text)) {
      setState({ places: [], loading: false });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState((s) => ({ ...s, loading: true }));
      apiFetch<GeocodedAddress[]>(`/geocode/search?q=${encodeURIComponent(text.trim())}`, { signal: controller.signal, quiet: true })
        .then(({ data }) => setState({ places: data, loading: false }))
        .catch((err: ApiError) => {
          if (err.name === 'AbortError') return;
          if (err.statusCode === 503) geocodingOff = true;
          setState({ places: [], loading: false });
        });
    }, GEOCODE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, enabled]);
  return state;
}

/** The address at a position, or null when there is none or geocoding is off or fails. */
export async function addressAt(lat: number, lng: number): Promise<GeocodedAddress | null> {
  if (geocodingOff) return null;
  try {
    return (await apiFetch<GeocodedAddress | null>(`/geocode/reverse?lat=${lat}&lng=${lng}`, { quiet: true })).data;
  } catch (err) {
    if ((err as ApiError).statusCode === 503) geocodingOff = true;
    return null;
  }
}

/** How a suggestion reads: '1100 Congress Avenue, Austin, TX 78701'. */
export const placeLabel = (p: GeocodedAddress) =>
  [p.address, p.city, [p.state, p.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/** The forms' US state pickers hold codes; Photon names the state ('Texas'). */
function stateValue(p: GeocodedAddress): string {
  if (!p.state) return '';
  if (p.country !== 'US') return p.state;
  const s = p.state.toLowerCase();
  return US_STATES.find((u) => u.code.toLowerCase() === s || u.name.toLowerCase() === s)?.code ?? p.state;
}

/**
 * The field values a chosen place gives, of those a form has (city, state, zip, country, lat, lng).
 * What the place lacks keeps what the person entered: a country picked by hand is not blanked.
 */
export function placeValues(p: GeocodedAddress, has: (name: string) => boolean): Record<string, string | number> {
  const all: Record<string, string | number | null> = {
    city: p.city,
    state: stateValue(p) || null,
    zip: p.zip,
    country: p.country,
    lat: p.coordinates.lat,
    lng: p.coordinates.lng,
  };
  return Object.fromEntries(Object.entries(all).filter((e): e is [string, string | number] => e[1] !== null && has(e[0])));
}
