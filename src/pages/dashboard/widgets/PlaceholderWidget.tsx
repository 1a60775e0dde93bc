import { Typography } from '@mui/material';
import type { Widget } from '../../../../resources/dashboard';

export function PlaceholderWidget({ widget }: { widget: Widget }) {
  const text = (widget.configuration as { text?: string }).text;
  return (
    <Typography variant="body2" color={text ? 'text.primary' : 'text.secondary'} sx={{ whiteSpace: 'pre-wrap', overflow: 'auto', height: '100%' }}>
      {text || 'Nothing here yet.'}
    </Typography>
  );
}
