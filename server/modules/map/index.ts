import { listMapMarkers } from './operations/map-markers.js';

export const mapRoutes = [listMapMarkers];
