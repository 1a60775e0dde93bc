import AddOutlined from '@mui/icons-material/AddOutlined';
import ChevronRight from '@mui/icons-material/ChevronRight';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Box, IconButton, ListItem, Stack, Tooltip, Typography } from '@mui/material';
import type { CategoryNode } from './category-tree';
import { ColorSwatch } from './ColorSwatch';

interface Props {
  node: CategoryNode;
  expanded: boolean;
  /** Whether the toggle may close the row (not while a search shows every match). */
  canToggle: boolean;
  onToggle: () => void;
  /** Present when the user may change categories. */
  actions?: { add: () => void; edit: () => void; remove: () => void };
}

/** One category in the tree: indented by depth, with its colour, description and actions. */
export function CategoryTreeRow({ node, expanded, canToggle, onToggle, actions }: Props) {
  const { category, depth, children } = node;
  const hasChildren = children.length > 0;
  return (
    <ListItem
      role="treeitem"
      aria-level={depth + 1}
      aria-expanded={hasChildren ? expanded : undefined}
      aria-label={category.name}
      divider
      sx={{ pl: { xs: 1 + depth * 2, sm: 1 + depth * 3.5 }, pr: 1, py: 0.5, gap: 1, alignItems: 'center' }}
    >
      <Box sx={{ width: 34, flexShrink: 0 }}>
        {hasChildren && (
          <IconButton
            size="small"
            onClick={onToggle}
            disabled={!canToggle}
            aria-label={`${expanded ? 'Collapse' : 'Expand'} ${category.name}`}
          >
            {expanded ? <ExpandMore /> : <ChevronRight />}
          </IconButton>
        )}
      </Box>
      <ColorSwatch color={category.color} size={16} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} alignItems="baseline" sx={{ minWidth: 0 }}>
          <Typography fontWeight={depth === 0 ? 600 : 400} noWrap>
            {category.name}
          </Typography>
          {hasChildren && (
            <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
              {children.length} {children.length === 1 ? 'subcategory' : 'subcategories'}
            </Typography>
          )}
        </Stack>
        {category.description && (
          <Typography variant="body2" color="text.secondary" noWrap title={category.description}>
            {category.description}
          </Typography>
        )}
      </Box>
      {actions && (
        <Stack direction="row" sx={{ flexShrink: 0 }}>
          <Tooltip title="Add subcategory">
            <IconButton size="small" onClick={actions.add} aria-label={`Add subcategory to ${category.name}`}>
              <AddOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Edit">
            <IconButton size="small" onClick={actions.edit} aria-label={`Edit ${category.name}`}>
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton size="small" onClick={actions.remove} aria-label={`Delete ${category.name}`}>
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      )}
    </ListItem>
  );
}
