import Add from '@mui/icons-material/Add';
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import UploadFile from '@mui/icons-material/UploadFile';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Button, Card, CardContent, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useNotification, useOne } from '@refinedev/core';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { BUDGET_EDITABLE, SIGNED_APPROVAL_REASON, budgetCommentBody, type Budget, type BudgetComment, type BudgetItem, type BudgetReview } from '../../../../resources/budget';
import { formatMoney } from '../../../../resources/money';
import type { Project } from '../../../../resources/project';
import { canOpenReports } from '../../../../permissions';
import { useSession } from '../../../session/useSession';
import { apiFetch } from '../../../api/http';
import { ActivityList } from '../../../components/ActivityList';
import { Comments } from '../../../components/Comments';
import { keepSelectedTabInView } from '../../../components/selected-tab-in-view';
import { ConfirmDeleteDialog } from '../../../engine/ConfirmDeleteDialog';
import { PdfDownloadButton } from '../../budget-review/PdfDownloadButton';
import { ReasonDialog } from '../../budget-review/ReasonDialog';
import { SignatureDialog } from '../../budget-review/SignatureDialog';
import { AddItemsDialog } from './AddItemsDialog';
import { BudgetFigures } from './BudgetFigures';
import { BudgetImportDialog } from './BudgetImportDialog';
import { BudgetItemDialog } from './BudgetItemDialog';
import { BudgetItemsGrid, type ItemActions } from './BudgetItemsGrid';
import { BudgetTotals } from './BudgetTotals';
import { BUDGET_MESSAGES } from '../../../../resources/budget';
import { useLiveRefresh } from '../../../realtime/useLiveRefresh';
import { BUDGET_RESOURCES, budgetPaths, cancelSubmission, rejectReview, revokeReview, signReview, useBudgetRefresh, type BudgetPaths } from './budget-api';
import { BudgetStatusChip } from './budget-status';
import { ChangeOrderDialog } from './ChangeOrderDialog';
import { ConfirmActionDialog } from './ConfirmActionDialog';
import { ItemHistoryDialog } from './ItemHistoryDialog';
import { PromptAddItemsDialog, usePromptAddItems } from './PromptAddItemsDialog';
import { RequestReviewDialog } from './RequestReviewDialog';
import { ReviewsPanel } from './ReviewsPanel';
import { SubmitBudgetDialog } from './SubmitBudgetDialog';

// The change orders tab, with its moves and dialogs, loads when it is opened.
const ChangeOrdersPanel = lazy(() => import('./ChangeOrdersPanel').then((m) => ({ default: m.ChangeOrdersPanel })));

type Open =
  | { kind: 'add' | 'addMany' | 'import' | 'submit' | 'cancel' | 'request' | 'approve' | 'reject' | 'prompt' }
  | { kind: 'edit' | 'delete' | 'changeOrder' | 'history'; item: BudgetItem }
  | { kind: 'revoke'; review: BudgetReview };

const TABS = ['items', 'parent', 'reviews', 'change-orders', 'figures', 'comments', 'activity'] as const;
type TabId = (typeof TABS)[number];

/**
 * The project page's budget section (spec 02 §2–§4, §7 Budgets), at projects/:projectId/budget and
 * projects/:projectId/budget/:entityId, where :entityId names the tab (items, parent, reviews,
 * change-orders, figures, comments, activity). The header shows the status, the totals and the moves
 * the budget's state and the caller's rights allow; a reviewer's own pending review is decided from
 * the notice under it.
 */
export function BudgetSection({ project }: { project: Project }) {
  if (!project.budgetId) return <Alert severity="info">This project has no budget.</Alert>;
  return <BudgetView project={project} budgetId={project.budgetId} />;
}

