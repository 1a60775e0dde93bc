import { z } from 'zod';
import { idParam } from '../../../resources/id.js';

export const crewParams = z.object({ id: idParam() });
