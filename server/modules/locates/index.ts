import { listLocates } from './operations/list-locates.js';
import { addLocateResponse, deleteLocateResponse, updateLocateResponse } from './operations/locate-responses.js';
import { listSiteLocates } from './operations/site-locates.js';
import { createLocate, deleteLocate, getLocate, locateActivity, updateLocate } from './operations/locate-tickets.js';

export const locateRoutes = [listLocates, listSiteLocates, createLocate, getLocate, updateLocate, deleteLocate, locateActivity, addLocateResponse, updateLocateResponse, deleteLocateResponse];
export { announceExpiringLocates, registerLocateExpiring, scheduleLocateExpiring } from './locate-expiring.js';
