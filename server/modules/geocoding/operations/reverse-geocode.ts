import { geocodeReverseQuery } from '../../../../resources/geocoding.js';
import { addressAt } from '../../../lib/geocoder.js';
import { defineRoute } from '../../../http/route.js';

export const reverseGeocode = defineRoute({
  method: 'GET',
  url: '/geocode/reverse',
  access: 'member',
  summary:
    'The address at a position (lat -90..90, lng -180..180), from the GEOCODER_URL provider: { address, city, state, zip, country, coordinates }, or null where it knows none. 503 when no provider is set, 502 when it fails or takes over 3 s',
  tags: ['geocoding'],
  query: geocodeReverseQuery,
  handler: ({ services, query }) => addressAt(services.config.geocoder, services.log, query.lat, query.lng),
});
