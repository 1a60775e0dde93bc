import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useInvalidate, useOne } from '@refinedev/core';
import { useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { partnerResourceOf, type PartnershipView, type PartnerType } from '../../../resources/partnership';
import { ActivityList } from '../../components/ActivityList';
import { ConfirmDeleteDialog } from '../../engine/ConfirmDeleteDialog';
import { useResource } from '../../engine/useResource';
import { MarketsEditor } from './MarketsEditor';
import { PartnershipProfile, StatusChip } from './PartnershipProfile';

const SECTIONS = [
  { id: 'profile', label: 'Profile' },
  { id: 'markets', label: 'Markets' },
  { id: 'activity', label: 'Activity' },
] as const;
type SectionId = (typeof SECTIONS)[number]['id'];

/** One client or subcontractor at clients/:clientId (subcontractors/:subcontractorId), its sections below. */
export function PartnershipPage({ type }: { type: PartnerType }) {
  const def = partnerResourceOf(type);
  const { partnershipId = '', sectionId } = useParams();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { meta, canManage, companyId } = useResource(def);
  const { result, query } = useOne<PartnershipView>({ resource: def.name, id: partnershipId, meta, errorNotification: false });
  const [deleting, setDeleting] = useState(false);
  const section = SECTIONS.find((s) => s.id === sectionId)?.id;
  if (sectionId !== undefined && !section) return <Navigate to={`/${def.name}/${partnershipId}`} replace />;
  const current: SectionId = section ?? 'profile';

  const back = (
    <Button component={RouterLink} to={`/${def.name}`} startIcon={<ArrowBack />}>
      {def.label}
    </Button>
  );
  if (query.isLoading) return <Skeleton variant="rounded" height={240} />;
  // A partnership of the other kind is reachable only under its own list.
  if (query.isError || !result || result.type !== type) {
    return (
      <Stack spacing={2} alignItems="flex-start">
        {back}
        <Alert severity="error">This {def.singular.toLowerCase()} could not be found.</Alert>
      </Stack>
    );
  }
  const partnership = result;
  const manages = canManage && partnership.side === 'host';
  const refresh = () => invalidate({ resource: def.name, id: partnership.id, invalidates: ['detail', 'list'] });

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap">
        {back}
        <Box sx={{ flex: 1 }} />
        {manages && (
          <Button color="error" onClick={() => setDeleting(true)}>
            Delete
          </Button>
        )}
      </Stack>
      <Card>
        <CardContent sx={{ pb: 0 }}>
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
        </CardContent>
        <Tabs
          value={current}
          onChange={(_e, next: SectionId) => navigate(`/${def.name}/${partnership.id}/${next}`, { replace: true })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={`${def.singular} sections`}
        >
          {SECTIONS.map((s) => (
            <Tab key={s.id} value={s.id} label={s.id === 'markets' ? `${s.label} (${partnership.markets.length})` : s.label} />
          ))}
        </Tabs>
      </Card>
      <Card>
        <CardContent>
          {current === 'profile' && <PartnershipProfile partnership={partnership} />}
          {current === 'markets' && <MarketsEditor partnershipId={partnership.id} markets={partnership.markets} editable={manages} onChange={refresh} />}
          {current === 'activity' && <ActivityList path={`companies/${companyId}/activity`} filters={{ entityType: 'partnership', entityId: String(partnership.id) }} />}
        </CardContent>
      </Card>
      {deleting && (
        <ConfirmDeleteDialog def={def} meta={meta} row={partnership as unknown as Record<string, unknown>} onClose={(deleted) => (deleted ? navigate(`/${def.name}`) : setDeleting(false))} />
      )}
    </Stack>
  );
}
