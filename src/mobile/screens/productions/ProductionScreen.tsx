import Add from '@mui/icons-material/Add';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { BudgetItem } from '../../../../resources/budget';
import { formatDay } from '../../../../resources/calendar-day';
import { formatMoney } from '../../../../resources/money';
import { productionTextValues, type Production, type ProductionPhoto, type ProductionTextValues } from '../../../../resources/production';
import type { Station } from '../../../../resources/project';
import { useOutbox } from '../../../offline/use-outbox';
import { useCachedRead } from '../../data/cached-read';
import { ScreenHeader } from '../../shell/ScreenHeader';
import { ItemRows, checkRows, rowOfBudgetItem, type ItemRow } from './ItemRows';
import { draftChanges, rowsOfProduction, settled, unsaved } from './production-edits';
import { enqueueAmend, enqueueDraftChanges, enqueueItemRemoval, entriesOfProduction } from './production-outbox';
import { changedTexts, DayTexts, DayTextsRead } from './DayTexts';
import { RemoveItemDialog } from './RemoveItemDialog';
import { budgetItemsPath, productionPath, productionPhotosPath, stationsPath } from '../../data/field-reads';
import { PlanMarks } from './PlanMarks';
import { ReadStatus } from '../../shell/ReadStatus';
import { StatusChip } from './StatusChip';

type Pending = 'submit' | 'amend' | null;

function ReadOnlyItems({ rows }: { rows: ItemRow[] }) {
  return (
    <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }} aria-label="Production items">
      {rows.map((row) => (
        <Card key={row.key} component="li" variant="outlined" aria-label={row.name} sx={{ listStyle: 'none', borderWidth: 2 }}>
          <CardContent sx={{ display: 'grid', gap: 0.5, '&:last-child': { pb: 2 } }}>
            <Typography variant="h3" component="h3" sx={{ overflowWrap: 'anywhere' }}>
              {[row.code, row.name].filter(Boolean).join(' · ')}
            </Typography>
            <Typography sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
              {row.quantity} {row.unit ?? ''}
            </Typography>
            {row.description && <Typography variant="body2">{row.description}</Typography>}
            {row.serverPhotos.length > 0 && (
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} aria-label={`Photos of ${row.name}`}>
                {row.serverPhotos.map((p) => (
                  <Box key={p.id} component="img" src={p.url} alt={p.name} sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 1 }} />
                ))}
              </Stack>
            )}
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * One production, kept on the phone: its items, quantities, photos and status. A draft's quantities,
 * notes, stations, items and photos change here and it is submitted; a rejected one says why and is
 * amended to correct it; an approved one is read only. Every change waits in the outbox.
 */
