import { Alert, Box, Button, CircularProgress, Divider, Paper, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { BUDGET_MESSAGES, SIGNED_APPROVAL_REASON, type ExternalBudgetReview } from '../../../resources/budget';
import { externalReviewPaths, type ExternalReviewOutcome } from '../../../resources/budget-review';
import { formatMoney } from '../../../resources/money';
import { apiFetch, type ApiError } from '../../api/http';
import { uploadFile } from '../../api/upload';
import { formatInstant } from '../projects/budget/budget-status';
import { BudgetTotals } from '../projects/budget/BudgetTotals';
import { DecisionBar } from '../client-decision/DecisionBar';
import { DocumentFacts, PublicDocumentShell, type LinkLoad } from '../client-decision/PublicDocumentShell';
import { BudgetItemsTable } from './BudgetItemsTable';
import { PdfDownloadButton } from './PdfDownloadButton';
import { ReasonDialog } from './ReasonDialog';
import { SignatureDialog } from './SignatureDialog';

type Loaded = LinkLoad<ExternalBudgetReview>;
type Outcome = ExternalReviewOutcome | null;

/** A link that no longer works answers 404 or 410 with its reason. */
const isGone = (err: unknown) => [404, 410].includes((err as ApiError).statusCode);

/** Items come a page at a time (the server's default page; it answers 500 at most); the totals are always over all of them. */
export const ITEMS_PAGE = 200;
const itemsPage = (path: string, start: number) => `${path}?_start=${start}&_end=${start + ITEMS_PAGE}`;

/**
 * projects/:projectId/budget/:budgetHash/review/:reviewHash/:action: the external budget review
 * (spec 02 §2, §4, §8), open to anyone holding the link, without the app's chrome. It shows the
 * project, the companies, the items and the totals, and lets the reviewer approve with a signature or
 * reject with a reason; :action 'approve' or 'reject' opens that dialog at once. A used, revoked or
 * expired link shows the server's message and nothing to press; a failed decision shows the server's
 * message on the page.
 */
export function BudgetReviewPage() {
  const { budgetHash = '', reviewHash = '', action } = useParams();
  const paths = useMemo(() => externalReviewPaths(budgetHash, reviewHash), [budgetHash, reviewHash]);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    apiFetch<ExternalBudgetReview>(itemsPage(paths.review, 0), { anonymous: true, quiet: true, signal: controller.signal })
      .then(({ data }) => {
        setLoaded({ state: 'ready', view: data });
        if (action === 'approve' || action === 'reject') setDialog(action);
      })
      .catch((err: ApiError) => {
        if (err.name !== 'AbortError') setLoaded({ state: 'gone', message: err.message || BUDGET_MESSAGES.linkUsed });
      });
    return () => controller.abort();
  }, [paths, action]);

  /** The next page of items, added below those shown; a link that stopped working says so instead. */
  const showMore = useCallback(async () => {
    if (loaded.state !== 'ready') return;
    const { data } = await apiFetch<ExternalBudgetReview>(itemsPage(paths.review, loaded.view.items.length), { anonymous: true, quiet: true }).catch((err: ApiError) => {
      if (isGone(err)) setLoaded({ state: 'gone', message: err.message || BUDGET_MESSAGES.linkUsed });
      throw err;
    });
    setLoaded((now) => {
      if (now.state !== 'ready') return now;
      const seen = new Set(now.view.items.map((i) => i.id));
      return { state: 'ready', view: { ...now.view, items: [...now.view.items, ...data.items.filter((i) => !seen.has(i.id))] } };
    });
  }, [loaded, paths]);

  const decided = (err: unknown) => {
    if (isGone(err)) setLoaded({ state: 'gone', message: (err as ApiError).message || BUDGET_MESSAGES.linkUsed });
    else setFailure((err as Error).message);
    setDialog(null);
  };

  const approve = async (png: Blob, name: string | null, onProgress: (percent: number) => void) => {
    setFailure(null);
    try {
      setOutcome(await uploadFile<ExternalReviewOutcome>(paths.approve, { type: 'signature', name: name ?? '' }, new File([png], 'signature.png', { type: 'image/png' }), onProgress));
      setDialog(null);
    } catch (err) {
      decided(err);
    }
  };

  const reject = async (reason: string) => {
    setFailure(null);
    try {
      const { data } = await apiFetch<ExternalReviewOutcome>(paths.reject, { method: 'POST', body: { reason }, anonymous: true, quiet: true });
      setOutcome(data);
      setDialog(null);
    } catch (err) {
      decided(err);
    }
  };

  return (
    <>
      <PublicDocumentShell title="Budget review" load={loaded}>
        {(view) => (
          <Review
            view={view}
            outcome={outcome}
            failure={failure}
            pdfPath={paths.pdf}
            onShowMore={showMore}
            onApprove={() => setDialog('approve')}
            onReject={() => setDialog('reject')}
          />
        )}
      </PublicDocumentShell>
      {loaded.state === 'ready' && dialog === 'approve' && (
        <SignatureDialog
          title="Approve and sign"
          intro={
            <Typography>
              You approve the budget of <strong>{loaded.view.project.projectName}</strong> for <strong>{formatMoney(loaded.view.budget.total)}</strong> (“{SIGNED_APPROVAL_REASON}”).
            </Typography>
          }
          askName={loaded.view.review.reviewerName}
          onSign={approve}
          onClose={() => setDialog(null)}
        />
      )}
      {loaded.state === 'ready' && dialog === 'reject' && (
        <ReasonDialog
          title="Reject the budget"
          intro={`Tell ${loaded.view.project.companyName} what should change.`}
          label="Reason"
          requiredMessage={BUDGET_MESSAGES.reason}
          confirmLabel="Reject budget"
          onConfirm={reject}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

function Review({
  view,
  outcome,
  failure,
  pdfPath,
  onShowMore,
  onApprove,
  onReject,
}: {
  view: ExternalBudgetReview;
  outcome: Outcome;
  failure: string | null;
  pdfPath: string;
  onShowMore: () => Promise<void>;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { project, budget, review, items } = view;
  // Back from the plan editor to the review itself, not to a dialog the link may have opened with.
  const returnTo = useLocation().pathname.replace(/[^/]*$/, 'review');
  const facts: Array<[string, string | null]> = [
    ['Project', `${project.projectName} (${project.code})`],
    ['From', project.companyName],
    ['Client', project.clientName],
    ['Reviewer', `${review.reviewerName} · ${review.reviewerEmail}`],
  ];
  // Reopened after a signed approval, the link answers the decided review: the page shows it as decided, with what the link still serves.
  const decided: Outcome = outcome ?? (review.status === 'pending' ? null : view);
  const open = decided === null;
  return (
    <Stack spacing={2} sx={{ pb: open ? { xs: 10, sm: 0 } : 0 }}>
      <Paper sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack spacing={2.5}>
          <Box>
            <Typography variant="h5" component="h1">
              Budget review
            </Typography>
            <Typography color="text.secondary">
              {project.companyName} asks you to review the budget of {project.projectName}.
            </Typography>
          </Box>
          {decided?.review.status === 'approved' &&
            (decided.budget.status === 'approved' && decided.pdfAvailableUntil ? (
              <Alert
                severity="success"
                action={<PdfDownloadButton path={pdfPath} filename={`Budget_${project.code}.pdf`} anonymous variant="contained" />}
                sx={{ flexWrap: 'wrap', '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 } } }}
              >
                Budget approved. Thank you.
                <Typography variant="body2">This link downloads the signed PDF until {formatInstant(decided.pdfAvailableUntil)}.</Typography>
              </Alert>
            ) : (
              <Alert severity="success">
                Budget approved. Thank you.
                <Typography variant="body2">
                  Your signature is recorded; the budget is approved once every reviewer has approved it.
                  {decided.pdfAvailableUntil && ` Until ${formatInstant(decided.pdfAvailableUntil)}, this link then downloads the signed PDF.`}
                </Typography>
              </Alert>
            ))}
          {decided?.review.status === 'rejected' && (
            <Alert severity="info">
              Budget rejected. {project.companyName} will read your reason{decided.review.statusReason ? `: “${decided.review.statusReason}”` : '.'}
            </Alert>
          )}
          {failure && <Alert severity="error">{failure}</Alert>}
          <DocumentFacts facts={facts} />
          <Divider />
          <BudgetTotals budget={budget} />
          <Divider />
          <Box>
            <Typography variant="subtitle1" component="h2" fontWeight={600} gutterBottom>
              Items ({budget.itemCount})
            </Typography>
            <BudgetItemsTable items={items} returnTo={returnTo} />
            {items.length < budget.itemCount && <MoreItems shown={items.length} count={budget.itemCount} onShowMore={onShowMore} />}
          </Box>
        </Stack>
      </Paper>
      {open && <DecisionBar rejectLabel="Reject" approveLabel="Approve and sign" onReject={onReject} onApprove={onApprove} />}
    </Stack>
  );
}

/** How many items are shown of how many, and a button that adds the next page of them (the totals above already cover every item). */
function MoreItems({ shown, count, onShowMore }: { shown: number; count: number; onShowMore: () => Promise<void> }) {
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const more = async () => {
    setLoading(true);
    setFailure(null);
    try {
      await onShowMore();
    } catch (err) {
      setFailure((err as Error).message || 'The items could not be loaded. Try again.');
    } finally {
      setLoading(false);
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ xs: 'stretch', sm: 'center' }} sx={{ mt: 1.5 }}>
      <Typography variant="body2" color="text.secondary" role="status" sx={{ flex: 1 }}>
        Showing {shown.toLocaleString('en-US')} of {count.toLocaleString('en-US')} items; the totals cover all of them.
      </Typography>
      <Button variant="outlined" onClick={more} disabled={loading} startIcon={loading ? <CircularProgress size={16} /> : undefined}>
        Show more items
      </Button>
      {failure && (
        <Alert severity="error" sx={{ py: 0 }}>
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
