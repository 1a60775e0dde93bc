import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { useOne } from '@refinedev/core';
import { Link as RouterLink } from 'react-router';
import { useState, type ReactNode } from 'react';
import type { BudgetDetails, BudgetDistribution } from '../../../../resources/budget';
import { formatMoney } from '../../../../resources/money';
import { BUDGET_RESOURCES, type BudgetPaths } from './budget-api';

/** A share as the API answers it, a percent of the total. */
const sharePercent = (share: number) => Math.max(0, Math.min(100, share));

/** The details' rows come a page at a time; the server's default and largest pages are 25 and 200. */
const PAGE_SIZES = [25, 50, 100];
type DetailsSort = { field: 'itemName' | 'plannedAmount' | 'changeOrderAmount'; order: 'asc' | 'desc' };
const BY_NAME: DetailsSort = { field: 'itemName', order: 'asc' };

/**
 * The budget's figures: planned money per item category (budget-distribution) as bars, and per item
 * the planned amount against change orders, production and billing (budget-details), paged and
 * sorted on the server, with the totals over every item of the category; production past the
 * budgeted quantity is flagged. Both follow the category chosen. `report` (for those who may open
 * reports): the budget report's address for these figures, linked with the category chosen.
 */
export function BudgetFigures({ paths, companyId, report }: { paths: BudgetPaths; companyId: number; report?: string | null }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [categoryId, setCategoryId] = useState(0);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const [sort, setSort] = useState<DetailsSort>(BY_NAME);
  const all = useFigures<BudgetDistribution>(paths.distribution(companyId, 0));
  const distribution = useFigures<BudgetDistribution>(paths.distribution(companyId, categoryId));
  const pageQuery = new URLSearchParams({ _start: String(page * pageSize), _end: String((page + 1) * pageSize), _sort: sort.field, _order: sort.order });
  // The page shown stays while the next one loads.
  const details = useFigures<BudgetDetails>(`${paths.details(companyId, categoryId)}?${pageQuery}`, true);
  const categories = (all.data?.categories ?? []).filter((c) => c.categoryId !== null);
  // Money sorts largest first on the first press, names from A.
  const sortBy = (field: DetailsSort['field']) => {
    setSort(sort.field === field ? { field, order: sort.order === 'asc' ? 'desc' : 'asc' } : { field, order: field === 'itemName' ? 'asc' : 'desc' });
    setPage(0);
  };
  const sortable = (field: DetailsSort['field'], label: ReactNode) => (
    <TableSortLabel active={sort.field === field} direction={sort.field === field ? sort.order : field === 'itemName' ? 'asc' : 'desc'} onClick={() => sortBy(field)}>
      {label}
    </TableSortLabel>
  );
  const sortedAs = (field: DetailsSort['field']) => (sort.field === field ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined);

  return (
    <Stack spacing={3}>
      {(categories.length > 0 || report) && (
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
          {categories.length > 0 && (
            <TextField
              select
              label="Category"
              value={categoryId}
              onChange={(e) => {
                setCategoryId(Number(e.target.value));
                setPage(0);
              }}
              sx={{ minWidth: 220, maxWidth: 320, flex: '1 1 220px' }}
              size="small"
            >
              <MenuItem value={0}>All categories</MenuItem>
              {categories.map((c) => (
                <MenuItem key={c.categoryId} value={c.categoryId!}>
                  {c.categoryName}
                </MenuItem>
              ))}
            </TextField>
          )}
          {report && (
            <Button component={RouterLink} to={categoryId ? `${report}&categoryId=${categoryId}` : report} startIcon={<BarChartOutlined />} sx={{ ml: 'auto' }}>
              Open budget report
            </Button>
          )}
        </Stack>
      )}
      <Box component="section" aria-labelledby="distribution-title">
        <Typography id="distribution-title" variant="subtitle1" fontWeight={600} gutterBottom>
          By category
        </Typography>
        {distribution.loading ? (
          <Skeleton variant="rounded" height={100} />
        ) : distribution.failure ? (
          <Alert severity="error">The distribution could not be loaded. {distribution.failure}</Alert>
        ) : !distribution.data?.categories.length ? (
          <Typography color="text.secondary">No items to distribute yet.</Typography>
        ) : (
          <Stack spacing={1.5}>
            {distribution.data.categories.map((c) => (
              <Box key={c.categoryId ?? 'none'}>
                <Stack direction="row" justifyContent="space-between" spacing={1}>
                  <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
                    {c.categoryName} · {c.itemCount} {c.itemCount === 1 ? 'item' : 'items'}
                  </Typography>
                  <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(c.amount)} · {sharePercent(c.share).toLocaleString('en-US', { maximumFractionDigits: 1 })} %
                  </Typography>
                </Stack>
                <LinearProgress
                  variant="determinate"
                  value={sharePercent(c.share)}
                  aria-label={`${c.categoryName} share`}
                  sx={{ height: 8, borderRadius: 4, bgcolor: 'action.hover', ...(c.color ? { '& .MuiLinearProgress-bar': { bgcolor: c.color } } : {}) }}
                />
              </Box>
            ))}
            <Typography variant="body2" fontWeight={600} textAlign="right">
              Total {formatMoney(distribution.data.total)}
            </Typography>
          </Stack>
        )}
      </Box>
      <Box component="section" aria-labelledby="details-title">
        <Typography id="details-title" variant="subtitle1" fontWeight={600} gutterBottom>
          Planned, produced and billed
        </Typography>
        {details.loading ? (
          <Skeleton variant="rounded" height={160} />
        ) : details.failure ? (
          <Alert severity="error">The details could not be loaded. {details.failure}</Alert>
        ) : !details.data?.itemCount ? (
          <Typography color="text.secondary">No items yet.</Typography>
        ) : (
          <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, position: 'relative' }}>
            {details.fetching && <LinearProgress aria-label="Loading items" sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />}
            <TableContainer>
              <Table size="small" aria-labelledby="details-title" aria-busy={details.fetching}>
                <TableHead>
                  <TableRow>
                    <TableCell aria-sort={sortedAs('itemName')}>{sortable('itemName', 'Item')}</TableCell>
                    <TableCell align="right" aria-sort={sortedAs('plannedAmount')}>
                      {sortable('plannedAmount', 'Planned')}
                    </TableCell>
                    <TableCell align="right" aria-sort={sortedAs('changeOrderAmount')}>
                      {sortable('changeOrderAmount', 'Change orders')}
                    </TableCell>
                    <TableCell align="right">Produced</TableCell>
                    <TableCell align="right">Billed</TableCell>
                    <TableCell align="right">Remaining</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {details.data.rows.map((r) => (
                    <TableRow key={r.budgetItemId}>
                      <TableCell sx={{ minWidth: 140 }}>
                        {r.itemName}
                        <Typography variant="caption" color="text.secondary" display="block">
                          {r.quantity}
                          {r.unit ? ` ${r.unit}` : ''} × {formatMoney(r.price)}
                        </Typography>
                      </TableCell>
                      <TableCell align="right">{formatMoney(r.plannedAmount)}</TableCell>
                      <TableCell align="right">{formatMoney(r.changeOrderAmount)}</TableCell>
                      <TableCell align="right">
                        {formatMoney(r.producedAmount)}
                        {r.producedQuantity !== '0' && (
                          <Typography variant="caption" color="text.secondary" display="block">
                            {r.producedQuantity}
                            {r.unit ? ` ${r.unit}` : ''}
                          </Typography>
                        )}
                        {r.overBudget && (
                          <Tooltip title={`Approved production reaches ${r.producedQuantity} of the ${r.quantity}${r.unit ? ` ${r.unit}` : ''} budgeted`}>
                            <Chip size="small" color="warning" icon={<WarningAmber />} label="Over budget" />
                          </Tooltip>
                        )}
                      </TableCell>
                      <TableCell align="right">{formatMoney(r.billedAmount)}</TableCell>
                      <TableCell align="right">{formatMoney(r.remainingAmount)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
                <TableFooter>
                  <TableRow sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem', borderBottom: 0 } }}>
                    <TableCell>
                      Total
                      <Typography variant="caption" color="text.secondary" display="block">
                        {details.data.itemCount.toLocaleString('en-US')} {details.data.itemCount === 1 ? 'item' : 'items'}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{formatMoney(details.data.totals.plannedAmount)}</TableCell>
                    <TableCell align="right">{formatMoney(details.data.totals.changeOrderAmount)}</TableCell>
                    <TableCell align="right">{formatMoney(details.data.totals.producedAmount)}</TableCell>
                    <TableCell align="right">{formatMoney(details.data.totals.billedAmount)}</TableCell>
                    <TableCell align="right">{formatMoney(details.data.totals.remainingAmount)}</TableCell>
                  </TableRow>
                </TableFooter>
              </Table>
            </TableContainer>
            {details.data.itemCount > PAGE_SIZES[0]! && (
              <TablePagination
                component="div"
                count={details.data.itemCount}
                page={page}
                onPageChange={(_e, next) => setPage(next)}
                rowsPerPage={pageSize}
                rowsPerPageOptions={phone ? [] : PAGE_SIZES}
                onRowsPerPageChange={(e) => {
                  setPageSize(Number(e.target.value));
                  setPage(0);
                }}
                sx={{ borderTop: 1, borderColor: 'divider' }}
              />
            )}
          </Box>
        )}
      </Box>
    </Stack>
  );
}

/** One figures answer, refreshed with the rest of the budget after a change; `keepPrevious` shows the last answer while another path loads. */
function useFigures<T extends object>(path: string, keepPrevious = false) {
  const { result, query } = useOne<T & { id?: string }>({
    resource: BUDGET_RESOURCES.figures,
    id: path,
    meta: { itemPath: path },
    errorNotification: false,
    queryOptions: keepPrevious ? { placeholderData: (previous) => previous } : undefined,
  });
  return {
    data: result as T | undefined,
    loading: query.isLoading,
    fetching: query.isFetching,
    failure: query.isError ? (query.error?.message ?? 'Try again later.') : null,
  };
}
