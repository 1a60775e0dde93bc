import { randomBytes, randomUUID } from 'node:crypto';
import { redactUrl } from '../../../server/http/request-log.js';

const token = () => randomBytes(32).toString('base64url');

describe('redactUrl', () => {
  it('replaces token path segments and keeps the words and ids of the path', () => {
    const t = token();
    expect(redactUrl(`/app/reset-password/${t}`)).toBe('/app/reset-password/[redacted]');
    expect(redactUrl(`/api/v1/memberships/invitations/${t}/accept`)).toBe('/api/v1/memberships/invitations/[redacted]/accept');
    expect(redactUrl(`/api/v1/staticfiles/${randomUUID()}`)).toBe('/api/v1/staticfiles/[redacted]');
    expect(redactUrl('/api/v1/companies/42/invoice-settings-and-more')).toBe('/api/v1/companies/42/invoice-settings-and-more');
  });

  it('replaces every value of a secret-named query key, and random-looking values of any key', () => {
    expect(redactUrl('/app/register/account?invitationToken=short&companyId=7')).toBe('/app/register/account?invitationToken=[redacted]&companyId=7');
    expect(redactUrl('/x?code=1234&api_key=abc&secret=s&password=p')).toBe('/x?code=[redacted]&api_key=[redacted]&secret=[redacted]&password=[redacted]');
    const t = token();
    expect(redactUrl(`/app/login?returnTo=${encodeURIComponent(`/partner-invitation/${t}/client/accept`)}`)).toBe('/app/login?returnTo=[redacted]');
    expect(redactUrl(`/x?next=${t}&q=paving-company-names&_start=0`)).toBe('/x?next=[redacted]&q=paving-company-names&_start=0');
  });

  it('replaces each part of a JWT', () => {
    const jwt = `eyJhbGciOiJIUzI1NiJ9.${token()}.${token()}`;
    expect(redactUrl(`/x/${jwt}`)).toBe('/x/[redacted].[redacted].[redacted]');
  });
});
