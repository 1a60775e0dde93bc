import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DoneAll from '@mui/icons-material/DoneAll';
import Draw from '@mui/icons-material/Draw';
import Save from '@mui/icons-material/Save';
import { Alert, Box, Button, IconButton, Link, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import type { LayerItem } from '../../../resources/plan-takeoff';
import type { ProductionMarking } from './useProductionMarking';

const KIND_HINT = {
  line: 'click along what was built, then Finish (or double-click, or Enter)',
  area: 'click the corners of what was built, then Finish (or double-click, or Enter)',
  count: 'click each one built, then Finish (or Enter)',
} as const;

export const markTargetLabel = (d: LayerItem) => `${d.itemName} · ${d.quantity} ${d.unit ?? ''} planned (${d.kind})`.replace(/ {2,}/g, ' ');

/** The drawing the crew marks on (only drawings added to the budget carry production): the system's own picker, at home on a phone. */
export function MarkTargetPicker({ drawings, targetId, onTarget }: { drawings: LayerItem[]; targetId: number | null; onTarget: (id: number | null) => void }) {
  return (
    <TextField
      select
      size="small"
      label="Mark built on"
      value={targetId ?? ''}
      onChange={(e) => onTarget(e.target.value === '' ? null : Number(e.target.value))}
      disabled={drawings.length === 0}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 0, flex: 1 }}
    >
      <option value="">Choose a drawing</option>
      {drawings.map((d) => (
        <option key={d.id} value={d.id}>
          {markTargetLabel(d)}
        </option>
      ))}
    </TextField>
  );
}

export interface MarkingControls {
  marking: ProductionMarking;
  /** The page's drawings in the budget. */
  drawings: LayerItem[];
  targetId: number | null;
  onTarget: (id: number | null) => void;
  /** Whether taps on the sheet draw the mark now (not after panning or selecting). */
  drawing: boolean;
  onDraw: () => void;
  canFinish: boolean;
  onFinish: () => void;
  onSave: () => void;
}

/** The phone's bottom bar while marking: what is marked on, Finish and Save within a thumb's reach. */
export function MarkingBar({ marking, drawings, targetId, onTarget, drawing, onDraw, canFinish, onFinish, onSave }: MarkingControls) {
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <MarkTargetPicker drawings={drawings} targetId={targetId} onTarget={onTarget} />
      {targetId !== null && !drawing ? (
        <IconButton aria-label="Draw the mark" onClick={onDraw} color="primary">
          <Draw />
        </IconButton>
      ) : (
        <IconButton aria-label="Finish the mark" onClick={onFinish} disabled={!canFinish} color="primary">
          <DoneAll />
        </IconButton>
      )}
      <Button variant="contained" size="small" onClick={onSave} disabled={!marking.dirty || marking.saving || !marking.production?.canEdit}>
        Save
      </Button>
    </Stack>
  );
}

/**
 * What the production being marked holds: the crew and day, the page's drawings to mark on, every mark
 * so far with its quantity (on any page), and Save. On a phone it sits in the legend's drawer.
 */
export function MarkingPanel({ marking, drawings, targetId, onTarget, drawing, onDraw, canFinish, onFinish, onSave, fileId, pageNumber, onGoTo, phone }: MarkingControls & {
  fileId: number;
  pageNumber: number;
  onGoTo: (page: number) => void;
  phone: boolean;
}) {
  const { production, marks } = marking;
  const target = drawings.find((d) => d.id === targetId);
  return (
    <Stack spacing={1.5} sx={{ p: 2, pb: 0 }} component="section" aria-label="Marking production">
      <Box>
        <Typography variant="subtitle2" component="h2">
          Marking built work
        </Typography>
        {production && (
          <Typography variant="body2" color="text.secondary">
            {production.crewName} · {production.date}
          </Typography>
        )}
      </Box>
      {marking.error && <Alert severity="warning">{marking.error}</Alert>}
      {!phone &&
        (drawings.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No drawing on this page is in the budget yet.
          </Typography>
        ) : (
          <>
            <MarkTargetPicker drawings={drawings} targetId={targetId} onTarget={onTarget} />
            <Typography variant="caption" color="text.secondary">
              {target ? `On ${target.itemName}: ${KIND_HINT[target.kind]}.` : 'Choose the drawing, then draw on it what the crew built.'}
            </Typography>
            {target && !drawing ? (
              <Button variant="outlined" startIcon={<Draw />} onClick={onDraw}>
                Draw the mark
              </Button>
            ) : (
              <Button variant="outlined" startIcon={<DoneAll />} onClick={onFinish} disabled={!canFinish}>
                Finish the mark
              </Button>
            )}
          </>
        ))}
      <Box>
        <Typography variant="subtitle2" component="h3">
          Marks of this production ({marks.length})
        </Typography>
        {marks.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Nothing marked yet.
          </Typography>
        ) : (
          <List dense disablePadding aria-label="Marks of this production">
            {marks.map((m) => (
              <ListItem
                key={m.key}
                disableGutters
                secondaryAction={
                  production?.canEdit && (
                    <IconButton edge="end" aria-label={`Remove the mark of ${m.quantity} ${m.unit ?? ''} on ${m.itemName}`.replace(/ {2,}/g, ' ')} onClick={() => marking.remove(m.key)}>
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  )
                }
              >
                <ListItemText
                  primary={`${m.itemName}: ${m.quantity} ${m.unit ?? ''}`}
                  secondary={
                    m.fileId !== fileId ? (
                      `Another plan file, page ${m.pageNumber}`
                    ) : m.pageNumber === pageNumber ? (
                      `Page ${m.pageNumber}`
                    ) : (
                      <Link component="button" type="button" onClick={() => onGoTo(m.pageNumber)}>
                        Page {m.pageNumber}
                      </Link>
                    )
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
      {!phone && (
        <Button variant="contained" startIcon={<Save />} onClick={onSave} disabled={!marking.dirty || marking.saving || !production?.canEdit}>
          {marking.saving ? 'Saving…' : 'Save marks'}
        </Button>
      )}
    </Stack>
  );
}
