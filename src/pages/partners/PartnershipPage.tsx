import { Alert, Button, Stack, Typography } from '@mui/material';
import { useInvalidate, useOne } from '@refinedev/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { partnerResourceOf, type PartnershipView, type PartnerType } from '../../../resources/partnership';
import { allows, isLive } from '../../../resources/partnership-lifecycle';
import { ActivityList } from '../../components/ActivityList';
import { SectionedPage, withCount } from '../../components/SectionedPage';
import { ShowPageFrame } from '../../components/ShowPageFrame';
import { useResource } from '../../engine/useResource';
import { EndPartnershipDialog } from './EndPartnershipDialog';
import { MarketsEditor } from './MarketsEditor';
import { PartnershipProfile, StatusChip } from './PartnershipProfile';
import { RequestAnswerButtons } from './RequestAnswerButtons';

/** What the page says above its sections while the partnership waits for an answer or after it ended. */
function StatusNotice({ partnership, singular }: { partnership: PartnershipView; singular: string }) {
  const { status, side, name } = partnership;
  if (status === 'requested' && side === 'host') {
    return <Alert severity="info">Waiting for {name} to accept. You see its contact once it does.</Alert>;
  }
  if (status === 'requested') return <Alert severity="info">{name} asks to work with you as your {singular.toLowerCase()}. Nothing of your company is shared until you accept.</Alert>;
  if (status === 'ended') {
    return <Alert severity="warning">This partnership has ended. Your items and records for it stay yours: delete or keep them as you need.</Alert>;
  }
  return null;
}

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
  const may = (event: 'accept' | 'end') => !!shown && canManage && allows(shown.status, event, shown.side);

  return (
    <ShowPageFrame
      backTo={`/${def.name}`}
      backLabel={def.label}
      loading={query.isLoading}
      row={shown}
      notFound={`This ${def.singular.toLowerCase()} could not be found.`}
      actions={
        <>
          {may('accept') && <RequestAnswerButtons def={def} request={shown!} />}
          {may('end') && (
            <Button color="error" onClick={() => setDeleting(true)}>
              {shown!.status === 'active' ? 'End partnership' : 'Withdraw'}
            </Button>
          )}
        </>
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
                <StatusNotice partnership={partnership} singular={def.singular} />
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
                    editable={manages && isLive(partnership.status)}
                    onChange={() => invalidate({ resource: def.name, id: partnership.id, invalidates: ['detail', 'list'] })}
                  />
                ),
              },
              { id: 'activity', label: 'Activity', render: () => <ActivityList path={`companies/${companyId}/activity`} filters={{ entityType: 'partnership', entityId: String(partnership.id) }} /> },
            ]}
          />
          {deleting && <EndPartnershipDialog def={def} row={partnership} onClose={(ended) => (ended ? navigate(`/${def.name}`) : setDeleting(false))} />}
        </>
      )}
    </ShowPageFrame>
  );
}
