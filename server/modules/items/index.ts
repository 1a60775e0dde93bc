import { createItem } from './operations/create-item.js';
import { deleteItem, getItem, updateItem } from './operations/item-by-id.js';
import { listItems } from './operations/list-items.js';
import { createPartnershipItem, listPartnershipItems } from './operations/partnership-items.js';
import { uploadItemIcon } from './operations/upload-icon.js';

export const itemRoutes = [listItems, createItem, getItem, updateItem, deleteItem, listPartnershipItems, createPartnershipItem, uploadItemIcon];
