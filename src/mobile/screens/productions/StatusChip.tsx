import { Chip } from '@mui/material';
import type { ProductionStatus } from '../../../../resources/production';

const COLOR = { draft: 'default', submitted: 'primary', approved: 'success', rejected: 'error' } as const;
// PRODUCTION_STATUSES' labels, written here: importing the list would bring zod into the Production tab's chunk.
const LABEL: Record<ProductionStatus, string> = { draft: 'Draft', submitted: 'Submitted', approved: 'Approved', rejected: 'Rejected' };

/** Draft, Submitted, Approved or Rejected; "Waiting to send" for what is still on the phone. */
export function StatusChip({ status, waiting }: { status: ProductionStatus | 'waiting'; waiting?: boolean }) {
  if (status === 'waiting') return <Chip color="warning" label="Waiting to send" />;
  return <Chip color={COLOR[status]} label={waiting ? `${LABEL[status]} · waiting to send` : LABEL[status]} />;
}
