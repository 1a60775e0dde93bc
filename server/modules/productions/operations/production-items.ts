import { addProductionItemsBody, pdfProductionItemsBody, updateProductionItemBody, updateProductionItemsBody } from '../../../../resources/production.js';
import { defineRoute } from '../../../http/route.js';
import { addItems, deleteItem, replacePdfItems, updateItem, updateItemQuantities } from '../production-items.js';
import { idParams, itemManageGuard, manageGuard } from '../production-params.js';

export const addProductionItems = defineRoute({
  method: 'POST',
  url: '/production/:id/items',
  access: { permission: 'productions:manage' },
  status: 201,
  summary: "Add items to a draft (the add-items dialog: budget items of the project, decimal quantities); the producer's productions:manage people; 409 unless draft. Answers the production",
  tags: ['productions'],
  params: idParams,
  body: addProductionItemsBody,
  guard: manageGuard,
  handler: ({ actor, services, params, body }) => addItems(services, actor, params.id, body.items),
});

export const updateProductionItems = defineRoute({
  method: 'PATCH',
  url: '/production/:id/items',
  access: { permission: 'productions:manage' },
  summary: "New quantities of a draft's items by item id, in one transaction (an id of another production is a 400 and nothing changes); 409 unless draft. Answers the production",
  tags: ['productions'],
  params: idParams,
  body: updateProductionItemsBody,
  guard: manageGuard,
  handler: ({ actor, services, params, body }) => updateItemQuantities(services, actor, params.id, body.items),
});

export const updateProductionItem = defineRoute({
  method: 'PATCH',
  url: '/production/item/:id',
  access: { permission: 'productions:manage' },
  summary: "Change an item of a draft (quantity, photosNumber, description, stationId: what is sent); 409 unless draft. Answers the item",
  tags: ['productions'],
  params: idParams,
  body: updateProductionItemBody,
  guard: itemManageGuard,
  handler: ({ actor, services, params, body }) => updateItem(services, actor, params.id, body),
});

export const deleteProductionItem = defineRoute({
  method: 'DELETE',
  url: '/production/item/:id',
  access: { permission: 'productions:manage' },
  summary: 'Delete an item of a draft with its photos; 409 unless draft',
  tags: ['productions'],
  params: idParams,
  guard: itemManageGuard,
  handler: ({ actor, services, params }) => deleteItem(services, actor, params.id),
});

export const replacePdfProductionItems = defineRoute({
  method: 'PATCH',
  url: '/production/:id/pdf/items',
  access: { permission: 'productions:manage' },
  summary: "Quantities measured on a plan replace the draft's items of source 'pdf' (with their photos); manual items stay; 409 unless draft. Answers the production",
  tags: ['productions'],
  params: idParams,
  body: pdfProductionItemsBody,
  guard: manageGuard,
  handler: ({ actor, services, params, body }) => replacePdfItems(services, actor, params.id, body.items),
});
