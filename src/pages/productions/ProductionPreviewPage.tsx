import PrintIcon from '@mui/icons-material/Print';
import { Alert, Box, Button, GlobalStyles, Skeleton, Stack, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { useList, useOne } from '@refinedev/core';
import { useParams } from 'react-router';
import { formatMoney } from '../../../resources/money';
import { PRODUCTION_STATUSES, PRODUCTION_TEXTS, productions, type Production, type ProductionPhoto } from '../../../resources/production';
import type { ApiError } from '../../api/http';
import { useResource } from '../../engine/useResource';
import { PRODUCTION_RESOURCES, productionPaths } from './production-api';
import { formatDay } from './production-status';

const STATUS = Object.fromEntries(PRODUCTION_STATUSES.map((s) => [s.value, s.label]));

// Printed on paper: no buttons, black on white, rows kept whole across pages.
const PRINT = (
  <GlobalStyles
    styles={{
      '@media print': {
        '.no-print': { display: 'none !important' },
        body: { background: '#fff' },
        'tr, .keep': { breakInside: 'avoid' },
        '@page': { margin: '12mm' },
      },
    }}
  />
);

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

function Sheet({ production }: { production: Production }) {
  const { result: photos } = useList<ProductionPhoto>({
    resource: PRODUCTION_RESOURCES.photos,
    meta: { path: productionPaths(production.id).photos, quiet: true },
    pagination: { mode: 'off' },
    errorNotification: false,
  });
  const itemName = (id: number | null) => production.items.find((i) => i.id === id)?.itemName ?? 'The day';
  return (
    <Stack spacing={3}>
      <Stack direction="row" justifyContent="space-between" alignItems="flex-start" spacing={2}>
        <Box>
          <Typography variant="h5" component="h1">
            Daily production sheet
          </Typography>
          <Typography color="text.secondary">
            {production.projectCode} · {production.projectName}
          </Typography>
        </Box>
        <Button className="no-print" variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          Print
        </Button>
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 2 }}>
        <Field label="Date" value={formatDay(production.date)} />
        <Field label="Crew" value={production.crewName} />
        <Field label="Company" value={production.companyName} />
        <Field label="Status" value={STATUS[production.status] ?? production.status} />
      </Box>
      <Table size="small" aria-label="Items">
        <TableHead>
          <TableRow>
            <TableCell>Item</TableCell>
            <TableCell>Unit</TableCell>
            <TableCell align="right">Quantity</TableCell>
            <TableCell align="right">Price</TableCell>
            <TableCell align="right">Amount</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {production.items.map((i) => (
            <TableRow key={i.id}>
              <TableCell>{[i.itemCode, i.itemName].filter(Boolean).join(' · ')}</TableCell>
              <TableCell>{i.unit ?? ''}</TableCell>
              <TableCell align="right">{i.quantity}</TableCell>
              <TableCell align="right">{formatMoney(i.price)}</TableCell>
              <TableCell align="right">{formatMoney(i.amount)}</TableCell>
            </TableRow>
          ))}
          {production.items.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>No items.</TableCell>
            </TableRow>
          )}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={4} sx={{ fontWeight: 600, color: 'text.primary', fontSize: '0.875rem' }}>
              Total
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600, color: 'text.primary', fontSize: '0.875rem' }}>
              {formatMoney(production.amount)}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }} className="keep">
        {PRODUCTION_TEXTS.map((t) => (
          <Field key={t.key} label={t.label} value={production.texts[t.key] || '—'} />
        ))}
      </Box>
      {production.reviews.length > 0 && (
        <Box className="keep">
          <Typography variant="subtitle2" component="h2" gutterBottom>
            Reviews
          </Typography>
          {production.reviews.map((r) => (
            <Typography key={r.id} variant="body2">
              {r.role === 'own' ? 'Own' : 'Client'} · {r.companyName}: {r.status}
              {r.decidedBy ? ` by ${r.decidedBy}` : ''}
              {r.reason ? ` (${r.reason})` : ''}
            </Typography>
          ))}
        </Box>
      )}
      {photos.data.length > 0 && (
        <Box className="keep">
          <Typography variant="subtitle2" component="h2" gutterBottom>
            Photos
          </Typography>
          {photos.data.map((p) => (
            <Typography key={p.id} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {itemName(p.productionItemId)}: <a href={p.url}>{p.name}</a>
            </Typography>
          ))}
        </Box>
      )}
    </Stack>
  );
}

/** productions/preview/:productionId: the daily sheet's content without the app's chrome, to print. */
export function ProductionPreviewPage() {
  const { productionId = '' } = useParams();
  const { meta } = useResource(productions);
  const { result, query } = useOne<Production>({ resource: productions.name, id: productionId, meta, errorNotification: false });
  return (
    <Box component="main" sx={{ maxWidth: 960, mx: 'auto', p: { xs: 2, sm: 4 }, bgcolor: 'background.paper', minHeight: '100vh' }}>
      {PRINT}
      {query.isLoading ? (
        <Skeleton variant="rounded" height={320} />
      ) : query.isError || !result ? (
        <Alert severity="error">
          {(query.error as ApiError | null)?.statusCode === 404 || !query.error ? 'This production could not be found.' : `The production could not be loaded. ${query.error.message}`}
        </Alert>
      ) : (
        <Sheet production={result} />
      )}
    </Box>
  );
}
