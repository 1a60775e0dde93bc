import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import type { InvoiceLine } from '../../../resources/invoice';
import type { PlanEvidence } from '../../../resources/plan-takeoff';
import { planEvidencePath } from '../editor/editor-link';
import { centsToMoney, formatMoney } from '../../../resources/money';
import { formatDay } from './invoice-status';
import { cents } from './invoice-money';

interface Group {
  productionId: number;
  title: string;
  lines: InvoiceLine[];
  amount: string;
}

/** Lines by production, in the order the invoice holds them, with each production's sum (exact). */
export function groupLines(lines: InvoiceLine[]): Group[] {
  const groups = new Map<number, InvoiceLine[]>();
  for (const line of lines) {
    const list = groups.get(line.productionId) ?? [];
    list.push(line);
    groups.set(line.productionId, list);
  }
  return [...groups].map(([productionId, list]) => ({
    productionId,
    title: `${formatDay(list[0]!.productionDate)} · ${list[0]!.crewName}`,
    lines: list,
    amount: centsToMoney(list.reduce((sum, l) => sum + cents(l.amount), 0n)),
  }));
}

const ROW = { display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', sm: 'minmax(0, 1fr) 48px 84px 100px 110px' }, columnGap: 1, alignItems: 'baseline' } as const;
const WIDE = { display: { xs: 'none', sm: 'block' }, textAlign: 'right' } as const;
/** On paper the wide layout always applies, whatever the window's width. */
const PRINT_ROW = { '@media print': { gridTemplateColumns: '1fr 60px 90px 100px 110px' } } as const;
const PRINT_WIDE = { '@media print': { display: 'block' } } as const;
const PRINT_NARROW = { '@media print': { display: 'none' } } as const;

/** The plan pages a line's quantity was measured on, each once, as links into the plan editor (not on paper). */
function PlanEvidenceLinks({ evidence }: { evidence: PlanEvidence[] }) {
  const here = useLocation().pathname;
  const pages = [...new Map(evidence.map((e) => [`${e.fileId}:${e.pageNumber}`, e])).values()];
  if (!pages.length) return null;
  return (
    <Typography component="div" variant="caption" sx={PRINT_NARROW}>
      {pages.map((e, i) => (
        <span key={`${e.fileId}:${e.pageNumber}`}>
          {i > 0 && ', '}
          <Link component={RouterLink} to={planEvidencePath(e, here)}>
            Measured on the plan, page {e.pageNumber}
          </Link>
        </span>
      ))}
    </Typography>
  );
}

/** The invoice's lines grouped by production: item, unit, quantity, price, amount; on a phone item and amount with the rest below. */
export function InvoiceLines({ lines }: { lines: InvoiceLine[] }) {
  if (!lines.length) return <Typography color="text.secondary">This invoice has no lines.</Typography>;
  return (
    <Box role="table" aria-label="Invoice lines" sx={{ fontSize: 'body2.fontSize' }}>
      <Box role="row" sx={{ ...ROW, ...PRINT_ROW, color: 'text.secondary', typography: 'caption', pb: 0.5, borderBottom: 1, borderColor: 'divider' }}>
        <span role="columnheader">Item</span>
        <Box role="columnheader" sx={{ ...WIDE, ...PRINT_WIDE, textAlign: 'left' }}>
          Unit
        </Box>
        <Box role="columnheader" sx={{ ...WIDE, ...PRINT_WIDE }}>
          Quantity
        </Box>
        <Box role="columnheader" sx={{ ...WIDE, ...PRINT_WIDE }}>
          Price
        </Box>
        <Box role="columnheader" sx={{ textAlign: 'right' }}>
          Amount
        </Box>
      </Box>
      {groupLines(lines).map((g) => (
        <Box key={g.productionId} role="rowgroup" sx={{ breakInside: 'avoid-page' }}>
          <Box role="row" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, pt: 1.5, pb: 0.5, fontWeight: 600 }}>
            <span role="cell">Production {g.title}</span>
            <span role="cell" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(g.amount)}
            </span>
          </Box>
          {g.lines.map((line) => (
            <Box key={line.id} role="row" sx={{ ...ROW, ...PRINT_ROW, py: 0.5, borderTop: 1, borderColor: 'divider' }}>
              <Box role="cell" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {line.itemCode ? `${line.itemCode} ${line.itemName}` : line.itemName}
                <Typography component="div" variant="caption" color="text.secondary" sx={{ display: { sm: 'none' }, ...PRINT_NARROW }}>
                  {line.quantity} {line.unit ?? ''} × {formatMoney(line.price)}
                </Typography>
                <PlanEvidenceLinks evidence={line.planEvidence} />
              </Box>
              <Box role="cell" sx={{ ...WIDE, ...PRINT_WIDE, textAlign: 'left' }}>
                {line.unit ?? ''}
              </Box>
              <Box role="cell" sx={{ ...WIDE, ...PRINT_WIDE }}>
                {line.quantity}
              </Box>
              <Box role="cell" sx={{ ...WIDE, ...PRINT_WIDE }}>
                {formatMoney(line.price)}
              </Box>
              <Box role="cell" sx={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                {formatMoney(line.amount)}
              </Box>
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}
