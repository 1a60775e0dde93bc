import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Button, Stack, Typography } from '@mui/material';
import { useOne } from '@refinedev/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DAMAGE_SUCCESS, damages, type DamageDetail } from '../../../resources/damage';
import { formatMoney } from '../../../resources/money';
import type { ApiError } from '../../api/http';
import { ActivityCard } from '../../components/ActivityList';
import { SectionedPage, withCount, type PageSection } from '../../components/SectionedPage';
import { missingRowText, ShowPageFrame } from '../../components/ShowPageFrame';
import { StatusMoves } from '../../components/StatusMoves';
import { ConfirmDeleteDialog } from '../../engine/ConfirmDeleteDialog';
import { ResourceFormDialog } from '../../engine/ResourceFormDialog';
import { useResource } from '../../engine/useResource';
import { formatDay } from '../productions/production-status';
import { damagePaths, moveDamage, useDamageRefresh } from './damage-api';
import { DamageDetails } from './DamageDetails';
import { DamageFilesSection } from './DamageFilesSection';
import { DamageStatusChip, MOVE_LABEL } from './damage-status';

/** Date, project, status and amount, with the moves the state machine allows now. */
function DamageHeader({ damage }: { damage: DamageDetail }) {
  const { canManage } = useResource(damages);
  const refresh = useDamageRefresh();
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography variant="h5" component="h1">
          Damage of {formatDay(damage.damageDate)}
        </Typography>
        <DamageStatusChip status={damage.status} size="medium" />
      </Stack>
      <Typography color="text.secondary">
        {[damage.projectCode, damage.projectName, damage.damageTypeName, damage.amount === null ? null : formatMoney(damage.amount)].filter(Boolean).join(' · ')}
      </Typography>
      {canManage && (
        <StatusMoves next={damage.nextStatuses} labels={MOVE_LABEL} primary="closed" saved={DAMAGE_SUCCESS.saved} move={(status) => moveDamage(damage.id, status).then(refresh)} />
      )}
    </Stack>
  );
}

/** One damage at damages/:damageId, its sections at …/:sectionId: details, files, proof of amount, activity. */
export function DamagePage() {
  const { damageId = '' } = useParams();
  const navigate = useNavigate();
  const { meta, canManage } = useResource(damages);
  const refresh = useDamageRefresh();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { result: damage, query } = useOne<DamageDetail>({ resource: damages.name, id: damageId, meta, errorNotification: false });
  const error = query.error as ApiError | null;
  return (
    <ShowPageFrame
      backTo="/damages"
      backLabel="Damages"
      loading={query.isLoading}
      row={query.isError ? undefined : damage}
      notFound={missingRowText(error, 'damage')}
      actions={
        canManage &&
        damage && (
          <Stack direction="row" spacing={1}>
            <Button startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
              Edit
            </Button>
            {damage.status === 'reported' && (
              <Button color="error" startIcon={<DeleteOutline />} onClick={() => setDeleting(true)}>
                Delete
              </Button>
            )}
          </Stack>
        )
      }
    >
      {(damage) => {
        const sections: PageSection[] = [
          { id: 'details', label: 'Details', render: () => <DamageDetails damage={damage} /> },
          { id: 'files', label: withCount('Files', damage.fileCount), render: () => <DamageFilesSection damage={damage} category="files" /> },
          { id: 'proof', label: withCount('Proof of amount', damage.proofCount), render: () => <DamageFilesSection damage={damage} category="proof" /> },
          {
            id: 'activity',
            label: 'Activity',
            render: () => <ActivityCard subject="damage" path={damagePaths(damage.id).activity} pageSize={20} paged timeZone={damage.projectTimezone} />,
          },
        ];
        return (
          <>
            <SectionedPage bare pushHistory basePath={`/damages/${damage.id}`} label="Damage sections" header={<DamageHeader damage={damage} />} sections={sections} />
            {editing && (
              <ResourceFormDialog
                def={damages}
                id={String(damage.id)}
                onClose={(saved) => {
                  setEditing(false);
                  if (saved !== undefined) void refresh();
                }}
              />
            )}
            {deleting && (
              <ConfirmDeleteDialog
                def={damages}
                meta={meta}
                row={damage as unknown as Record<string, unknown>}
                onClose={(removed?: boolean) => {
                  setDeleting(false);
                  if (removed) navigate('/damages');
                }}
              />
            )}
          </>
        );
      }}
    </ShowPageFrame>
  );
}
