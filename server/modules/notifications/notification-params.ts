import { z } from 'zod';
import { idParam } from '../../../resources/id.js';

export const memberParams = z.object({ memberId: idParam() });
export const idParams = z.object({ id: idParam() });
