import { Alert, AlertTitle, Stack, Typography } from '@mui/material';
import { useList } from '@refinedev/core';
import type { ResourceDef } from '../../../resources/engine';
import type { PartnershipView } from '../../../resources/partnership';
import { useResource } from '../../engine/useResource';
import { RequestAnswerButtons } from './RequestAnswerButtons';

/** Above the clients (subcontractors) grid: the companies asking to work with this one, to accept or decline. */
export function IncomingRequests({ def }: { def: ResourceDef }) {
  const { meta, canManage } = useResource(def);
  const { result } = useList<PartnershipView>({
    resource: def.name,
    meta,
    pagination: { currentPage: 1, pageSize: 20 },
    filters: [
      { field: 'status', operator: 'eq', value: 'requested' },
      { field: 'side', operator: 'eq', value: 'partner' },
    ],
    sorters: [{ field: 'createdAt', order: 'asc' }],
    errorNotification: false,
  });
  const requests = result.data;
  if (!requests.length) return null;
  const as = def.singular.toLowerCase();
  return (
    <Alert severity="info" role="region" aria-label="Requests to work with you">
      <AlertTitle>{requests.length === 1 ? `A company asks to work with you as your ${as}` : `${requests.length} companies ask to work with you as your ${as}`}</AlertTitle>
      <Stack spacing={1.5} sx={{ mt: 1 }}>
        {requests.map((r) => (
          <Stack key={r.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} justifyContent="space-between">
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              <strong>{r.name}</strong>
              {r.contactName ? ` · ${r.contactName}` : ''}
              {r.contactEmail ? ` · ${r.contactEmail}` : ''}
            </Typography>
            {canManage ? (
              <RequestAnswerButtons def={def} request={r} />
            ) : (
              <Typography variant="body2" color="text.secondary">
                An owner or project manager answers it.
              </Typography>
            )}
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}
