import type { RouteDef } from '../http/route.js';
import { budgetReviewRoutes } from './budget-reviews/index.js';
import { budgetRoutes } from './budgets/index.js';
import { calendarRoutes } from './calendar/index.js';
import { catalogRoutes } from './catalog/index.js';
import { changeOrderRoutes } from './change-orders/index.js';
import { companyRoutes } from './companies/index.js';
import { crewRoutes } from './crews/index.js';
import { damageRoutes } from './damages/index.js';
import { fileRoutes } from './files/index.js';
import { footprintRoutes } from './footprints/index.js';
import { health } from './health/health.js';
import { invoiceRoutes } from './invoices/index.js';
import { itemRoutes } from './items/index.js';
import { mapRoutes } from './map/index.js';
import { locateRoutes } from './locates/index.js';
import { logRoutes } from './logs/index.js';
import { memberRoutes } from './members/index.js';
import { partnershipRoutes } from './partnerships/index.js';
import { productionRoutes } from './productions/index.js';
import { downloadDailySheet } from './productions/operations/daily-sheet.js';
import { projectRoutes } from './projects/index.js';
import { roleRoutes } from './roles/index.js';
import { taskRoutes } from './tasks/index.js';
import { userRoutes } from './users/index.js';

/** Every API route, in one list: registered under /api/v1 and snapshotted with its access rule. */
export const allRoutes: RouteDef<any, any, any>[] = [health, ...userRoutes, ...companyRoutes, ...roleRoutes, ...memberRoutes, ...crewRoutes, ...catalogRoutes, ...itemRoutes, ...partnershipRoutes, ...fileRoutes, ...budgetRoutes, ...changeOrderRoutes, ...projectRoutes, ...budgetReviewRoutes, ...productionRoutes, downloadDailySheet, ...invoiceRoutes, ...taskRoutes, ...damageRoutes, ...footprintRoutes, ...logRoutes, ...locateRoutes, ...calendarRoutes, ...mapRoutes];
