import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TableSortLabel } from '@mui/material';
import { useMemo, useState } from 'react';
import type { FigureAnswer, FigureRow } from '../../../../resources/figures';
import { formatFigure } from '../figure-format';

type SortBy = 'label' | 'value';

/** Group and value, sortable by either (time groups by their day, not their label); a row opens what is behind it where that can be opened. */
export function TableWidget({ answer, onPick, timeGroups = false }: { answer: FigureAnswer; onPick?: (row: FigureRow) => void; timeGroups?: boolean }) {
  const [sort, setSort] = useState<{ by: SortBy; desc: boolean } | null>(null);
  const rows = useMemo(() => {
    if (!sort) return answer.rows;
    const sign = sort.desc ? -1 : 1;
    const group = (r: FigureRow) => (timeGroups ? String(r.key ?? '') : r.label);
    return [...answer.rows].sort((a, b) => sign * (sort.by === 'label' ? group(a).localeCompare(group(b)) : Number(a.value) - Number(b.value)));
  }, [answer.rows, sort, timeGroups]);
  const header = (by: SortBy, label: string) => (
    <TableSortLabel
      active={sort?.by === by}
      direction={sort?.by === by && sort.desc ? 'desc' : 'asc'}
      onClick={() => setSort(sort?.by === by ? { by, desc: !sort.desc } : { by, desc: by === 'value' })}
    >
      {label}
    </TableSortLabel>
  );
  return (
    <TableContainer sx={{ height: '100%' }}>
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>
            <TableCell>{header('label', 'Group')}</TableCell>
            <TableCell align="right">{header('value', 'Value')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={`${row.key}`}
              hover={!!onPick}
              onClick={onPick ? () => onPick(row) : undefined}
              onKeyDown={onPick ? (e) => e.key === 'Enter' && onPick(row) : undefined}
              tabIndex={onPick ? 0 : undefined}
              sx={onPick ? { cursor: 'pointer' } : undefined}
            >
              <TableCell>{row.label}</TableCell>
              <TableCell align="right">{formatFigure(row.value, answer.unit)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
