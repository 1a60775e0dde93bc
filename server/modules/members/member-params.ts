import { z } from 'zod';
import { idParam } from '../../../resources/id.js';

export const companyParams = z.object({ id: idParam() });
export const memberParams = z.object({ id: idParam() });
