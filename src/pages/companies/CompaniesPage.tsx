import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import { Alert, Avatar, Box, Button, Card, InputAdornment, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useDataGrid } from '@refinedev/mui';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { holds } from '../../../permissions';
import { useSession } from '../../session/useSession';
import type { Company } from './CompanyDetails';
import { roleLabel } from './CompanyHeader';

const SEARCH_DELAY_MS = 300;

/** The companies the user belongs to (GET /companies), paged, sorted and searched by the server. */
export function CompaniesPage() {
  const navigate = useNavigate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { user, profile } = useSession();
  const [search, setSearch] = useState('');
  const { dataGridProps, setFilters, filters, tableQuery } = useDataGrid<Company>({
    resource: 'companies',
    pagination: { pageSize: 25 },
    sorters: { initial: [{ field: 'name', order: 'asc' }] },
    syncWithLocation: false,
  });

  useEffect(() => {
    const t = setTimeout(() => setFilters(search.trim() ? [{ field: 'q', operator: 'eq', value: search.trim() }] : [], 'replace'), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [search, setFilters]);

  const parentName = (id: number | null) => (id ? (user?.memberships.find((m) => m.companyId === id)?.company.name ?? 'Another company') : '');

  const columns = useMemo<GridColDef<Company>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Company',
        flex: 1,
        minWidth: 180,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1.5} alignItems="center" sx={{ height: '100%', minWidth: 0 }}>
            <Avatar src={row.logoUrl ?? undefined} variant="rounded" sx={{ width: 28, height: 28, fontSize: 14, bgcolor: 'primary.main' }}>
              {row.name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Typography variant="body2" noWrap>
              {row.name}
            </Typography>
          </Stack>
        ),
      },
      { field: 'role', headerName: 'Your role', width: 150, sortable: false, valueFormatter: (v: string | null) => (v ? roleLabel(v) : '') },
      { field: 'city', headerName: 'City', width: 140 },
      { field: 'state', headerName: 'State', width: 90 },
      { field: 'parentId', headerName: 'Part of', width: 180, valueGetter: (_v, row) => parentName(row.parentId) },
      { field: 'plan', headerName: 'Plan', width: 90, sortable: false, valueFormatter: (v: string) => (v === 'free' ? 'Free' : 'Paid') },
      { field: 'createdAt', headerName: 'Created', width: 120, valueFormatter: (v: string) => new Date(v).toLocaleDateString() },
    ],
    // Parent names come from the session's memberships.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [user],
  );

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} justifyContent="space-between">
        <Typography variant="h5" component="h1">
          Companies
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            size="small"
            placeholder="Search companies"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            slotProps={{
              htmlInput: { 'aria-label': 'Search companies' },
              input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> },
            }}
          />
          {holds(profile, 'self:companies:create') && (
            <Button variant="contained" startIcon={<Add />} onClick={() => navigate('/register/company')}>
              New company
            </Button>
          )}
        </Stack>
      </Stack>
      {tableQuery.isError && <Alert severity="error">Your companies could not be loaded. {tableQuery.error?.message}</Alert>}
      <Card>
        <DataGrid
          {...dataGridProps}
          columns={columns}
          autoHeight
          disableRowSelectionOnClick
          disableColumnFilter
          pageSizeOptions={[25, 50, 100]}
          columnVisibilityModel={phone ? { city: false, state: false, parentId: false, plan: false, createdAt: false } : {}}
          onRowClick={({ id }) => navigate(`/companies/${id}`)}
          slots={{
            noRowsOverlay: () => (
              <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', p: 4 }}>
                <Typography color="text.secondary">{filters.length ? 'No companies match this search.' : 'You belong to no company yet.'}</Typography>
              </Box>
            ),
          }}
          sx={{ border: 0, '& .MuiDataGrid-row': { cursor: 'pointer' }, minHeight: 300 }}
        />
      </Card>
    </Stack>
  );
}
