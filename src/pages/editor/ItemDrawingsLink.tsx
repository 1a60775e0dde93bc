import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { ItemDrawings } from '../../../resources/plan-takeoff';
import { planEvidencePath } from './editor-link';

/**
 * How many plan drawings a budget item was measured from: a link into the editor at the first one,
 * or plain text for a reader the editor would not open it for (the server leaves planEvidence null).
 */
export function ItemDrawingsLink({ item, returnTo }: { item: ItemDrawings; returnTo: string }) {
  if (!item.drawings) return null;
  const label = `${item.drawings} ${item.drawings === 1 ? 'drawing' : 'drawings'} on the plan`;
  if (!item.planEvidence) {
    return (
      <Typography component="span" variant="caption" color="text.secondary">
        {label}
      </Typography>
    );
  }
  return (
    <Link component={RouterLink} variant="caption" to={planEvidencePath(item.planEvidence, returnTo)}>
      {label}
    </Link>
  );
}
