import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Alert, Box, Button, Card, Stack, Typography } from '@mui/material';
import { DataGrid, GridActionsCellItem, type GridColDef, type GridColumnVisibilityModel } from '@mui/x-data-grid';
import type { CrudFilter } from '@refinedev/core';
import { useDataGrid } from '@refinedev/mui';
import { useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { ResourceDef } from '../../resources/engine';
import { useSession } from '../session/useSession';
import { useQuickSettings } from '../shell/quick-settings';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { ExportButton } from './ExportButton';
import { FilterBar, type FieldEditor } from './FilterBar';
import { filterFields, fromCrudFilters, readAddress, toParams, writeAddress, type Condition } from './filter-model';
import { gridColumns, hiddenByDefault } from './grid-columns';
import { ResourceFormDialog } from './ResourceFormDialog';
import { rememberedView, type GridViewState, type SavedView } from './saved-views';
import { SavedViewsMenu } from './SavedViewsMenu';
import { useResource } from './useResource';

/** The create/edit dialog a resource may bring instead of the generic one. */
export type ResourceFormComponent = ComponentType<{ def: ResourceDef; id?: string; onClose: (savedId?: string | number) => void }>;

const NO_COLUMNS: GridColDef[] = [];
const ALWAYS = () => true;

/** A resource's own confirmation in place of the generic delete one, and its action's name. */
export interface ResourceRemoval {
  label: string;
  dialog: ComponentType<{ row: Record<string, unknown>; onClose: (removed: boolean) => void }>;
}

/**
 * Filters a bar of the page's own holds above the grid (an invoice list's statuses): sent with the
 * filter bar's conditions and kept in saved views.
 */
export interface ListScope {
  initial: CrudFilter[];
  /** The fields the page's bar filters: the filter bar leaves them to it (two conditions on one field would read as "any of"). */
  fields: readonly string[];
  bar: (value: CrudFilter[], onChange: (next: CrudFilter[]) => void) => ReactNode;
}

/**
 * The grid of a resource: server-side paging and sorting, the filter bar's conditions (kept in the
 * address: back and forward step through them, a link carries them), saved views, CSV export.
 */
export function ResourceListPage({
  def,
  dialog,
  form: Form = ResourceFormDialog,
  editable = true,
  extraColumns = NO_COLUMNS,
  actions,
  notice,
  removal,
  deletable = ALWAYS,
  cells,
  empty,
  scope,
  filterEditors,
  search: searchable = false,
  rowActions = true,
}: {
  def: ResourceDef;
  dialog?: 'create' | 'edit';
  form?: ResourceFormComponent;
  /** False for resources whose rows cannot be edited: no Edit action; or which rows offer it. */
  editable?: boolean | ((row: Record<string, unknown>) => boolean);
  /** Display-only columns after the resource's own (not exported, filtered or sorted). */
  extraColumns?: GridColDef[];
  /** Buttons of the resource's own beside the grid's (an import). */
  actions?: ReactNode;
  /** Something the resource asks the user's attention for, between the title and the grid (requests to answer). */
  notice?: ReactNode;
  removal?: ResourceRemoval;
  /** Which rows offer Delete: not those the company may read but not remove. */
  deletable?: (row: Record<string, unknown>) => boolean;
  /** How some of the resource's own columns draw their cells (a status as a coloured chip); values, filters and export stay the field's. */
  cells?: Record<string, GridColDef['renderCell']>;
  /** What an empty grid says when no filter is set (an invitation to create the first row). */
  empty?: ReactNode;
  scope?: ListScope;
  /** The page's own editors of some fields' values in the filter bar (a project picker). */
  filterEditors?: Record<string, FieldEditor>;
  /** The filter bar offers a search of every text field. */
  search?: boolean;
  /** False when no row has an action of its own (opened only): no empty Actions column. */
  rowActions?: boolean;
}) {
  const navigate = useNavigate();
  const { id: editId } = useParams();
  const { meta: resourceMeta, canManage } = useResource(def);
  const { user } = useSession();
  const { search: address } = useLocation();
  const [params, setParams] = useSearchParams();
  const fields = useMemo(() => filterFields(def, scope?.fields), [def, scope]);
  const addressed = useMemo(() => readAddress(fields, params, searchable), [fields, params, searchable]);
  // The view remembered when the page opens, unless the address carries conditions of its own; later switches go through applyView.
  const [initialView] = useState(() => {
    if (addressed.length) return null;
    const id = rememberedView(def.name);
    return ((user?.views ?? []) as SavedView[]).find((v) => v.id === id && v.type === def.name) ?? null;
  });
  const conditionsOf = (view: SavedView | null): Condition[] =>
    view?.filters.conditions ?? fromCrudFilters(fields, [...(view?.filters.filters ?? []), ...(scope ? [] : (view?.filters.scope ?? []))], searchable);
  // The remembered view's conditions until they are written to the address, where they live after.
  const [seed, setSeed] = useState<Condition[] | null>(() => (initialView ? conditionsOf(initialView) : null));
  useEffect(() => {
    if (!seed) return;
    if (seed.length) setParams((p) => writeAddress(fields, p, seed, searchable), { replace: true });
    setSeed(null);
  }, [seed, fields, searchable, setParams]);
  const conditions = seed ?? addressed;
  const [activeView, setActiveView] = useState<number | null>(initialView?.id ?? null);
  const [columnVisibility, setColumnVisibility] = useState<GridColumnVisibilityModel>(
    initialView?.filters.columns ?? hiddenByDefault(def),
  );
  const [deleting, setDeleting] = useState<Record<string, unknown> | null>(null);
  // The quick panel's "Compact grids".
  const compact = useQuickSettings().compactGrids;
  const [scopeFilters, setScopeFilters] = useState<CrudFilter[]>(scope ? (initialView?.filters.scope ?? scope.initial) : []);
  // The data provider sends meta.scope and meta.params (the conditions) with the query; a change of either is a new query.
  const conditionKey = JSON.stringify(conditions);
  const meta = useMemo(
    () => ({ ...resourceMeta, params: toParams(conditions), ...(scope ? { scope: scopeFilters } : {}) }),
    // The conditions by value: the address is read again on every change of it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [resourceMeta, scope, scopeFilters, conditionKey],
  );

  const { dataGridProps, sorters, setSorters, setCurrentPage, tableQuery } = useDataGrid({
    resource: def.name,
    meta,
    pagination: { pageSize: 25 },
    sorters: { initial: initialView?.filters.sorters ?? [def.defaultSort] },
    syncWithLocation: false,
  });

  const columns = useMemo<GridColDef[]>(() => {
    const base = [...gridColumns(def).map((c) => (cells?.[c.field] ? { ...c, renderCell: cells[c.field] } : c)), ...extraColumns];
    if (!canManage || !rowActions) return base;
    return [
      ...base,
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 100,
        getActions: ({ row }) => [
          ...((typeof editable === 'function' ? editable(row) : editable) ? [<GridActionsCellItem key="edit" icon={<EditOutlined />} label="Edit" onClick={() => navigate(`/${def.name}/${row.id}/edit${address}`)} />] : []),
          ...(deletable(row) ? [<GridActionsCellItem key="delete" icon={<DeleteOutline />} label={removal?.label ?? 'Delete'} onClick={() => setDeleting(row)} />] : []),
        ],
      },
    ];
  }, [def, canManage, rowActions, navigate, editable, extraColumns, removal, deletable, cells, address]);

  const changeConditions = (next: Condition[]) => {
    setParams((p) => writeAddress(fields, p, next, searchable));
    setCurrentPage(1);
  };
  const applyView = (view: SavedView | null) => {
    setActiveView(view?.id ?? null);
    changeConditions(conditionsOf(view));
    setSorters(view?.filters.sorters ?? [def.defaultSort]);
    setColumnVisibility(view?.filters.columns ?? hiddenByDefault(def));
    if (scope) setScopeFilters(view?.filters.scope ?? scope.initial);
  };
  const changeScope = (next: CrudFilter[]) => {
    setScopeFilters(next);
    setCurrentPage(1);
  };
  const current: GridViewState = { conditions, sorters, columns: columnVisibility, ...(scope ? { scope: scopeFilters } : {}) };
  const visibleColumns = gridColumns(def)
    .filter((c) => columnVisibility[c.field] !== false)
    .map((c) => ({ field: c.field, headerName: c.headerName ?? c.field }));

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} justifyContent="space-between">
        <Typography variant="h5" component="h1">
          {def.label}
        </Typography>
        <Stack direction="row" spacing={1} flexWrap="wrap">
          <SavedViewsMenu type={def.name} current={current} activeId={activeView} onApply={applyView} />
          {actions}
          <ExportButton resource={def.name} label={def.label} meta={meta} sorters={sorters} columns={visibleColumns} />
          {canManage && (
            <Button variant="contained" startIcon={<Add />} onClick={() => navigate(`/${def.name}/create${address}`)}>
              New {def.singular}
            </Button>
          )}
        </Stack>
      </Stack>
      {notice}
      {scope?.bar(scopeFilters, changeScope)}
      <FilterBar def={def} value={conditions} onChange={changeConditions} editors={filterEditors} search={searchable} exclude={scope?.fields} />
      {tableQuery.isError && <Alert severity="error">The {def.label.toLowerCase()} could not be loaded. {tableQuery.error?.message}</Alert>}
      <Card>
        <DataGrid
          {...dataGridProps}
          columns={columns}
          autoHeight
          density={compact ? 'compact' : 'standard'}
          disableRowSelectionOnClick
          disableColumnFilter
          pageSizeOptions={[25, 50, 100]}
          columnVisibilityModel={columnVisibility}
          onColumnVisibilityModelChange={setColumnVisibility}
          onRowClick={({ id }) => navigate(`/${def.name}/${id}`)}
          slots={{ noRowsOverlay: () => <EmptyOverlay def={def} filtered={conditions.length > 0 || scopeFilters.length > 0} empty={empty} /> }}
          sx={{ border: 0, '& .MuiDataGrid-row': { cursor: 'pointer' }, minHeight: 300 }}
        />
      </Card>
      {dialog && canManage && (
        <Form def={def} id={dialog === 'edit' ? editId : undefined} onClose={() => navigate(`/${def.name}${address}`)} />
      )}
      {deleting &&
        (removal ? (
          <removal.dialog row={deleting} onClose={() => setDeleting(null)} />
        ) : (
          <ConfirmDeleteDialog def={def} meta={meta} row={deleting} onClose={() => setDeleting(null)} />
        ))}
    </Stack>
  );
}

function EmptyOverlay({ def, filtered, empty }: { def: ResourceDef; filtered: boolean; empty?: ReactNode }) {
  if (!filtered && empty) return <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', p: 4, textAlign: 'center' }}>{empty}</Box>;
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', p: 4, textAlign: 'center' }}>
      <Typography color="text.secondary">
        {filtered ? `No ${def.label.toLowerCase()} match these filters.` : `No ${def.label.toLowerCase()} yet.`}
      </Typography>
    </Box>
  );
}
