import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import UnfoldLess from '@mui/icons-material/UnfoldLess';
import UnfoldMore from '@mui/icons-material/UnfoldMore';
import { Alert, Box, Button, Card, InputAdornment, List, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { itemCategories, type ItemCategory } from '../../../resources/item-categories';
import { routeOf } from '../../../resources/engine';
import { ConfirmDeleteDialog } from '../../engine/ConfirmDeleteDialog';
import { useResource } from '../../engine/useResource';
import { CategoryFormDialog } from './CategoryFormDialog';
import { filterTree, parentIds, visibleNodes } from './category-tree';
import { CategoryTreeRow } from './CategoryTreeRow';
import { useAllCategories } from './useAllCategories';

const base = `/${routeOf(itemCategories)}`;

/** Item categories as a tree: expand and collapse, search, and new, edit and delete dialogs. */
export function CategoriesPage({ dialog }: { dialog?: 'create' | 'edit' }) {
  const navigate = useNavigate();
  const { id: editId } = useParams();
  const [params] = useSearchParams();
  const { meta, canManage } = useResource(itemCategories);
  const { categories, tree, isLoading, isError, error, refetch } = useAllCategories();
  // Branches start open (the whole tree is what people come to see): the state keeps those closed.
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<ItemCategory | null>(null);

  const searching = search.trim().length > 0;
  const shown = useMemo(() => {
    const matches = filterTree(tree, search);
    // A search shows every match where it lives, whatever is collapsed.
    const open = new Set(parentIds(matches).filter((id) => searching || !collapsed.has(id)));
    return visibleNodes(matches, open);
  }, [tree, search, searching, collapsed]);

  const toggle = (id: number) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const closeDialog = () => navigate(base);
  const createParent = Number(params.get('parentId')) || null;
  // Refine refreshes plain lists after a change, not the paged-through one the tree is built from;
  // once fresh, the branches above the saved category open so it can be seen where it now lives.
  const afterSave = async (savedId: number) => {
    closeDialog();
    const { data } = await refetch();
    const byId = new Map((data?.pages ?? []).flatMap((p) => p.data).map((c) => [c.id, c]));
    const above = new Set<number>();
    for (let c = byId.get(savedId); c?.parentId && !above.has(c.parentId); c = byId.get(c.parentId)) above.add(c.parentId);
    setCollapsed((prev) => new Set([...prev].filter((id) => !above.has(id))));
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} justifyContent="space-between">
        <Typography variant="h5" component="h1">
          {itemCategories.label}
        </Typography>
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          <Button startIcon={<UnfoldMore />} onClick={() => setCollapsed(new Set())} disabled={!categories.length}>
            Expand all
          </Button>
          <Button startIcon={<UnfoldLess />} onClick={() => setCollapsed(new Set(parentIds(tree)))} disabled={!categories.length}>
            Collapse all
          </Button>
          {canManage && (
            <Button variant="contained" startIcon={<Add />} onClick={() => navigate(`${base}/create`)}>
              New {itemCategories.singular}
            </Button>
          )}
        </Stack>
      </Stack>
      <TextField
        size="small"
        placeholder="Search categories"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        sx={{ maxWidth: { sm: 360 } }}
        slotProps={{
          htmlInput: { 'aria-label': 'Search categories' },
          input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> },
        }}
      />
      {isError && (
        <Alert severity="error" action={<Button color="inherit" onClick={() => void refetch()}>Retry</Button>}>
          The item categories could not be loaded. {error?.message}
        </Alert>
      )}
      <Card>
        {isLoading ? (
          <Box sx={{ p: 2 }} aria-busy="true" aria-label="Loading categories">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={40} sx={{ ml: i % 2 ? 4 : 0 }} />
            ))}
          </Box>
        ) : !isError && !categories.length ? (
          <Box sx={{ p: 4, textAlign: 'center' }}>
            <Typography color="text.secondary" gutterBottom>
              No item categories yet.
            </Typography>
            {canManage && (
              <Button startIcon={<Add />} onClick={() => navigate(`${base}/create`)}>
                Create the first category
              </Button>
            )}
          </Box>
        ) : searching && !shown.length ? (
          <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
            No categories match “{search.trim()}”.
          </Typography>
        ) : (
          <List role="tree" aria-label={itemCategories.label} disablePadding>
            {shown.map((node) => (
              <CategoryTreeRow
                key={node.category.id}
                node={node}
                expanded={searching || !collapsed.has(node.category.id)}
                canToggle={!searching}
                onToggle={() => toggle(node.category.id)}
                actions={
                  canManage
                    ? {
                        add: () => navigate(`${base}/create?parentId=${node.category.id}`),
                        edit: () => navigate(`${base}/${node.category.id}/edit`),
                        remove: () => setDeleting(node.category),
                      }
                    : undefined
                }
              />
            ))}
          </List>
        )}
      </Card>
      {dialog && canManage && (
        <CategoryFormDialog
          id={dialog === 'edit' ? editId : undefined}
          parentId={dialog === 'create' ? createParent : undefined}
          tree={tree}
          onClose={(savedId) => (savedId === undefined ? closeDialog() : void afterSave(Number(savedId)))}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          def={itemCategories}
          meta={meta}
          row={deleting as unknown as Record<string, unknown>}
          onClose={(deleted) => {
            setDeleting(null);
            if (deleted) void refetch();
          }}
        />
      )}
    </Stack>
  );
}
