import { Alert, Card, CardContent, CardHeader, List, ListItemButton, ListItemText, Skeleton, Typography } from '@mui/material';
import { useList } from '@refinedev/core';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '../../../../resources/money';
import type { Production, ProductionSibling } from '../../../../resources/production';
import { PRODUCTION_RESOURCES, productionPaths } from '../production-api';
import { ProductionStatusChip, formatDay } from '../production-status';

/** The other crews' productions on the project that day (GET /production/{id}/siblings), each opening its inspection. */
export function SiblingsSection({ production }: { production: Production }) {
  const { result, query } = useList<ProductionSibling>({
    resource: PRODUCTION_RESOURCES.siblings,
    meta: { path: productionPaths(production.id).siblings, quiet: true },
    pagination: { mode: 'off' },
    errorNotification: false,
  });
  return (
    <Card>
      <CardHeader
        title="Other crews that day"
        subheader={`${production.projectCode} on ${formatDay(production.date)}`}
        slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {query.isLoading ? (
          <Skeleton variant="rounded" height={80} />
        ) : query.isError ? (
          <Alert severity="error">The other crews' productions could not be loaded. {query.error?.message}</Alert>
        ) : result.data.length === 0 ? (
          <Typography color="text.secondary">No other crew recorded production on this project that day.</Typography>
        ) : (
          <List disablePadding>
            {result.data.map((s) => (
              <ListItemButton key={s.id} component={RouterLink} to={`/productions/inspect/${s.id}`} divider>
                <ListItemText primary={s.crewName} secondary={`${s.companyName} · ${s.itemCount} ${s.itemCount === 1 ? 'item' : 'items'} · ${formatMoney(s.amount)}`} />
                <ProductionStatusChip status={s.status} />
              </ListItemButton>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
