import { Alert, Box, Button, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { useList } from '@refinedev/core';
import type { BudgetReview } from '../../../../resources/budget';
import { BUDGET_RESOURCES, type BudgetPaths } from './budget-api';
import { formatInstant } from '../../../../resources/time-zone';
import { ReviewStatusChip } from './budget-status';

/** What became of a review and when, in the project's zone. */
function describe(review: BudgetReview, zone: string): string {
  const at = (iso: string | null) => (iso ? formatInstant(iso, zone) : '');
  switch (review.status) {
    case 'approved':
      return review.signed
        ? `Signed${review.signerName && review.signerName !== review.reviewerName ? ` by ${review.signerName}` : ''} ${at(review.signedAt)}`
        : `Approved ${at(review.decidedAt)}`;
    case 'rejected':
      return `Rejected ${at(review.decidedAt)}`;
    case 'revoked':
      return `Revoked ${at(review.decidedAt)}`;
    default:
      return `Asked ${at(review.createdAt)}`;
  }
}

/**
 * The budget's reviews: who was asked, how they decided, why, and when they signed. The company that
 * runs the project may revoke a pending review; the caller's own pending review is decided from the
 * notice above the tabs.
 */
export function ReviewsPanel({ paths, canManage, onRevoke, timeZone }: { paths: BudgetPaths; canManage: boolean; onRevoke: (review: BudgetReview) => void; timeZone: string }) {
  const { result, query } = useList<BudgetReview>({
    resource: BUDGET_RESOURCES.reviews,
    meta: { path: paths.reviews },
    pagination: { currentPage: 1, pageSize: 100 },
    sorters: [{ field: 'createdAt', order: 'desc' }],
  });
  if (query.isLoading) return <Skeleton variant="rounded" height={120} />;
  if (query.isError) return <Alert severity="error">The reviews could not be loaded.</Alert>;
  if (!result.data.length) {
    return <Typography color="text.secondary">No reviews yet. Submit the budget, then ask people of your company or the client's to review it.</Typography>;
  }
  return (
    <List disablePadding aria-label="Reviews">
      {result.data.map((review) => (
        <ListItem
          key={review.id}
          divider
          disableGutters
          sx={{ alignItems: 'flex-start', flexWrap: 'wrap', gap: 1 }}
          secondaryAction={
            canManage && review.status === 'pending' ? (
              <Button size="small" color="warning" onClick={() => onRevoke(review)}>
                Revoke
              </Button>
            ) : undefined
          }
        >
          <ListItemText
            sx={{ pr: canManage && review.status === 'pending' ? 10 : 0 }}
            primary={
              <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
                <Typography component="span" fontWeight={600}>
                  {review.reviewerName}
                </Typography>
                <ReviewStatusChip status={review.status} />
              </Stack>
            }
            secondary={
              <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                {review.reviewerEmail} · {describe(review, timeZone)}
                {review.statusReason && review.status !== 'approved' && (
                  <Box component="span" sx={{ display: 'block', mt: 0.5, color: 'text.primary' }}>
                    “{review.statusReason}”
                  </Box>
                )}
              </Box>
            }
          />
        </ListItem>
      ))}
    </List>
  );
}
