import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { Box, Button, Stack, Typography } from '@mui/material';
import { changeAgainst } from '../../../../resources/dashboard';
import type { FigureAnswer } from '../../../../resources/figures';
import { formatFigure } from '../figure-format';

/** The total, and its change against the period just before: green up, red down; the rows behind it where they can be opened. */
export function KpiWidget({ answer, onOpen }: { answer: FigureAnswer; onOpen?: () => void }) {
  const change = changeAgainst(answer.total, answer.previousTotal);
  const down = change?.startsWith('-');
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', textAlign: 'center' }}>
      <Stack spacing={0.5} alignItems="center">
        <Typography variant="h4" component="p" fontWeight={700} data-testid="kpi-total">
          {formatFigure(answer.total, answer.unit)}
        </Typography>
        {change && (
          <Stack direction="row" spacing={0.5} alignItems="center" sx={{ color: down ? 'error.main' : 'success.main' }} aria-label={`${change} against the previous period`}>
            {down ? <ArrowDownwardIcon fontSize="small" /> : <ArrowUpwardIcon fontSize="small" />}
            <Typography variant="body2" fontWeight={600}>
              {change}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              vs previous period
            </Typography>
          </Stack>
        )}
        {onOpen && (
          <Button size="small" onClick={onOpen}>
            View rows
          </Button>
        )}
      </Stack>
    </Box>
  );
}
