import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolder';
import GridViewIcon from '@mui/icons-material/GridView';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SearchIcon from '@mui/icons-material/Search';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import ViewListIcon from '@mui/icons-material/ViewList';
import {
  Box,
  Breadcrumbs,
  Button,
  IconButton,
  InputAdornment,
  Link,
  ListItemIcon,
  Menu,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState, type DragEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { Breadcrumb } from '../../../resources/files';

export type ViewMode = 'grid' | 'list';

/** The search box: Enter opens the results page. */
export function FileSearchBox({ initial = '' }: { initial?: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  return (
    <Box
      component="form"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        if (value.trim()) navigate(`/files/search?substring=${encodeURIComponent(value.trim())}`);
      }}
      sx={{ flex: { xs: 1, sm: '0 1 260px' }, minWidth: 0 }}
    >
      <TextField
        size="small"
        fullWidth
        placeholder="Search files and folders"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        slotProps={{
          htmlInput: { 'aria-label': 'Search files and folders' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}

/** Breadcrumbs you can drop cards on to move them up the tree. */
export function FolderBreadcrumbs({
  crumbs,
  dropTarget,
  onDragOver,
  onDragLeave,
  onDrop,
}: {
  crumbs: Breadcrumb[];
  dropTarget: string | null;
  onDragOver: (id: number, e: DragEvent) => void;
  onDragLeave: () => void;
  onDrop: (id: number, e: DragEvent) => void;
}) {
  return (
    <Breadcrumbs aria-label="Folder path" maxItems={4} itemsAfterCollapse={2}>
      {crumbs.map((c, i) =>
        i === crumbs.length - 1 ? (
          <Typography key={c.id} color="text.primary" fontWeight={500} aria-current="page">
            {c.name}
          </Typography>
        ) : (
          <Link
            key={c.id}
            component={RouterLink}
            to={`/files/${c.id}`}
            underline="hover"
            color="inherit"
            onDragOver={(e: DragEvent) => onDragOver(c.id, e)}
            onDragLeave={onDragLeave}
            onDrop={(e: DragEvent) => onDrop(c.id, e)}
            sx={{ px: 0.5, borderRadius: 1, bgcolor: dropTarget === `crumb:${c.id}` ? 'action.selected' : undefined }}
          >
            {c.name}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}

export function FilesToolbar({
  canManage,
  view,
  onView,
  onNewFolder,
  onUpload,
}: {
  canManage: boolean;
  view: ViewMode;
  onView: (v: ViewMode) => void;
  onNewFolder: () => void;
  onUpload: () => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const toggle = (
    <ToggleButtonGroup size="small" exclusive value={view} onChange={(_e, v: ViewMode | null) => v && onView(v)} aria-label="View">
      <ToggleButton value="grid" aria-label="Grid view">
        <GridViewIcon fontSize="small" />
      </ToggleButton>
      <ToggleButton value="list" aria-label="List view">
        <ViewListIcon fontSize="small" />
      </ToggleButton>
    </ToggleButtonGroup>
  );
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ flexShrink: 0 }}>
      <FileSearchBox />
      {toggle}
      {canManage && !phone && (
        <>
          <Button variant="outlined" startIcon={<CreateNewFolderIcon />} onClick={onNewFolder} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            New Folder
          </Button>
          <Button variant="contained" startIcon={<UploadFileIcon />} onClick={onUpload} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            Upload
          </Button>
        </>
      )}
      {canManage && phone && (
        <>
          <IconButton aria-label="Folder actions" onClick={(e) => setMenu(e.currentTarget)}>
            <MoreVertIcon />
          </IconButton>
          <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
            <MenuItem
              onClick={() => {
                setMenu(null);
                onNewFolder();
              }}
            >
              <ListItemIcon>
                <CreateNewFolderIcon fontSize="small" />
              </ListItemIcon>
              New Folder
            </MenuItem>
            <MenuItem
              onClick={() => {
                setMenu(null);
                onUpload();
              }}
            >
              <ListItemIcon>
                <UploadFileIcon fontSize="small" />
              </ListItemIcon>
              Upload
            </MenuItem>
          </Menu>
        </>
      )}
    </Stack>
  );
}
