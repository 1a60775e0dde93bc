import { z } from 'zod';
import { GEO_MESSAGES, latitude, longitude } from './geo.js';
import { text } from './text.js';

/**
 * Address search and reverse geocoding (spec 01 §3 "Geocoded address result"), answered by the
 * provider GEOCODER_URL names. The client asks after the person stops typing for
 * GEOCODE_DEBOUNCE_MS and offers at most GEOCODE_LIMIT suggestions (spec 01 §5, §9).
 */

export const GEOCODE_LIMIT = 10;
export const GEOCODE_DEBOUNCE_MS = 700;
export const GEOCODE_MIN_QUERY = 3;

export const GEOCODE_MESSAGES = {
  query: `Type ${GEOCODE_MIN_QUERY} to 200 characters to search for an address`,
  off: 'Address search is not available on this server: type the address instead',
  failed: 'The address service did not answer in time: type the address instead',
} as const;

/** One place the provider found: the street line, its parts, and where it is. */
export interface GeocodedAddress {
  /** The street line ('1100 Congress Avenue'), or the place's name when it has no street. */
  address: string;
  city: string | null;
  /** The subdivision's code where the provider gives one ('TX'), else its name. */
  state: string | null;
  zip: string | null;
  /** Two-letter ISO code, upper case. */
  country: string | null;
  coordinates: { lat: number; lng: number };
}

/** GET /geocode/search. */
export const geocodeSearchQuery = z.strictObject({
  q: text({ error: GEOCODE_MESSAGES.query }).trim().min(GEOCODE_MIN_QUERY, GEOCODE_MESSAGES.query).max(200, GEOCODE_MESSAGES.query),
});
export type GeocodeSearchQuery = z.output<typeof geocodeSearchQuery>;

const DEGREES = /^\s*-?\d{1,3}(\.\d{1,12})?\s*$/;

/** A coordinate in a query string: plain decimal degrees, within the axis' range. */
const degrees = (axis: z.ZodNumber, message: string) =>
  text({ error: message }).regex(DEGREES, message).transform(Number).pipe(axis);

/** GET /geocode/reverse. */
export const geocodeReverseQuery = z.strictObject({
  lat: degrees(latitude, GEO_MESSAGES.latitude),
  lng: degrees(longitude, GEO_MESSAGES.longitude),
});
export type GeocodeReverseQuery = z.output<typeof geocodeReverseQuery>;
