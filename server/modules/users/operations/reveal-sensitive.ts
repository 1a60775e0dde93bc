import { defineRoute } from '../../../http/route.js';
import { revealOwnSensitive } from '../sensitive-reveal.js';

export const revealOwnSensitiveFields = defineRoute({
  method: 'GET',
  url: '/users/me/sensitive',
  access: 'user',
  summary: "The signed-in user's whole SSN and driver's licence number (recorded in the audit trail); answers { ssn, driversLicense }",
  tags: ['users'],
  handler: async ({ actor, services, reply }) => {
    reply.header('cache-control', 'no-store');
    return revealOwnSensitive(services, actor);
  },
});
