import { createToken } from './operations/create-token.js';
import { listTokens } from './operations/list-tokens.js';
import { revokeToken } from './operations/revoke-token.js';

export const apiTokenRoutes = [listTokens, createToken, revokeToken];
