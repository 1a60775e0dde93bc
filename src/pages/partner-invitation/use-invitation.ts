import { useEffect, useState } from 'react';
import type { PartnershipInvitationView } from '../../../resources/partnership';
import { apiFetch, type ApiError } from '../../api/http';

/** Spec 01 §4: an invitation is fetched first; the error is the response's own message. */
export function useInvitation(token: string) {
  const [state, setState] = useState<{ loading: boolean; error: string | null; invitation: PartnershipInvitationView | null }>({
    loading: true,
    error: null,
    invitation: null,
  });
  useEffect(() => {
    const controller = new AbortController();
    setState({ loading: true, error: null, invitation: null });
    apiFetch<PartnershipInvitationView>(`/partnerships/invitations/${encodeURIComponent(token)}`, { signal: controller.signal, quiet: true, anonymous: true })
      .then(({ data }) => setState({ loading: false, error: null, invitation: data }))
      .catch((err: ApiError) => {
        if (err.name !== 'AbortError') setState({ loading: false, error: err.message, invitation: null });
      });
    return () => controller.abort();
  }, [token]);
  const update = (invitation: PartnershipInvitationView) => setState({ loading: false, error: null, invitation });
  return { ...state, update };
}

/** The inviting company and the invited one, whichever way round the invitation goes. */
export function sidesOf(invitation: PartnershipInvitationView) {
  const client = { id: invitation.clientId, name: invitation.clientName, contactName: invitation.clientContactName, contactEmail: invitation.clientContactEmail };
  const subcontractor = {
    id: invitation.subcontractorId,
    name: invitation.subcontractorName,
    contactName: invitation.subcontractorContactName,
    contactEmail: invitation.subcontractorContactEmail,
  };
  return invitation.guestType === 'client' ? { host: subcontractor, guest: client } : { host: client, guest: subcontractor };
}

export const ANSWERED: Record<Exclude<PartnershipInvitationView['status'], 'pending'>, string> = {
  accepted: 'This invitation has already been accepted.',
  declined: 'This invitation has been declined.',
  expired: 'This invitation has expired. Ask the company that sent it for a new one.',
  withdrawn: 'The company that sent this invitation has withdrawn it.',
};
