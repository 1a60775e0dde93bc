import { Button, Stack, Typography } from '@mui/material';
import { useInvalidate, useOne } from '@refinedev/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { partnerResourceOf, type PartnershipView, type PartnerType } from '../../../resources/partnership';
import { ActivityList } from '../../components/ActivityList';
import { SectionedPage, withCount } from '../../components/SectionedPage';
import { ShowPageFrame } from '../../components/ShowPageFrame';
import { ConfirmDeleteDialog } from '../../engine/ConfirmDeleteDialog';
import { useResource } from '../../engine/useResource';
import { MarketsEditor } from './MarketsEditor';
import { PartnershipProfile, StatusChip } from './PartnershipProfile';

/** One client or subcontractor at clients/:clientId (subcontractors/:subcontractorId), its sections below. */
export function PartnershipPage({ type }: { type: PartnerType }) {
  const def = partnerResourceOf(type);
  const { partnershipId = '' } = useParams();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { meta, canManage, companyId } = useResource(def);
  const { result, query } = useOne<PartnershipView>({ resource: def.name, id: partnershipId, meta, errorNotification: false });
  const [deleting, setDeleting] = useState(false);
  // A partnership of the other kind is reachable only under its own list.
  const shown = result?.type === type && !query.isError ? result : undefined;
  const manages = canManage && shown?.side === 'host';

  return (
    <ShowPageFrame
      backTo={`/${def.name}`}
      backLabel={def.label}
      loading={query.isLoading}
      row={shown}
      notFound={`This ${def.singular.toLowerCase()} could not be found.`}
      actions={
        manages && (
          <Button color="error" onClick={() => setDeleting(true)}>
            Delete
          </Button>
        )
      }
    >
      {(partnership) => (
        <>
          <SectionedPage
            basePath={`/${def.name}/${partnershipId}`}
            label={`${def.singular} sections`}
            header={
              <>
                <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
                  <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
                    {partnership.name}
                  </Typography>
                  <StatusChip status={partnership.status} />
                </Stack>
                <Typography color="text.secondary" variant="body2">
                  {def.singular}
                  {partnership.contactName ? ` · ${partnership.contactName}` : ''}
                </Typography>
              </>
            }
            sections={[
              { id: 'profile', label: 'Profile', render: () => <PartnershipProfile partnership={partnership} /> },
              {
                id: 'markets',
                label: withCount('Markets', partnership.markets.length),
                render: () => (
                  <MarketsEditor
                    partnershipId={partnership.id}
                    markets={partnership.markets}
                    editable={manages}
                    onChange={() => invalidate({ resource: def.name, id: partnership.id, invalidates: ['detail', 'list'] })}
                  />
                ),
              },
              { id: 'activity', label: 'Activity', render: () => <ActivityList path={`companies/${companyId}/activity`} filters={{ entityType: 'partnership', entityId: String(partnership.id) }} /> },
            ]}
          />
          {deleting && (
            <ConfirmDeleteDialog def={def} meta={meta} row={partnership as unknown as Record<string, unknown>} onClose={(deleted) => (deleted ? navigate(`/${def.name}`) : setDeleting(false))} />
          )}
        </>
      )}
    </ShowPageFrame>
  );
}
