import { deleteFootprintPhotoRoute, listFootprintPhotosRoute, uploadFootprintPhotosRoute } from './operations/footprint-photo-routes.js';
import { createFootprint, deleteFootprint, footprintActivity, getFootprint, listFootprints, updateFootprint } from './operations/footprint-routes.js';

/** Footprints: the ground a job disturbed, drawn, measured and followed to its restoration (docs/decisions.md "Footprints"). */
export const footprintRoutes = [listFootprints, createFootprint, getFootprint, updateFootprint, deleteFootprint, footprintActivity, uploadFootprintPhotosRoute, listFootprintPhotosRoute, deleteFootprintPhotoRoute];
