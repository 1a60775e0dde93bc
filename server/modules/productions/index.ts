import { createProduction } from './operations/create-production.js';
import { getProduction } from './operations/get-production.js';
import { listProductions } from './operations/list-productions.js';
import { addProductionComment, deleteProductionComment, listProductionComments } from './operations/production-comments.js';
import { productionCrews } from './operations/production-crews.js';
import { addProductionTrace, productionActivityRoute, productionSiblings, productionStations, productionTraces } from './operations/production-details.js';
import { addProductionItems, deleteProductionItem, replacePdfProductionItems, updateProductionItem, updateProductionItems } from './operations/production-items.js';
import { amendProductionRoute, approveProductionRoute, rejectProductionRoute, submitProductionRoute } from './operations/production-moves.js';
import { deleteProductionPhoto, listProductionPhotos, uploadProductionItemPhotos, uploadProductionPhotos } from './operations/production-photos.js';
import { deleteProduction, updateProduction } from './operations/update-production.js';

export const productionRoutes = [
  createProduction,
  listProductions,
  productionCrews,
  getProduction,
  updateProduction,
  deleteProduction,
  submitProductionRoute,
  approveProductionRoute,
  rejectProductionRoute,
  amendProductionRoute,
  addProductionItems,
  updateProductionItems,
  updateProductionItem,
  deleteProductionItem,
  replacePdfProductionItems,
  listProductionComments,
  addProductionComment,
  deleteProductionComment,
  productionActivityRoute,
  uploadProductionPhotos,
  uploadProductionItemPhotos,
  listProductionPhotos,
  deleteProductionPhoto,
  productionStations,
  productionSiblings,
  productionTraces,
  addProductionTrace,
];
