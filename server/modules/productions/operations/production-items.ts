import { productionPdfItemsBody } from '../../../../resources/plan-takeoff.js';
import { addProductionItemsBody, updateProductionItemBody, updateProductionItemsBody } from '../../../../resources/production.js';
import { defineRoute } from '../../../http/route.js';
import { addItems, deleteItem, updateItem, updateItemQuantities } from '../production-items.js';
import { replacePlanMarks } from '../production-plan-marks.js';
import { currentItemProduction, currentProduction, idParams, itemManageGuard, manageGuard } from '../production-params.js';

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
  current: currentProduction,
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
  current: currentProduction,
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
  current: currentItemProduction,
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
  current: currentItemProduction,
  handler: ({ actor, services, params }) => deleteItem(services, actor, params.id),
});

export const replacePdfProductionItems = defineRoute({
  method: 'PATCH',
  url: '/production/:id/pdf/items',
  access: { permission: 'productions:manage' },
  summary:
    "What the crew marked as built on the plan (marks on drawings added to the budget) replaces the production's marks; each is measured at its sheet's scale (typed when the project requires it) and the items of source 'pdf' become their sums per budget item; manual items stay; 409 unless draft. Answers the production",
  tags: ['productions'],
  params: idParams,
  body: productionPdfItemsBody,
  guard: manageGuard,
  current: currentProduction,
  handler: ({ actor, services, params, body }) => replacePlanMarks(services, actor, params.id, body.marks),
});
