import { Alert, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { BulkImportResult } from '../../../resources/member';

/** Every row of the file the server answered about, in file order: invited, or refused and why. */
export function BulkReport({ result }: { result: BulkImportResult }) {
  const rows = [
    ...result.added.map((a) => ({ row: a.row, email: a.email, outcome: 'Invited', refused: false })),
    ...result.refused.map((r) => ({ row: r.row, email: r.email ?? '—', outcome: r.reason, refused: true })),
  ].sort((a, b) => a.row - b.row);
  const summary = `${result.added.length} added, ${result.refused.length} refused.`;
  return (
    <>
      <Alert severity={result.refused.length ? (result.added.length ? 'warning' : 'error') : 'success'}>{summary}</Alert>
      <TableContainer sx={{ maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label="Import report">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 70 }}>Row</TableCell>
              <TableCell>Email</TableCell>
              <TableCell>Result</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.row}>
                <TableCell>{r.row}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.email}</TableCell>
                <TableCell sx={{ color: r.refused ? 'error.main' : 'success.main' }}>{r.outcome}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
