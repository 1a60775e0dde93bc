import { reverseGeocode } from './operations/reverse-geocode.js';
import { searchAddresses } from './operations/search-addresses.js';

export const geocodingRoutes = [searchAddresses, reverseGeocode];
