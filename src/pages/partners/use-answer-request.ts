import { useUpdate } from '@refinedev/core';
import type { ResourceDef } from '../../../resources/engine';
import { REQUEST_MESSAGES, type DeclineInvitationBody, type PartnershipView } from '../../../resources/partnership';
import { useResource } from '../../engine/useResource';

/**
 * Accepts a request made to the active company, or declines it with a reason, with a toast; Refine
 * then refreshes the lists and the partnership's page. A declined call's failure is the caller's to show.
 */
export function useAnswerRequest(def: ResourceDef) {
  const { meta } = useResource(def);
  const { mutateAsync } = useUpdate<PartnershipView>();
  const answer = (id: number, verb: 'accept' | 'decline', values: DeclineInvitationBody | Record<string, never>) =>
    mutateAsync({
      resource: def.name,
      id,
      values,
      meta: { ...meta, itemPath: `/partnerships/:id/${verb}`, quiet: verb === 'decline' },
      successNotification: { message: verb === 'accept' ? REQUEST_MESSAGES.accepted : REQUEST_MESSAGES.declined, type: 'success' },
      errorNotification: false,
    });
  return {
    accept: (id: number) => answer(id, 'accept', {}),
    decline: (id: number, body: DeclineInvitationBody) => answer(id, 'decline', body),
  };
}
