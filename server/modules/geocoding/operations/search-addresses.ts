import { geocodeSearchQuery } from '../../../../resources/geocoding.js';
import { searchAddresses as search } from '../../../lib/geocoder.js';
import { defineRoute } from '../../../http/route.js';

export const searchAddresses = defineRoute({
  method: 'GET',
  url: '/geocode/search',
  access: 'member',
  summary:
    'Address search for the address fields (q: 3 to 200 characters, trimmed): at most 10 places from the GEOCODER_URL provider, best first, each { address, city, state, zip, country (two-letter code), coordinates: { lat, lng } }. 503 when no provider is set (the fields stay plain text), 502 when it fails or takes over 3 s',
  tags: ['geocoding'],
  query: geocodeSearchQuery,
  handler: ({ services, query }) => search(services.config.geocoder, services.log, query.q),
});
