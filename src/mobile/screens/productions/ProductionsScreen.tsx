import Add from '@mui/icons-material/Add';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import { Alert, Button, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { formatDay } from '../../../../resources/calendar-day';
import type { ProductionCrewOption, ProductionListRow } from '../../../../resources/production';
import type { OutboxEntry } from '../../../offline/outbox-entry';
import { useOutbox } from '../../../offline/use-outbox';
import { useCachedRead } from '../../data/cached-read';
import { useMobileSession } from '../../session';
import { ScreenHeader } from '../../shell/ScreenHeader';
import { CREWS_PATH, productionsPath } from '../../data/field-reads';
import { creationSummary, isWaitingCreation } from './production-outbox';
import { ReadStatus } from '../../shell/ReadStatus';
import { StatusChip } from './StatusChip';

function WaitingCard({ entry }: { entry: OutboxEntry }) {
  const { date, itemCount } = creationSummary(entry);
  return (
    <Card component="li" variant="outlined" aria-label={entry.label} sx={{ listStyle: 'none', borderWidth: 2, borderColor: 'warning.main' }}>
      <CardActionArea component={Link} to="/outbox" sx={{ minHeight: 64 }}>
        <CardContent sx={{ display: 'grid', gap: 0.5 }}>
          <Stack direction="row" spacing={1} justifyContent="space-between" alignItems="center">
            <Typography variant="h3" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {entry.label}
            </Typography>
            <StatusChip status="waiting" />
          </Stack>
          <Typography variant="body2">
            {formatDay(date)} · {itemCount} {itemCount === 1 ? 'item' : 'items'}
            {entry.state === 'failed' || entry.state === 'conflict' ? ' · not accepted: open Waiting' : ''}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function ProductionCard({ row }: { row: ProductionListRow }) {
  return (
    <Card component="li" variant="outlined" aria-label={`${row.crewName}, ${formatDay(row.date)}`} sx={{ listStyle: 'none', borderWidth: 2 }}>
      <CardActionArea component={Link} to={`/productions/${row.id}`} sx={{ minHeight: 64 }}>
        <CardContent sx={{ display: 'grid', gap: 0.5 }}>
          <Stack direction="row" spacing={1} justifyContent="space-between" alignItems="center">
            <Typography variant="h3" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {row.projectCode} · {row.projectName}
            </Typography>
            <StatusChip status={row.status} />
          </Stack>
          <Typography variant="body2">
            {formatDay(row.date)} · {row.crewName} · {row.itemCount} {row.itemCount === 1 ? 'item' : 'items'}
          </Typography>
          {row.status === 'rejected' && row.rejectReason && (
            <Typography variant="body2" color="error" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              Rejected: {row.rejectReason}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The Production tab: what waits on the phone first, then the crew's productions, newest first. */
export default function ProductionsScreen() {
  const { ability } = useMobileSession();
  const crews = useCachedRead<ProductionCrewOption[]>(CREWS_PATH);
  const crewIds = crews.data?.map((c) => c.id) ?? null;
  const list = useCachedRead<ProductionListRow[]>(crewIds && crewIds.length ? productionsPath(crewIds) : null);
  const { entries } = useOutbox();
  const waiting = entries.filter(isWaitingCreation);
  const saved = (useLocation().state as { saved?: string } | null)?.saved;
  // What left the outbox is on the server now: the list shows it from there.
  const before = useRef(entries.length);
  const { reload } = list;
  useEffect(() => {
    if (entries.length < before.current) reload();
    before.current = entries.length;
  }, [entries.length, reload]);
  const rows = list.data ?? [];
  const noCrew = crews.data !== null && crews.data.length === 0;
  return (
    <>
      <ScreenHeader title="Production" />
      <ReadStatus read={crewIds && crewIds.length ? list : crews} what="the productions" />
      <Stack spacing={2} sx={{ p: 2 }}>
        {saved && (
          <Alert severity="success" role="status">
            {saved}
            {waiting.length > 0 ? '. It waits on this phone until it is sent.' : '.'}
          </Alert>
        )}
        {ability.can('manage', 'productions') && !noCrew && (
          <Button component={Link} to="/productions/create" variant="contained" size="large" startIcon={<Add />} sx={{ minHeight: 56, fontSize: '1.125rem' }}>
            Record production
          </Button>
        )}
        {waiting.length > 0 && (
          <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }} aria-label="Waiting to send">
            {waiting.map((entry) => (
              <WaitingCard key={entry.id} entry={entry} />
            ))}
          </Stack>
        )}
        {noCrew ? (
          <Typography color="text.secondary">You are in no crew: productions show here once you are.</Typography>
        ) : rows.length > 0 ? (
          <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }} aria-label="Productions">
            {rows.map((row) => (
              <ProductionCard key={row.id} row={row} />
            ))}
          </Stack>
        ) : (
          list.data !== null &&
          waiting.length === 0 && (
            <Stack alignItems="center" spacing={1} sx={{ py: 4, textAlign: 'center' }}>
              <AssignmentOutlined sx={{ fontSize: 56 }} aria-hidden />
              <Typography variant="h2" component="p">
                No production yet
              </Typography>
              <Typography color="text.secondary">The days your crew records show here.</Typography>
            </Stack>
          )
        )}
      </Stack>
    </>
  );
}
