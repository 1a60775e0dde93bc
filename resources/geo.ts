import { z } from 'zod';

/**
 * Positions and measures on the ground, shared by the server (which stores what it computes itself)
 * and the client (which shows the same figure live while a shape is drawn). Points are [lat, lng] in
 * degrees (WGS 84). Lengths follow great circles (haversine); areas are a polygon's area on the
 * sphere (the spherical-excess sum used by Leaflet.draw and Turf), both on the mean Earth radius:
 * within about 0.5 % of the ellipsoid, far finer than a restoration bill needs.
 */

export const EARTH_RADIUS_M = 6_371_008.8;

export const GEO_MESSAGES = {
  latitude: 'Latitude must be a number from -90 to 90',
  longitude: 'Longitude must be a number from -180 to 180',
  position: 'Send both latitude and longitude, or neither',
  points: 'Must be a list of [lat, lng] points',
} as const;

export const latitude = z.number({ error: GEO_MESSAGES.latitude }).min(-90, GEO_MESSAGES.latitude).max(90, GEO_MESSAGES.latitude);
export const longitude = z.number({ error: GEO_MESSAGES.longitude }).min(-180, GEO_MESSAGES.longitude).max(180, GEO_MESSAGES.longitude);

export type LatLng = [number, number];

/** One [lat, lng] point of a drawn shape. */
export const point = z.tuple([latitude, longitude], { error: GEO_MESSAGES.points });

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance between two points, in metres. */
export function distanceM(a: LatLng, b: LatLng): number {
  const dLat = rad(b[0] - a[0]);
  const dLng = rad(b[1] - a[1]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[0])) * Math.cos(rad(b[0])) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A line's length along its points, in metres; `closed` adds the way back to the first point (a polygon's perimeter). */
export function lengthM(points: readonly LatLng[], closed = false): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += distanceM(points[i - 1]!, points[i]!);
  if (closed && points.length > 2) total += distanceM(points[points.length - 1]!, points[0]!);
  return total;
}

/**
 * A polygon's area on the sphere, in square metres, whichever way its points run (the ring closes
 * by itself). Longitudes are unwrapped against the previous point, so a shape across the
 * antimeridian measures as drawn rather than around the world.
 */
export function areaM2(points: readonly LatLng[]): number {
  if (points.length < 3) return 0;
  let sum = 0;
  let prevLng = points[0]![1];
  const lngs = points.map((p) => {
    let lng = p[1];
    while (lng - prevLng > 180) lng -= 360;
    while (lng - prevLng < -180) lng += 360;
    prevLng = lng;
    return lng;
  });
  for (let i = 0; i < points.length; i++) {
    const j = (i + 1) % points.length;
    sum += rad(lngs[j]! - lngs[i]!) * (2 + Math.sin(rad(points[i]![0])) + Math.sin(rad(points[j]![0])));
  }
  return Math.abs((sum * EARTH_RADIUS_M * EARTH_RADIUS_M) / 2);
}

/** Where a shape is pinned on a map: the middle of its bounding box. */
export function centerOf(points: readonly LatLng[]): LatLng {
  const lats = points.map((p) => p[0]);
  const lngs = points.map((p) => p[1]);
  return [(Math.min(...lats) + Math.max(...lats)) / 2, (Math.min(...lngs) + Math.max(...lngs)) / 2];
}

export const M2_TO_FT2 = 10.763_910_416_709_722;
export const M2_TO_SQYD = 1.195_990_046_301_080_2;
export const M_TO_FT = 3.280_839_895_013_123;

const number = (n: number, digits: number) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** An area as crews read it: '12.5 m² · 134.5 ft² · 14.9 sq yd'. */
export const formatArea = (m2: number) => `${number(m2, 1)} m² · ${number(m2 * M2_TO_FT2, 1)} ft² · ${number(m2 * M2_TO_SQYD, 1)} sq yd`;
/** A length: '30.5 m · 100.1 ft'. */
export const formatLength = (m: number) => `${number(m, 1)} m · ${number(m * M_TO_FT, 1)} ft`;
