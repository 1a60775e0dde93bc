import { z } from 'zod';
import { idParam } from '../../../resources/id.js';
import { text } from '../../../resources/text.js';
import { COMPANY_SEARCH_MIN, MARKET_SEARCH_MIN, partnerType } from '../../../resources/partnership.js';

const id = idParam();

export const typeParams = z.object({ type: partnerType });
export const idParams = z.object({ id });
export const pairParams = z.object({ subcontractorId: id, clientId: id });
export const tokenParams = z.object({ token: text().min(10).max(200) });

const prefix = (min: number) => text().trim().min(min, `Type at least ${min} characters`).max(80);
export const marketPrefixParams = z.object({ text: prefix(MARKET_SEARCH_MIN) });
export const companyPrefixParams = z.object({ text: prefix(COMPANY_SEARCH_MIN) });
