import { List, ListItemButton, ListItemText } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { AttentionRow, Widget } from '../../../../resources/dashboard';
import { useLoaded } from './useLoaded';
import type { WidgetSource } from './widget-source';
import { WidgetStates } from './WidgetStates';

/** The app's paths come as /app/…; inside the router they are relative to it. */
export const inAppPath = (url: string) => url.replace(/^\/app(-mobile)?\//, '/');

/** What needs someone's attention: each row opens its record. */
export function AttentionWidget({ widget, source }: { widget: Widget; source: WidgetSource }) {
  const loaded = useLoaded((signal) => source.attention(widget, signal), source.keyOf(widget));
  return (
    <WidgetStates loaded={loaded} isEmpty={(rows: AttentionRow[]) => rows.length === 0} empty="Nothing needs attention">
      {(rows) => (
        <List dense disablePadding sx={{ overflow: 'auto', height: '100%' }}>
          {rows.map((r) => (
            <ListItemButton key={`${r.kind}-${r.id}`} component={RouterLink} to={inAppPath(r.url)}>
              <ListItemText primary={r.title} secondary={[r.detail, r.date].filter(Boolean).join(' · ')} />
            </ListItemButton>
          ))}
        </List>
      )}
    </WidgetStates>
  );
}