export default function ProductionScreen() {
  const { productionId = '' } = useParams();
  const read = useCachedRead<Production>(productionPath(productionId));
  const photosRead = useCachedRead<ProductionPhoto[]>(productionPhotosPath(productionId));
  const production = read.data;
  const { entries } = useOutbox();
  const mine = production ? entriesOfProduction(entries, production.id, production.items.map((i) => i.id)) : [];
  const [pending, setPending] = useState<Pending>(null);
  const [edits, setEdits] = useState<Record<string, ItemRow>>({});
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<Record<string, ItemRow>>({});
  const [addedWaiting, setAddedWaiting] = useState<ItemRow[]>([]);
  const [rowErrors, setRowErrors] = useState<Map<string, string>>(new Map());
  const [notice, setNotice] = useState<string | null>(null);
  const [texts, setTexts] = useState<ProductionTextValues | null>(null);
  const [removing, setRemoving] = useState<ItemRow | null>(null);
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());

  const status = pending === 'submit' ? 'submitted' : pending === 'amend' ? 'draft' : production?.status;
  const editable = !!production && ((production.status === 'draft' && production.canEdit && pending !== 'submit') || pending === 'amend');
  const budget = useCachedRead<BudgetItem[]>(editable && production ? budgetItemsPath(production.projectId) : null);
  const stations = useCachedRead<Station[]>(editable && production ? stationsPath(production.projectId) : null);

  // Once what this production waited for is sent, the server's version is the one to show; what
  // the crew typed since and has not saved stays.
  const waitedFor = useRef(0);
  const { reload } = read;
  const reloadPhotos = photosRead.reload;
  useEffect(() => {
    if (mine.length === 0 && waitedFor.current > 0) {
      setEdits((e) => Object.fromEntries(Object.entries(e).filter(([, r]) => unsaved(r))));
      setAddedWaiting([]);
      reload();
      reloadPhotos();
    }
    waitedFor.current = mine.length;
  }, [mine.length, reload, reloadPhotos]);
  // The status the phone assumed holds until the server's answer comes back.
  useEffect(() => {
    if (waitedFor.current === 0) setPending(null);
  }, [production]);

  if (!production) {
    return (
      <>
        <ScreenHeader title="Production" back="/productions" />
        <ReadStatus read={read} what="the production" />
      </>
    );
  }

  const label = `Production of ${production.crewName}, ${formatDay(production.date)}`;
  const rows = rowsOfProduction(production, photosRead.data ?? [])
    .filter((r) => r.itemId === null || !removed.has(r.itemId))
    .map((r) => edits[r.key] ?? r);
  const dayTexts = texts ?? productionTextValues(production.texts);
  const taken = new Set([...production.items.map((i) => i.budgetItemId), ...addedWaiting.map((r) => r.budgetItemId)]);
  const addable = (budget.data ?? []).filter((b) => !taken.has(b.id)).map((b) => added[`b${b.id}`] ?? rowOfBudgetItem(b));
  const conflict = mine.some((e) => e.state === 'conflict');

  const save = async (submit: boolean) => {
    const errors = checkRows([...rows, ...addable]);
    setRowErrors(errors);
    if (errors.size) return;
    const changes = draftChanges(rows, addable);
    if (submit && rows.length + addedWaiting.length + changes.added.length === 0) {
      setNotice('Add at least one item before submitting');
      return;
    }
    await enqueueDraftChanges({ productionId: production.id, label, texts: changedTexts(dayTexts, production.texts), ...changes, submit });
    setEdits(Object.fromEntries(rows.map((r) => [r.key, settled(r)])));
    setAddedWaiting((w) => [...w, ...changes.addedRows.map(settled)]);
    setAdded({});
    setAdding(false);
    if (submit) setPending('submit');
    setNotice(submit ? 'Saved and submitted' : 'Saved');
  };

  const remove = async (row: ItemRow) => {
    setRemoving(null);
    await enqueueItemRemoval(row.itemId!, `${label}: ${row.name} removed`);
    setRemoved((r) => new Set([...r, row.itemId!]));
    setNotice(`${row.name} removed`);
  };

  const amend = async () => {
    await enqueueAmend(production.id, label);
    setPending('amend');
    setNotice('Amended: correct it and submit it again');
  };

  return (
    <>
      <ScreenHeader title={`${production.crewName}, ${formatDay(production.date)}`} back="/productions" />
      <ReadStatus read={read} what="the production" />
      <Stack spacing={2} sx={{ p: 2 }}>
        {conflict && (
          <Alert severity="warning" action={<Button color="inherit" component={Link} to="/outbox">Open Waiting</Button>}>
            This production changed on the server meanwhile: what you sent was not applied. Compare both versions in Waiting.
          </Alert>
        )}
        {notice && (
          <Alert severity="success" role="status" onClose={() => setNotice(null)}>
            {notice}
            {mine.length > 0 ? '. Waiting to send.' : '.'}
          </Alert>
        )}
        <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between">
          <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {production.projectCode} · {production.projectName}
          </Typography>
          {status && <StatusChip status={status} waiting={mine.length > 0} />}
        </Stack>
        {status === 'rejected' && (
          <Alert severity="error" role="alert">
            Rejected: {production.rejectReason ?? 'no reason given'}
          </Alert>
        )}
        {status === 'rejected' && production.canAmend && (
          <Button variant="contained" size="large" onClick={() => void amend()} sx={{ minHeight: 56 }}>
            Amend
          </Button>
        )}
        <Typography variant="h2" component="h2">
          Items
        </Typography>
        {rows.length === 0 && addedWaiting.length === 0 && <Typography color="text.secondary">No items yet{editable ? ': add what the crew produced.' : '.'}</Typography>}
        {editable ? (
          <ItemRows rows={rows} onChange={(next) => setEdits(Object.fromEntries(next.map((r) => [r.key, r])))} errors={rowErrors} stations={stations.data ?? []} onRemove={setRemoving} />
        ) : (
          <ReadOnlyItems rows={rows} />
        )}
        {addedWaiting.length > 0 && (
          <>
            <Typography variant="h3" component="h2">
              Added, waiting to send
            </Typography>
            <ReadOnlyItems rows={addedWaiting} />
          </>
        )}
        {editable &&
          (adding ? (
            <>
              <Typography variant="h3" component="h2">
                Add items
              </Typography>
              <ReadStatus read={budget} what="the budget items" />
              <ItemRows rows={addable} onChange={(next) => setAdded(Object.fromEntries(next.map((r) => [r.key, r])))} errors={rowErrors} stations={stations.data ?? []} />
            </>
          ) : (
            <Button variant="outlined" startIcon={<Add />} onClick={() => setAdding(true)}>
              Add items
            </Button>
          ))}
        <Typography sx={{ fontWeight: 700 }}>Total {formatMoney(production.amount)}</Typography>
        {editable ? <DayTexts values={dayTexts} onChange={setTexts} /> : <DayTextsRead texts={production.texts} />}
        <PlanMarks production={production} />
        {editable && (
          <Stack spacing={1.5}>
            <Button variant="contained" size="large" onClick={() => void save(true)} sx={{ minHeight: 56 }}>
              Save and submit
            </Button>
            <Button variant="outlined" size="large" onClick={() => void save(false)} sx={{ minHeight: 56 }}>
              Save
            </Button>
          </Stack>
        )}
        {status === 'approved' && <Typography color="text.secondary">Approved: it can no longer change here.</Typography>}
      </Stack>
      <RemoveItemDialog row={removing} onCancel={() => setRemoving(null)} onRemove={(row) => void remove(row)} />
    </>
  );
}
