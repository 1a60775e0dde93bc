import { addToBudget } from './operations/add-to-budget.js';
import { calibrateSheet } from './operations/calibrate-sheet.js';
import { createLayerItem } from './operations/create-layer-item.js';
import { deleteLayerItem } from './operations/delete-layer-item.js';
import { deleteLayerItems } from './operations/delete-layer-items.js';
import { getLayerItems } from './operations/get-layer-items.js';
import { getPlanFile } from './operations/get-plan-file.js';
import { listPlanSheets } from './operations/list-plan-sheets.js';
import { takeoffPreview } from './operations/takeoff-preview.js';
import { updateLayerItem } from './operations/update-layer-item.js';

export const planTakeoffRoutes = [getLayerItems, getPlanFile, listPlanSheets, createLayerItem, updateLayerItem, deleteLayerItem, deleteLayerItems, calibrateSheet, takeoffPreview, addToBudget];
