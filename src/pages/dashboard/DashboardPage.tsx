import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import PublicIcon from '@mui/icons-material/Public';
import { Alert, Box, Button, FormControlLabel, IconButton, Paper, Skeleton, Stack, Switch, Tooltip, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { holds } from '../../../permissions';
import { DASHBOARD_MESSAGES, type Dashboard, type DashboardFilters, type Widget } from '../../../resources/dashboard';
import { localTimeZone, todayIn } from '../../../resources/time-zone';
import { useSession } from '../../session/useSession';
import { ConfirmDialog } from '../productions/ProductionDialogs';
import { DashboardFiltersBar } from './DashboardFiltersBar';
import { DashboardGrid } from './DashboardGrid';
import { DashboardSwitcher, groupDashboards } from './DashboardSwitcher';
import { NameDialog } from './NameDialog';
import { PlaceWidgetDialog } from './PlaceWidgetDialog';
import { PublicLinkDialog } from './PublicLinkDialog';
import { signedInSource } from './signed-in-source';
import { useDashboardState } from './useDashboardState';
import { WidgetEditorDialog } from './WidgetEditorDialog';
import { WidgetFrame } from './WidgetFrame';

type Open = { kind: 'new' } | { kind: 'rename' } | { kind: 'delete' } | { kind: 'public' } | { kind: 'widget'; widget?: Widget } | { kind: 'delete-widget'; widget: Widget } | { kind: 'place-widget'; widget: Widget } | null;

/** The dashboard opened by default: the one asked for in the address, else the viewer's own, else a shared one, else the role's. */
function chosenId(list: Dashboard[], asked: number | null, userId: number | undefined) {
  if (asked !== null && list.some((d) => d.id === asked)) return asked;
  return groupDashboards(list, userId)[0]?.items[0]?.id ?? null;
}

/**
 * The dashboards (spec 02 §7, issue 18): switch between the viewer's, make and rename them, share them
 * with the company, publish them, filter them, and lay out their widgets on the grid.
 */
export function DashboardPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { user, profile, activeMembership } = useSession();
  const companyId = activeMembership?.companyId ?? null;
  const state = useDashboardState(companyId);
  const { list, current, widgets } = state;
  const [open, setOpen] = useState<Open>(null);
  // The filters chosen here, until another dashboard opens (which brings its own saved ones).
  const [chosen, setChosen] = useState<{ dashboardId: number; filters: DashboardFilters } | null>(null);
  const asked = params.get('dashboard') ? Number(params.get('dashboard')) : null;
  const selected = list ? chosenId(list, asked, user?.id) : null;

  useEffect(() => {
    if (list) void state.openDashboard(selected);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected, list === null]);
  const filters = useMemo(() => (chosen && chosen.dashboardId === current?.id ? chosen.filters : (current?.filters ?? {})), [chosen, current]);

  // The company's day decides what "last 7 days" means.
  const today = todayIn(activeMembership?.company.timezone ?? localTimeZone());
  const source = useMemo(() => signedInSource(filters, today, profile, navigate), [filters, today, profile, navigate]);
  const canEdit = !!current?.canEdit;
  const mayPublish = canEdit && holds(profile, 'projects:manage');
  const select = (id: number) => setParams({ dashboard: String(id) });

  const changeFilters = (next: DashboardFilters) => {
    if (!current) return;
    setChosen({ dashboardId: current.id, filters: next });
    if (canEdit) void state.update({ filters: next }, null).catch(() => undefined);
  };

  const greeting = (
    <Typography variant="body2" color="text.secondary">
      Welcome, {user?.name.split(' ')[0]}
    </Typography>
  );
  if (state.listError)
    return (
      <Stack spacing={2}>
        {greeting}
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void state.reloadList()}>Retry</Button>}>
          The dashboards could not be loaded: {state.listError.message}
        </Alert>
      </Stack>
    );
  if (!list)
    return (
      <Stack spacing={2}>
        {greeting}
        <Skeleton variant="rounded" height={240} aria-label="Loading dashboards" />
      </Stack>
    );

  return (
    <Stack spacing={2}>
      {greeting}
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center">
        <Typography variant="h5" component="h1" sx={{ mr: 1 }}>
          {current?.name ?? 'Dashboard'}
        </Typography>
        {list.length > 0 && <DashboardSwitcher list={list} userId={user?.id} value={selected} onChange={select} />}
        <Button startIcon={<AddIcon />} onClick={() => setOpen({ kind: 'new' })}>
          New dashboard
        </Button>
        {canEdit && (
          <>
            <Tooltip title="Rename">
              <IconButton aria-label="Rename dashboard" onClick={() => setOpen({ kind: 'rename' })}>
                <EditIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete">
              <IconButton aria-label="Delete dashboard" onClick={() => setOpen({ kind: 'delete' })}>
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          </>
        )}
        {mayPublish && current && (
          <>
            <FormControlLabel
              control={<Switch checked={current.shared} onChange={(e) => void state.update({ shared: e.target.checked }).catch(() => undefined)} />}
              label="Share with company"
            />
            <Button startIcon={<PublicIcon />} onClick={() => setOpen({ kind: 'public' })}>
              Public link
            </Button>
          </>
        )}
        {canEdit && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ kind: 'widget' })} sx={{ ml: { sm: 'auto' } }}>
            Add widget
          </Button>
        )}
      </Stack>

      {list.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography gutterBottom>No dashboard yet.</Typography>
          <Button variant="contained" onClick={() => setOpen({ kind: 'new' })}>
            New dashboard
          </Button>
        </Paper>
      )}

      {current && (
        <>
          <DashboardFiltersBar value={filters} onChange={changeFilters} />
          {widgets.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 3 }}>
              <Typography color="text.secondary">This dashboard has no widgets yet.</Typography>
            </Paper>
          ) : (
            <Box sx={{ mx: -0.5 }}>
              <DashboardGrid widgets={widgets} editable={canEdit} onLayout={state.placeWidgets} onLayoutStop={(p) => void state.saveLayout(p)}>
                {(w) => (
                  <WidgetFrame
                    widget={w}
                    source={source}
                    notPublic={current.isPublic && !w.published && typeof w.id === 'number'}
                    actions={
                      canEdit
                        ? {
                            onEdit: (widget) => setOpen({ kind: 'widget', widget }),
                            onDelete: (widget) => setOpen({ kind: 'delete-widget', widget }),
                            onPlace: (widget) => setOpen({ kind: 'place-widget', widget }),
                            onPublish: (widget) => void state.updateWidget(widget, { published: true }).catch(() => undefined),
                          }
                        : undefined
                    }
                  />
                )}
              </DashboardGrid>
            </Box>
          )}
        </>
      )}
      {state.loadingOne && !current && <Skeleton variant="rounded" height={240} />}

      {open?.kind === 'new' && (
        <NameDialog title="New dashboard" submitLabel="Create" onClose={() => setOpen(null)} onSubmit={async (name) => select((await state.create(name)).id)} />
      )}
      {open?.kind === 'rename' && current && (
        <NameDialog
          title="Rename dashboard"
          submitLabel="Rename"
          initial={current.name}
          onClose={() => setOpen(null)}
          onSubmit={(name) => state.update({ name }, DASHBOARD_MESSAGES.renamed)}
        />
      )}
      {open?.kind === 'delete' && current && (
        <ConfirmDialog
          title="Delete this dashboard?"
          question={`"${current.name}" and its widgets are deleted for everyone who sees it.`}
          confirmLabel="Delete"
          danger
          onClose={() => setOpen(null)}
          onConfirm={async () => {
            await state.remove();
            setParams({});
          }}
        />
      )}
      {open?.kind === 'public' && current && companyId && (
        <PublicLinkDialog dashboard={current} companyId={companyId} onUpdate={(patch) => state.update(patch)} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'widget' && (
        <WidgetEditorDialog
          widget={open.widget}
          onClose={() => setOpen(null)}
          onSave={async (input, size) => {
            if (open.widget) await state.updateWidget(open.widget, { title: input.title, filters: input.filters, configuration: input.configuration });
            // A new widget shows at once, saving in its place (spec 02 §4).
            else void state.addWidget(input, size);
          }}
        />
      )}
      {open?.kind === 'place-widget' && (
        <PlaceWidgetDialog
          widget={open.widget}
          onClose={() => setOpen(null)}
          onSubmit={(layout) => void state.saveLayout(new Map(widgets.map((w) => [String(w.id), w.id === open.widget.id ? layout : w.layout])))}
        />
      )}
      {open?.kind === 'delete-widget' && (
        <ConfirmDialog
          title="Delete this widget?"
          question={`"${open.widget.title}" is taken off the dashboard.`}
          confirmLabel="Delete"
          danger
          onClose={() => setOpen(null)}
          onConfirm={() => state.removeWidget(open.widget)}
        />
      )}
    </Stack>
  );
}