function BudgetView({ project, budgetId }: { project: Project; budgetId: number }) {
  const paths = useMemo(() => budgetPaths(project.id, budgetId), [project.id, budgetId]);
  const { result: budget, query } = useOne<Budget>({ resource: BUDGET_RESOURCES.budget, id: budgetId, meta: { itemPath: paths.budget }, errorNotification: false });
  const refresh = useBudgetRefresh();
  const reports = canOpenReports(useSession().profile);
  // Another user's change (an item, a review, a change order, a comment) shows here without a reload.
  useLiveRefresh(BUDGET_RESOURCES.budget, budgetId, refresh, [BUDGET_RESOURCES.items, BUDGET_RESOURCES.reviews, BUDGET_RESOURCES.changeOrders, BUDGET_RESOURCES.comments]);
  const { open: notify } = useNotification();
  const { entityId } = useParams();
  const { hash } = useLocation();
  const [open, setOpen] = useState<Open | null>(null);
  const prompt = usePromptAddItems(budget);
  useEffect(() => {
    if (prompt.due) setOpen((current) => current ?? { kind: 'prompt' });
  }, [prompt.due]);

  if (query.isLoading) return <Skeleton variant="rounded" height={320} aria-label="Loading budget" />;
  if (query.isError || !budget) {
    return (
      <Alert severity="error" action={<Button onClick={() => void query.refetch()}>Try again</Button>}>
        The budget could not be loaded. {query.error?.message}
      </Alert>
    );
  }

  const subProject = project.projectId !== null;
  // A link to a comment (#id) opens the comments; an unknown tab, or the parent's for a project without one, the items.
  const wanted = (entityId ?? (/^#\d+$/.test(hash) ? 'comments' : 'items')) as TabId;
  const tab: TabId = TABS.includes(wanted) && (wanted !== 'parent' || subProject) ? wanted : 'items';
  const editable = BUDGET_EDITABLE.includes(budget.status);
  const manage = budget.canManage;
  const close = (changed: boolean) => {
    setOpen(null);
    if (changed) void refresh();
  };

  const itemActions: ItemActions = {
    ...(manage && editable ? { onEdit: (item) => setOpen({ kind: 'edit', item }), onDelete: (item) => setOpen({ kind: 'delete', item }) } : {}),
    ...(manage && budget.status === 'approved' ? { onChangeOrder: (item) => setOpen({ kind: 'changeOrder', item }) } : {}),
    onHistory: (item) => setOpen({ kind: 'history', item }),
  };

  const panels: Record<TabId, () => ReactNode> = {
    items: () => <BudgetItemsGrid resource={BUDGET_RESOURCES.items} path={paths.items} actions={itemActions} label="Budget items" />,
    parent: () => <BudgetItemsGrid resource={BUDGET_RESOURCES.parentItems} path={paths.parentItems} label="Parent budget items" />,
    reviews: () => <ReviewsPanel paths={paths} canManage={manage} onRevoke={(review) => setOpen({ kind: 'revoke', review })} timeZone={project.timezone} />,
    'change-orders': () => (
      <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
        <ChangeOrdersPanel paths={paths} canManage={manage} subProject={subProject} onChanged={() => void refresh()} timeZone={project.timezone} />
      </Suspense>
    ),
    figures: () => <BudgetFigures paths={paths} companyId={budget.companyId} report={reports ? `/reports/budget?projectId=${project.id}&companyId=${budget.companyId}` : null} />,
    comments: () => (
      <Comments<BudgetComment>
        resource={BUDGET_RESOURCES.comments}
        path={paths.comments}
        text={(c) => c.comment}
        schema={budgetCommentBody}
        post={(comment) => apiFetch(paths.comments, { method: 'POST', body: { comment }, quiet: true })}
        onAdded={() => void refresh()}
        pageSize={20}
        sorters={[{ field: 'createdAt', order: 'desc' }]}
        anchor="budget-comment"
      />
    ),
    activity: () => <ActivityList path={paths.activity} pageSize={20} paged timeZone={project.timezone} />,
  };
  const labels: Record<TabId, string> = {
    items: `Items (${budget.itemCount})`,
    parent: 'Parent budget',
    reviews: 'Reviews',
    'change-orders': 'Change orders',
    figures: 'Figures',
    comments: 'Comments',
    activity: 'Activity',
  };

  return (
    <Stack spacing={2}>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
              <Typography variant="h6" component="h2">
                Budget
              </Typography>
              <BudgetStatusChip status={budget.status} />
              {budget.singlePart && <Typography variant="body2" color="text.secondary">Single part</Typography>}
            </Stack>
            <BudgetTotals budget={budget} />
            <BudgetActions budget={budget} project={project} paths={paths} editable={editable} onOpen={(kind) => setOpen({ kind })} />
          </Stack>
        </CardContent>
      </Card>

      {budget.myPendingReviewId !== null && budget.status === 'submitted' && (
        <Alert
          severity="info"
          action={
            <Stack direction="row" spacing={1}>
              <Button color="inherit" size="small" onClick={() => setOpen({ kind: 'reject' })}>
                Reject
              </Button>
              <Button variant="contained" size="small" onClick={() => setOpen({ kind: 'approve' })}>
                Approve and sign
              </Button>
            </Stack>
          }
          sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' }, '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 } } }}
        >
          You are asked to review this budget.
        </Alert>
      )}

      <Tabs ref={keepSelectedTabInView} value={tab} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label="Budget" sx={{ borderBottom: 1, borderColor: 'divider' }}>
        {TABS.filter((t) => t !== 'parent' || subProject).map((t) => (
          <Tab key={t} value={t} label={labels[t]} component={RouterLink} to={`/projects/${project.id}/budget/${t}`} replace />
        ))}
      </Tabs>
      {panels[tab]()}

      <BudgetDialogs open={open} budget={budget} project={project} paths={paths} close={close} notify={(message) => notify?.({ type: 'success', message })} />
      {open?.kind === 'prompt' && (
        <PromptAddItemsDialog
          onChoose={(next) => {
            prompt.dismiss();
            setOpen(next ? { kind: next } : null);
          }}
        />
      )}
    </Stack>
  );
}

