import { useEffect, useState } from 'react';
import type { InvitationView } from '../../../resources/member';
import { apiFetch, type ApiError } from '../../api/http';

export const INVALID_INVITATION = 'This invitation is invalid or has expired.';

/** The invitation behind a link; an unknown, used or expired one reads as invalid (spec 01 §4: fetched, then answered). */
export function useMemberInvitation(token: string) {
  const [state, setState] = useState<{ loading: boolean; invitation: InvitationView | null; error: string | null }>({ loading: true, invitation: null, error: null });
  useEffect(() => {
    let live = true;
    apiFetch<InvitationView>(`/memberships/invitations/${encodeURIComponent(token)}`, { anonymous: true, quiet: true })
      .then(({ data }) => live && setState({ loading: false, invitation: data, error: null }))
      .catch((err: ApiError) => live && setState({ loading: false, invitation: null, error: err.statusCode === 404 ? INVALID_INVITATION : err.message }));
    return () => {
      live = false;
    };
  }, [token]);
  return state;
}
