import type { FastifyBaseLogger } from 'fastify';
import { GEOCODE_LIMIT, GEOCODE_MESSAGES, type GeocodedAddress } from '../../resources/geocoding.js';
import { AppError } from '../http/errors.js';

/**
 * Address search and reverse geocoding through the provider GEOCODER_URL names: Nominatim's
 * `format=jsonv2&addressdetails=1` answers or Photon's GeoJSON, read into GeocodedAddress. Only
 * the typed text or the position goes out (never the caller's token or cookies), with a User-Agent
 * naming the installation. No provider is a 503; a provider that fails, answers garbage or is slower
 * than the timeout is a 502, so a search never hangs a form.
 */
export interface GeocoderSettings {
  url: string | null;
  kind: 'nominatim' | 'photon';
  timeoutMs: number;
  userAgent: string;
}

/** The largest answer read: ten places with their details are a few kilobytes. */
const MAX_BYTES = 512 * 1024;

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 300) : null);
const num = (v: unknown) => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const street = (house: string | null, road: string | null) => [house, road].filter(Boolean).join(' ') || null;
const countryCode = (v: unknown) => {
  const code = str(v)?.toUpperCase() ?? null;
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
};

function place(lat: number | null, lng: number | null, parts: Omit<GeocodedAddress, 'coordinates'>): GeocodedAddress | null {
  if (lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180 || !parts.address) return null;
  return { ...parts, coordinates: { lat, lng } };
}

/** One Nominatim jsonv2 place with addressdetails. */
export function readNominatimPlace(raw: unknown): GeocodedAddress | null {
  const p = obj(raw);
  const a = obj(p.address);
  const country = countryCode(a.country_code);
  // 'US-TX' names the state by its code, the way the forms' state pickers hold it.
  const subdivision = str(a['ISO3166-2-lvl4']);
  const stateCode = subdivision && country && subdivision.startsWith(`${country}-`) ? subdivision.slice(country.length + 1) : null;
  const name = str(p.name) ?? str(p.display_name)?.split(',')[0]?.trim() ?? null;
  return place(num(p.lat), num(p.lon), {
    address: street(str(a.house_number), str(a.road) ?? str(a.pedestrian) ?? str(a.footway)) ?? name ?? '',
    city: str(a.city) ?? str(a.town) ?? str(a.village) ?? str(a.hamlet) ?? str(a.municipality),
    state: stateCode ?? str(a.state),
    zip: str(a.postcode),
    country,
  });
}

/** One Photon GeoJSON feature. */
export function readPhotonFeature(raw: unknown): GeocodedAddress | null {
  const f = obj(raw);
  const p = obj(f.properties);
  const coordinates = obj(f.geometry).coordinates;
  const [lng, lat] = Array.isArray(coordinates) ? coordinates.map(num) : [null, null];
  return place(lat ?? null, lng ?? null, {
    address: street(str(p.housenumber), str(p.street)) ?? str(p.name) ?? '',
    city: str(p.city) ?? str(p.town) ?? str(p.village) ?? str(p.district),
    state: str(p.state),
    zip: str(p.postcode),
    country: countryCode(p.countrycode),
  });
}

/** The places in a provider's answer, at most GEOCODE_LIMIT; null when the answer is not the provider's shape. */
export function readPlaces(kind: GeocoderSettings['kind'], body: unknown): GeocodedAddress[] | null {
  let raw: unknown[];
  if (kind === 'photon') {
    const features = obj(body).features;
    if (!Array.isArray(features)) return null;
    raw = features;
  } else if (Array.isArray(body)) raw = body;
  // Reverse answers one place, or { error: 'Unable to geocode' } where there is none.
  else if (body && typeof body === 'object') raw = 'error' in body ? [] : [body];
  else return null;
  return raw.map(kind === 'photon' ? readPhotonFeature : readNominatimPlace).filter((p): p is GeocodedAddress => p !== null).slice(0, GEOCODE_LIMIT);
}

const failed = () => new AppError(502, GEOCODE_MESSAGES.failed, 'GEOCODER_FAILED');

/** Asks the provider at `path` with these parameters and reads its places. */
async function ask(settings: GeocoderSettings, log: FastifyBaseLogger, path: string, params: Record<string, string>): Promise<GeocodedAddress[]> {
  if (!settings.url) throw new AppError(503, GEOCODE_MESSAGES.off, 'GEOCODING_OFF');
  const url = new URL(`${settings.url}${path}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  // Logged by origin only: a key in GEOCODER_URL stays out of the logs, and so does what was typed.
  const service = url.origin;
  try {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(settings.timeoutMs),
      headers: { accept: 'application/json', 'user-agent': settings.userAgent },
      redirect: 'follow',
    });
    if (!res.ok) {
      await res.body?.cancel();
      log.warn({ service, status: res.status }, 'geocoder answered an error');
      throw failed();
    }
    const text = await res.text();
    const places = text.length > MAX_BYTES ? null : readPlaces(settings.kind, JSON.parse(text));
    if (!places) {
      log.warn({ service }, 'geocoder answer unreadable');
      throw failed();
    }
    return places;
  } catch (err) {
    if (err instanceof AppError) throw err;
    log.warn({ service, reason: err instanceof Error ? err.name : 'error' }, 'geocoder unreachable or unreadable');
    throw failed();
  }
}

/** Places matching the typed text, best first. */
export function searchAddresses(settings: GeocoderSettings, log: FastifyBaseLogger, q: string): Promise<GeocodedAddress[]> {
  const limit = String(GEOCODE_LIMIT);
  return settings.kind === 'photon'
    ? ask(settings, log, '/api', { q, limit })
    : ask(settings, log, '/search', { q, format: 'jsonv2', addressdetails: '1', limit });
}

/** The address at a position, or null where the provider knows none. */
export async function addressAt(settings: GeocoderSettings, log: FastifyBaseLogger, lat: number, lng: number): Promise<GeocodedAddress | null> {
  const places =
    settings.kind === 'photon'
      ? await ask(settings, log, '/reverse', { lat: String(lat), lon: String(lng), limit: '1' })
      : await ask(settings, log, '/reverse', { lat: String(lat), lon: String(lng), format: 'jsonv2', addressdetails: '1' });
  return places[0] ?? null;
}
