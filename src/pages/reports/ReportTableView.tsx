import { Card, CardContent, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { formatReportValue, type ReportTable, type ReportValueKind } from '../../../resources/report';

const NUMERIC = new Set<ReportValueKind>(['money', 'quantity', 'count', 'percent']);

/** One table of the report with its totals row; wide tables scroll sideways on a phone, the first column stays put. */
export function ReportTableView({ table }: { table: ReportTable }) {
  const first = table.columns[0]?.key;
  const sticky = { position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1 } as const;
  return (
    <Card variant="outlined">
      <CardContent sx={{ pb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {table.title}
        </Typography>
      </CardContent>
      <TableContainer>
        <Table size="small" aria-label={table.title}>
          <TableHead>
            <TableRow>
              {table.columns.map((c) => (
                <TableCell key={c.key} align={NUMERIC.has(c.kind) ? 'right' : 'left'} sx={{ fontWeight: 600, whiteSpace: 'nowrap', ...(c.key === first ? sticky : {}) }}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {table.rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={table.columns.length} sx={{ color: 'text.secondary', py: 3, textAlign: 'center' }}>
                  {table.empty}
                </TableCell>
              </TableRow>
            )}
            {table.rows.map((row, i) => (
              <TableRow key={i} hover>
                {table.columns.map((c) => (
                  <TableCell key={c.key} align={NUMERIC.has(c.kind) ? 'right' : 'left'} sx={{ whiteSpace: c.kind === 'text' ? 'normal' : 'nowrap', ...(c.key === first ? sticky : {}) }}>
                    {formatReportValue(c.kind, row[c.key] ?? null)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
          {table.totals && table.rows.length > 0 && (
            <TableFooter>
              <TableRow>
                {table.columns.map((c, i) => (
                  <TableCell key={c.key} align={NUMERIC.has(c.kind) ? 'right' : 'left'} sx={{ fontWeight: 700, color: 'text.primary', fontSize: '0.875rem', whiteSpace: 'nowrap', ...(c.key === first ? sticky : {}) }}>
                    {i === 0 ? 'Totals' : formatReportValue(c.kind, table.totals![c.key] ?? null)}
                  </TableCell>
                ))}
              </TableRow>
            </TableFooter>
          )}
        </Table>
      </TableContainer>
    </Card>
  );
}
