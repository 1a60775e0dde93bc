import { useCreate } from '@refinedev/core';
import { useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { partnerResourceOf, PARTNER_MESSAGES, type PartnershipView, type PartnerType } from '../../../resources/partnership';
import type { ApiError } from '../../api/http';

export type AddKind = 'add' | 'invite' | 'create';

/**
 * Posts one of the three ways of adding a partner, with the spec's toast; the list refreshes through
 * Refine's invalidation. A refusal is kept for the form to show inline, per field where it can.
 */
export function useAddPartner(type: PartnerType, kind: AddKind) {
  const def = partnerResourceOf(type);
  const { mutateAsync } = useCreate<PartnershipView>();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (values: object, setError?: UseFormSetError<any>, fields: readonly string[] = []): Promise<PartnershipView | null> => {
    setFailure(null);
    try {
      const { data } = await mutateAsync({
        resource: def.name,
        values,
        meta: { path: `/partnerships/${kind}/${type}`, quiet: true },
        successNotification: { message: PARTNER_MESSAGES[type].added, type: 'success' },
        errorNotification: false,
      });
      return data;
    } catch (err) {
      const apiError = err as ApiError;
      for (const d of apiError.details ?? []) if (setError && fields.includes(d.field)) setError(d.field, { message: d.message });
      setFailure(apiError.message);
      return null;
    }
  };
  return { submit, failure };
}
