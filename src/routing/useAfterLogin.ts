import { useInvalidateAuthStore } from '@refinedev/core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { afterLogin } from '../../permissions';
import { profileFromUser } from '../session/profile';
import type { AccountUser } from '../session/types';
import { isAvailable } from '../shell/available-screens';

/** Where to go once signed in: an invitation, the returnTo, the mobile app for crew leaders, or home. */
export function useAfterLogin() {
  const navigate = useNavigate();
  const refreshSession = useInvalidateAuthStore();
  return useCallback(
    async (user: AccountUser, params: URLSearchParams): Promise<'unauthorized' | 'moved'> => {
      await refreshSession();
      const invitation = invitationTarget(params);
      if (invitation) {
        navigate(invitation, { replace: true });
        return 'moved';
      }
      const next = afterLogin(params.get('returnTo'), profileFromUser(user), isAvailable);
      if (next.kind === 'unauthorized') return 'unauthorized';
      if (next.kind === 'mobile') {
        window.location.assign(`/app-mobile/${next.path.replace(/^\/+/, '')}`);
        return 'moved';
      }
      navigate(`/${next.path.replace(/^\/+/, '')}`, { replace: true });
      return 'moved';
    },
    [navigate, refreshSession],
  );
}

/** spec 01 §2: an invitation token in the URL leads to its accept page after login. */
export function invitationTarget(params: URLSearchParams): string | null {
  const token = params.get('invitationToken');
  const type = params.get('invitationType');
  if (!token || !type) return null;
  if (type === 'members') {
    const companyId = params.get('companyId');
    return companyId ? `/members-invitation/${encodeURIComponent(companyId)}/${encodeURIComponent(token)}/accept` : null;
  }
  // Partner invitations name the side the company is invited as: /partner-invitation/{token}/{type}/accept.
  const partnerType = params.get('partnerType');
  if (type === 'partner' && partnerType) {
    return `/partner-invitation/${encodeURIComponent(token)}/${encodeURIComponent(partnerType)}/accept`;
  }
  return `/${encodeURIComponent(type)}-invitation/${encodeURIComponent(token)}/accept`;
}