/** The moves the budget's state and the caller's rights allow, in the header. */
function BudgetActions({ budget, project, paths, editable, onOpen }: { budget: Budget; project: Project; paths: BudgetPaths; editable: boolean; onOpen: (kind: 'add' | 'addMany' | 'import' | 'submit' | 'cancel' | 'request') => void }) {
  const manage = budget.canManage;
  const buttons: ReactNode[] = [];
  if (manage && editable) {
    buttons.push(
      <Button key="add" variant="outlined" startIcon={<Add />} onClick={() => onOpen('add')}>
        Add item
      </Button>,
      <Button key="many" variant="outlined" startIcon={<PlaylistAdd />} onClick={() => onOpen('addMany')}>
        Add several items
      </Button>,
      <Button key="import" variant="outlined" startIcon={<UploadFile />} onClick={() => onOpen('import')}>
        Import
      </Button>,
      <Button key="submit" variant="contained" startIcon={<SendIcon />} onClick={() => onOpen('submit')} disabled={budget.itemCount === 0}>
        Submit for review
      </Button>,
    );
  }
  if (manage && budget.status === 'submitted') {
    buttons.push(
      <Button key="request" variant="contained" onClick={() => onOpen('request')}>
        Request review
      </Button>,
      <Button key="cancel" color="warning" onClick={() => onOpen('cancel')}>
        Cancel submission
      </Button>,
    );
  }
  if (budget.status === 'approved') {
    buttons.push(<PdfDownloadButton key="pdf" path={paths.pdf} filename={`Budget_${project.code}.pdf`} />);
  }
  if (!buttons.length) return null;
  return (
    <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap alignItems="flex-start">
      {buttons}
    </Stack>
  );
}

function BudgetDialogs({
  open,
  budget,
  project,
  paths,
  close,
  notify,
}: {
  open: Open | null;
  budget: Budget;
  project: Project;
  paths: BudgetPaths;
  close: (changed: boolean) => void;
  notify: (message: string) => void;
}) {
  if (!open) return null;
  const reviewId = budget.myPendingReviewId;
  switch (open.kind) {
    case 'add':
      return <BudgetItemDialog paths={paths} onClose={close} />;
    case 'edit':
      return <BudgetItemDialog paths={paths} item={open.item} onClose={close} />;
    case 'addMany':
      return <AddItemsDialog paths={paths} onClose={close} />;
    case 'import':
      return <BudgetImportDialog paths={paths} onClose={close} />;
    case 'delete':
      return (
        <ConfirmDeleteDialog
          wording={{ title: 'Delete budget item?', text: `“${open.item.itemName}” will be taken out of the budget.`, confirm: 'Delete' }}
          onConfirm={() => apiFetch(paths.item.replace(':id', String(open.item.id)), { method: 'DELETE' }).then(() => notify('Budget item deleted'))}
          onClose={close}
        />
      );
    case 'submit':
      return <SubmitBudgetDialog budget={budget} paths={paths} singlePartDefault={budget.singlePart || project.isSinglePart} onClose={close} />;
    case 'cancel':
      return (
        <ConfirmActionDialog
          title="Cancel the submission?"
          confirmLabel="Cancel submission"
          dismissLabel="Keep in review"
          color="warning"
          onConfirm={() => cancelSubmission(paths).then(() => notify('Submission cancelled'))}
          onClose={close}
        >
          The budget goes back to Draft, so its items can change again; reviews not yet decided are revoked.
        </ConfirmActionDialog>
      );
    case 'request':
      return <RequestReviewDialog paths={paths} onClose={close} />;
    case 'revoke':
      return (
        <ConfirmActionDialog
          title="Revoke the review?"
          confirmLabel="Revoke"
          color="warning"
          onConfirm={() => revokeReview(paths, open.review.id).then(() => notify('Review revoked'))}
          onClose={close}
        >
          {open.review.reviewerName} will no longer be able to review this budget; their link stops working.
        </ConfirmActionDialog>
      );
    case 'approve':
      return reviewId === null ? null : (
        <SignatureDialog
          title="Approve and sign the budget"
          intro={
            <Typography>
              By signing you approve the budget of {project.projectName} for {formatMoney(budget.total)} (“{SIGNED_APPROVAL_REASON}”).
            </Typography>
          }
          onSign={async (png, _name, onProgress) => {
            await signReview(paths, reviewId, png, onProgress);
            notify('Budget approved and signed');
            close(true);
          }}
          onClose={() => close(false)}
        />
      );
    case 'reject':
      return reviewId === null ? null : (
        <ReasonDialog
          title="Reject the budget"
          intro="Say what should change; the company that submitted it reads your reason."
          label="Reason"
          requiredMessage={BUDGET_MESSAGES.reason}
          confirmLabel="Reject"
          onConfirm={async (reason) => {
            await rejectReview(paths, reviewId, reason);
            notify('Budget rejected');
            close(true);
          }}
          onClose={() => close(false)}
        />
      );
    case 'changeOrder':
      return <ChangeOrderDialog paths={paths} item={open.item} subProject={project.projectId !== null} onClose={close} />;
    case 'history':
      return <ItemHistoryDialog paths={paths} item={open.item} onClose={() => close(false)} timeZone={project.timezone} />;
    default:
      return null;
  }
}
