import { createLog } from './operations/create-log.js';
import { getLog, logActivity } from './operations/get-log.js';
import { listLogs } from './operations/list-logs.js';
import { logCrews } from './operations/log-crews.js';
import { updateLog } from './operations/update-log.js';

export const logRoutes = [listLogs, createLog, logCrews, getLog, updateLog, logActivity];
