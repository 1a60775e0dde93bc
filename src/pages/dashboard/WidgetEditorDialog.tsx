import DeleteIcon from '@mui/icons-material/DeleteOutline';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  IconButton,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { ATTENTION_KINDS, isFigureWidget, MAP_WIDGET_LAYERS, WIDGET_TYPES, type AttentionKind, type Widget, type WidgetType } from '../../../resources/dashboard';
import { figureStatusLabel, operatorsFor, type FigureFilterType, type FigureMapping, type FigureSource, type FigureSourceDeclaration } from '../../../resources/figures';
import { MAP_LAYERS } from '../../../resources/map';
import type { ApiError } from '../../api/http';
import { dashboardApi, type WidgetInput } from './dashboard-api';
import { configurationOf, DIMENSION_LABELS, draftOf, measuresOf, newDraft, OPERATOR_LABELS, type DraftFilter, type WidgetDraft } from './widget-draft';

const DEFAULT_SIZE = { w: 4, h: 4 };

function FilterRow({ filter, source, declaration, onChange, onRemove, index }: {
  filter: DraftFilter;
  source: FigureSource;
  declaration: FigureSourceDeclaration;
  onChange: (f: DraftFilter) => void;
  onRemove: () => void;
  index: number;
}) {
  const fields = declaration.filters as Record<string, FigureFilterType>;
  const type = fields[filter.field] ?? 'text';
  const operators = operatorsFor(type);
  const statuses = type === 'status' ? declaration.statuses : undefined;
  const valueInput =
    statuses && filter.operator !== 'in' ? (
      <TextField select size="small" label="Value" value={filter.value} onChange={(e) => onChange({ ...filter, value: e.target.value })} sx={{ minWidth: 140 }}>
        {statuses.map((s) => (
          <MenuItem key={s} value={s}>
            {figureStatusLabel(source, s)}
          </MenuItem>
        ))}
      </TextField>
    ) : (
      <TextField
        size="small"
        label={filter.operator === 'in' ? (statuses ? `Values (${statuses.join(', ')})` : 'Values, comma separated') : 'Value'}
        type={type === 'date' && filter.operator !== 'in' ? 'date' : type === 'number' && filter.operator !== 'in' ? 'number' : 'text'}
        value={filter.value}
        onChange={(e) => onChange({ ...filter, value: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: 1, minWidth: 140 }}
      />
    );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} role="group" aria-label={`Filter ${index + 1}`}>
      <TextField
        select
        size="small"
        label="Field"
        value={filter.field}
        onChange={(e) => {
          const next = fields[e.target.value] ?? 'text';
          onChange({ field: e.target.value, operator: operatorsFor(next)[0]!, value: '' });
        }}
        sx={{ minWidth: 120 }}
      >
        {Object.keys(fields).map((f) => (
          <MenuItem key={f} value={f}>
            {f}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label="Operator" value={filter.operator} onChange={(e) => onChange({ ...filter, operator: e.target.value as DraftFilter['operator'], value: '' })} sx={{ minWidth: 130 }}>
        {operators.map((o) => (
          <MenuItem key={o} value={o}>
            {OPERATOR_LABELS[o]}
          </MenuItem>
        ))}
      </TextField>
      {valueInput}
      <IconButton aria-label={`Remove filter ${index + 1}`} onClick={onRemove}>
        <DeleteIcon />
      </IconButton>
    </Stack>
  );
}

function FigureFields({ draft, set, mapping }: { draft: WidgetDraft; set: (patch: Partial<WidgetDraft>) => void; mapping: FigureMapping }) {
  const sources = Object.entries(mapping) as Array<[FigureSource, FigureSourceDeclaration]>;
  const declaration = draft.source ? mapping[draft.source] : undefined;
  return (
    <>
      <TextField select label="Source" value={draft.source} onChange={(e) => set({ source: e.target.value as FigureSource, measure: 'count', groupBy: '', filters: [] })}>
        {sources.map(([name, d]) => (
          <MenuItem key={name} value={name}>
            {d.label}
          </MenuItem>
        ))}
      </TextField>
      {declaration && (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <TextField select fullWidth label="Measure" value={draft.measure} onChange={(e) => set({ measure: e.target.value })}>
              {measuresOf(declaration.values).map((m) => (
                <MenuItem key={m.value} value={m.value}>
                  {m.label}
                </MenuItem>
              ))}
            </TextField>
            {draft.type !== 'kpi' && (
              <TextField select fullWidth label="Group by" value={draft.groupBy} onChange={(e) => set({ groupBy: e.target.value as WidgetDraft['groupBy'] })}>
                <MenuItem value="">Nothing</MenuItem>
                {declaration.dimensions.map((d) => (
                  <MenuItem key={d} value={d}>
                    {DIMENSION_LABELS[d]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Stack>
          {draft.type !== 'kpi' && (
            <TextField
              label="Top"
              type="number"
              value={draft.limit}
              onChange={(e) => set({ limit: e.target.value })}
              helperText="Only the largest groups, at most this many (empty: all)"
              slotProps={{ htmlInput: { min: 1, max: 100 } }}
            />
          )}
          <Stack spacing={1}>
            <Typography variant="subtitle2">Filters</Typography>
            {draft.filters.map((f, i) => (
              <FilterRow
                key={i}
                index={i}
                filter={f}
                source={draft.source as FigureSource}
                declaration={declaration}
                onChange={(next) => set({ filters: draft.filters.map((x, j) => (j === i ? next : x)) })}
                onRemove={() => set({ filters: draft.filters.filter((_x, j) => j !== i) })}
              />
            ))}
            <Button
              sx={{ alignSelf: 'flex-start' }}
              onClick={() => {
                const [field, type] = Object.entries(declaration.filters)[0] as [string, FigureFilterType];
                set({ filters: [...draft.filters, { field, operator: operatorsFor(type)[0]!, value: '' }] });
              }}
            >
              Add filter
            </Button>
          </Stack>
        </>
      )}
      <FormControlLabel control={<Switch checked={draft.useDashboardFilters} onChange={(e) => set({ useDashboardFilters: e.target.checked })} />} label="Use the dashboard's filters" />
    </>
  );
}

/**
 * Adds a widget or edits one: its title and type, and for figure widgets the question built only
 * from what the source declares (GET /advanced-filter/mapping), checked as the server checks it.
 */
export function WidgetEditorDialog({ widget, onSave, onClose }: { widget?: Widget; onSave: (input: WidgetInput, size: { w: number; h: number }) => Promise<unknown>; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [draft, setDraft] = useState<WidgetDraft>(() => (widget ? draftOf(widget) : newDraft()));
  const [titleTouched, setTitleTouched] = useState(!!widget);
  const [mapping, setMapping] = useState<FigureMapping | null>(null);
  const [size, setSize] = useState(DEFAULT_SIZE);
  // What this viewer may see on a map or an attention list; every one until the server says.
  const [layers, setLayers] = useState<Array<{ value: string; label: string }>>(MAP_LAYERS.filter((l) => (MAP_WIDGET_LAYERS as readonly string[]).includes(l.value)));
  const [kinds, setKinds] = useState<Array<{ value: AttentionKind; label: string }>>([...ATTENTION_KINDS]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<WidgetDraft>) => {
    setFailure(null);
    setDraft((d) => ({ ...d, ...patch }));
  };

  useEffect(() => {
    dashboardApi
      .mapping()
      .then(setMapping)
      .catch((err: ApiError) => setFailure(`The figures you may ask could not be loaded: ${err.message}`));
  }, []);
  // A new widget takes its type's defaults: title and size.
  useEffect(() => {
    if (widget) return;
    let live = true;
    dashboardApi
      .widgetConfiguration(draft.type)
      .then((c) => {
        if (!live) return;
        setSize(c.size ?? DEFAULT_SIZE);
        if (!titleTouched) setDraft((d) => ({ ...d, title: c.title }));
        if (c.sources && !mapping) setMapping(c.sources);
        if (c.kinds) {
          setKinds(c.kinds);
          setDraft((d) => ({ ...d, kinds: c.kinds!.map((k) => k.value) }));
        }
        if (c.layers) {
          setLayers(c.layers);
          if (c.layers[0]) setDraft((d) => ({ ...d, layer: c.layers![0]!.value as WidgetDraft['layer'] }));
        }
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft.type, widget]);

  const submit = async () => {
    const built = configurationOf(draft, mapping ?? {});
    if ('error' in built) return setFailure(built.error);
    setBusy(true);
    try {
      await onSave({ title: draft.title.trim(), type: draft.type, filters: draft.widgetFilters, configuration: built.configuration }, size);
      onClose();
    } catch (err) {
      setFailure((err as ApiError).message);
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => !busy && onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="widget-editor-title">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="widget-editor-title">{widget ? 'Edit widget' : 'Add widget'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Title"
              value={draft.title}
              onChange={(e) => {
                setTitleTouched(true);
                set({ title: e.target.value });
              }}
              slotProps={{ htmlInput: { maxLength: 120 } }}
            />
            <TextField select label="Type" value={draft.type} disabled={!!widget} onChange={(e) => set({ type: e.target.value as WidgetType })}>
              {WIDGET_TYPES.map((t) => (
                <MenuItem key={t.value} value={t.value}>
                  {t.label}
                </MenuItem>
              ))}
            </TextField>
            {draft.type === 'chart' && (
              <TextField select label="Chart" value={draft.chart} onChange={(e) => set({ chart: e.target.value as WidgetDraft['chart'] })}>
                <MenuItem value="bar">Bars</MenuItem>
                <MenuItem value="line">Line</MenuItem>
                <MenuItem value="pie">Pie</MenuItem>
              </TextField>
            )}
            {isFigureWidget(draft.type) && (mapping ? <FigureFields draft={draft} set={set} mapping={mapping} /> : !failure && <Typography color="text.secondary">Loading sources…</Typography>)}
            {draft.type === 'map' && (
              <TextField select label="Layer" value={draft.layer} onChange={(e) => set({ layer: e.target.value as WidgetDraft['layer'] })}>
                {layers.map((l) => (
                  <MenuItem key={l.value} value={l.value}>
                    {l.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {draft.type === 'attention' && (
              <FormGroup>
                <FormLabel>Show</FormLabel>
                {kinds.map((k) => (
                  <FormControlLabel
                    key={k.value}
                    label={k.label}
                    control={
                      <Checkbox
                        checked={draft.kinds.includes(k.value)}
                        onChange={(e) => set({ kinds: e.target.checked ? [...draft.kinds, k.value] : draft.kinds.filter((x) => x !== k.value) })}
                      />
                    }
                  />
                ))}
              </FormGroup>
            )}
            {draft.type === 'placeholder' && <TextField label="Text" multiline minRows={3} value={draft.text} onChange={(e) => set({ text: e.target.value })} slotProps={{ htmlInput: { maxLength: 2000 } }} />}
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {widget ? 'Save' : 'Add'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
