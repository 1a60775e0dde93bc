import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import Grid from '@mui/material/Grid2';
import { useNotification, useOne } from '@refinedev/core';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { InvoiceSettings } from '../../../resources/company-invoice';
import { BILLABLE_PAGE, INVOICE_BILLING_MESSAGES, INVOICE_SUCCESS, type Invoice } from '../../../resources/invoice';
import { formatMoney, MONEY_MESSAGES } from '../../../resources/money';
import type { Budget } from '../../../resources/budget';
import { projects, type Project } from '../../../resources/project';
import { holds } from '../../../permissions';
import type { ApiError } from '../../api/http';
import { resourceMeta } from '../../engine/resource-meta';
import { useSession } from '../../session/useSession';
import { BUDGET_RESOURCES, budgetPaths } from '../projects/budget/budget-api';
import { BillableProductions, BillableRangeFilter } from './BillableProductions';
import { createInvoice, invoicePaths, sendInvoice, updateInvoice, useInvoiceRefresh } from './invoice-api';
import { clientContactBody } from '../../../resources/client-decision';
import { addDays, localToday, percentE3, selectedProductions, selectionTotals } from './invoice-money';
import { useBillablePages, type BillableRange } from './useBillablePages';
import { useBillableSelection } from './useBillableSelection';

interface Fields {
  retainage: string;
  dueDate: string;
  weekEndingDate: string;
  notes: string;
  /** A new invoice only: who it is mailed to when sent (the client's contact on file when empty). */
  contactEmail: string;
}

/**
 * A new invoice's terms and retainage: the budget's retainage when it holds one, else the company's
 * default (as the server chooses when the body leaves it out); an edited invoice keeps its own.
 */
function initialFields(settings: InvoiceSettings | undefined, budgetRetainage: number | undefined, invoice: Invoice | undefined): Fields {
  if (invoice)
    return { retainage: String(invoice.retainagePercent), dueDate: invoice.dueDate ?? '', weekEndingDate: invoice.weekEndingDate ?? '', notes: invoice.notes ?? '', contactEmail: '' };
  return {
    retainage: budgetRetainage ? String(budgetRetainage) : (settings?.defaultRetainagePercent ?? '0'),
    dueDate: addDays(localToday(), settings?.paymentTermsDays ?? 30),
    weekEndingDate: '',
    notes: '',
    contactEmail: '',
  };
}

/**
 * invoices/new/:projectId/:invoiceId?: the project's approved production not yet billed (and, when
 * editing, what this invoice bills), newest first a page at a time, optionally within days, picked
 * by production or item across pages, with a running subtotal and retainage counted exactly as the
 * server will; saved as a draft or saved and sent.
 */
export function InvoiceEditPage() {
  const { projectId = '', invoiceId } = useParams();
  const { activeMembership, profile } = useSession();
  const companyId = activeMembership?.companyId ?? null;
  const canManage = holds(profile, 'invoices:manage');

  const project = useOne<Project>({ resource: projects.name, id: projectId, meta: resourceMeta(projects, companyId), errorNotification: false });
  const company = useOne<{ id: number; invoiceSettings: InvoiceSettings }>({
    resource: 'companies',
    id: companyId ?? '',
    queryOptions: { enabled: companyId !== null && !invoiceId },
    errorNotification: false,
  });
  const budgetId = project.result?.budgetId ?? null;
  const budget = useOne<Pick<Budget, 'id' | 'retainagePercent'>>({
    resource: BUDGET_RESOURCES.budget,
    id: budgetId ?? '',
    meta: { itemPath: budgetId ? budgetPaths(Number(projectId), budgetId).budget : '' },
    queryOptions: { enabled: budgetId !== null && !invoiceId },
    errorNotification: false,
  });
  const invoice = useOne<Invoice>({
    resource: 'invoices',
    id: invoiceId ?? '',
    meta: { itemPath: '/invoices/:id' },
    queryOptions: { enabled: !!invoiceId },
    errorNotification: false,
  });

  const loading = project.query.isLoading || (invoiceId ? invoice.query.isLoading : company.query.isLoading || (budgetId !== null && budget.query.isLoading));
  const failed = (project.query.error ?? (invoiceId ? invoice.query.error : null)) as ApiError | null;
  const back = invoiceId ? `/invoices/${invoiceId}` : '/invoices';

  const header = (
    <Stack direction="row" spacing={1} alignItems="center">
      <Button component={RouterLink} to={back} startIcon={<ArrowBack />}>
        {invoiceId ? 'Invoice' : 'Invoices'}
      </Button>
    </Stack>
  );
  if (!canManage)
    return (
      <Stack spacing={2} alignItems="flex-start">
        {header}
        <Alert severity="info">Only people who manage invoices can bill production.</Alert>
      </Stack>
    );
  if (loading)
    return (
      <Stack spacing={2}>
        {header}
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  if (failed || !project.result || (invoiceId && !invoice.result))
    return (
      <Stack spacing={2} alignItems="flex-start">
        {header}
        <Alert severity="error">
          {failed && failed.statusCode !== 404 ? `The invoice could not be prepared. ${failed.message}` : invoiceId ? 'This invoice could not be found.' : 'This project could not be found.'}
        </Alert>
      </Stack>
    );
  if (invoice.result && !invoice.result.moves.includes('edit'))
    return (
      <Stack spacing={2} alignItems="flex-start">
        {header}
        <Alert severity="info">Invoice {invoice.result.number} can no longer be changed: only a draft or a rejected invoice is edited.</Alert>
      </Stack>
    );
  return (
    <Stack spacing={2}>
      {header}
      <InvoiceForm
        project={project.result}
        invoice={invoice.result}
        settings={company.result?.invoiceSettings}
        budgetRetainage={budget.result?.retainagePercent}
        companyId={companyId!}
      />
    </Stack>
  );
}

function InvoiceForm({
  project,
  invoice,
  settings,
  budgetRetainage,
  companyId,
}: {
  project: Project;
  invoice: Invoice | undefined;
  settings: InvoiceSettings | undefined;
  budgetRetainage: number | undefined;
  companyId: number;
}) {
  const navigate = useNavigate();
  const refresh = useInvoiceRefresh();
  const { open: notify } = useNotification();
  const [fields, setFields] = useState<Fields>(() => initialFields(settings, budgetRetainage, invoice));
  const [range, setRange] = useState<BillableRange>({ from: '', to: '' });
  const rangeValid = !range.from || !range.to || range.from <= range.to;
  const [asked, setAsked] = useState<BillableRange>(range);
  const pages = useBillablePages(String(project.id), invoice ? String(invoice.id) : undefined, asked);
  const { known, productions, selected, setSelected } = useBillableSelection(pages.productions);
  // Every production this invoice bills is loaded before it can be saved: its own come first, a page or two.
  const ownIds = useMemo(() => [...new Set(invoice?.lines.map((l) => l.productionId) ?? [])], [invoice]);
  const loadingOwn = ownIds.some((id) => !known.has(id) && !pages.productions.some((p) => p.id === id)) && (pages.status === 'loading' || pages.hasMore);
  const { status, loadingMore, error: pageError, loadMore } = pages;
  useEffect(() => {
    if (loadingOwn && status === 'ready' && !loadingMore && !pageError) loadMore();
  }, [loadingOwn, status, loadingMore, pageError, loadMore]);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields | 'items', string>>>({});
  const [busy, setBusy] = useState<'draft' | 'send' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const retainageE3 = percentE3(fields.retainage);
  const totals = useMemo(() => selectionTotals(productions, selected, retainageE3), [productions, selected, retainageE3]);

  useEffect(() => {
    if (selected.size) setErrors((e) => ({ ...e, items: undefined }));
  }, [selected]);

  const set = (name: keyof Fields) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [name]: e.target.value }));
    setErrors((x) => ({ ...x, [name]: undefined }));
  };

  const save = async (send: boolean, e?: FormEvent) => {
    e?.preventDefault();
    const found: typeof errors = {};
    if (loadingOwn) return;
    if (!selected.size) found.items = INVOICE_BILLING_MESSAGES.empty;
    if (retainageE3 === null) found.retainage = MONEY_MESSAGES.percent;
    if (fields.weekEndingDate && !/^\d{4}-\d{2}-\d{2}$/.test(fields.weekEndingDate)) found.weekEndingDate = 'Choose a day';
    if (fields.dueDate && !/^\d{4}-\d{2}-\d{2}$/.test(fields.dueDate)) found.dueDate = 'Choose a day';
    const contact = clientContactBody.shape.contactEmail.safeParse(fields.contactEmail);
    if (!invoice && fields.contactEmail.trim() && !contact.success) found.contactEmail = contact.error.issues[0]!.message;
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = {
      dueDate: fields.dueDate || null,
      retainage: fields.retainage.trim() === '' ? '0' : fields.retainage.trim(),
      weekEndingDate: fields.weekEndingDate || null,
      notes: fields.notes.trim() || null,
      productions: selectedProductions(productions, selected),
    };
    setFailure(null);
    setBusy(send ? 'send' : 'draft');
    try {
      let saved: Invoice;
      if (invoice) {
        saved = (await updateInvoice(invoice.id, body)).data;
        if (send) saved = (await sendInvoice(invoicePaths(invoice.id), true)).data;
      } else {
        const contactEmail = fields.contactEmail.trim() || null;
        const create = { ...body, projectId: project.id, clientId: null, status: send ? ('submit' as const) : ('draft' as const), contactEmail, contactName: null };
        saved = (await createInvoice(companyId, create)).data;
      }
      await refresh();
      notify?.({ type: 'success', message: send ? INVOICE_SUCCESS.sent : invoice ? INVOICE_SUCCESS.saved : INVOICE_SUCCESS.created });
      navigate(`/invoices/${saved?.id ?? invoice?.id}`);
    } catch (err) {
      setFailure((err as Error).message);
      setBusy(null);
    }
  };

  const billed = project.relation === 'subcontractor' ? project.companyName : (project.clientName ?? 'the client');
  return (
    <Box component="form" onSubmit={(e) => void save(false, e)} noValidate>
      <Stack spacing={0.5} sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {invoice ? `Edit invoice ${invoice.number}` : 'New invoice'}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {project.code} · {project.projectName} · billed to {invoice?.clientName ?? billed}
        </Typography>
      </Stack>
      <Grid container spacing={2} alignItems="flex-start">
        <Grid size={{ xs: 12, md: 8 }}>
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                Approved production
              </Typography>
              <BillableRangeFilter
                range={range}
                invalid={!rangeValid}
                disabled={!!busy}
                onChange={(next) => {
                  setRange(next);
                  if (!next.from || !next.to || next.from <= next.to) setAsked(next);
                }}
              />
              {errors.items && (
                <Alert severity="error" sx={{ mb: 1 }}>
                  {errors.items}
                </Alert>
              )}
              {pages.status === 'loading' ? (
                <Skeleton variant="rounded" height={240} aria-label="Loading approved production" />
              ) : pages.status === 'error' ? (
                <PageFailure message={pages.error} onRetry={pages.retry} />
              ) : pages.productions.length === 0 ? (
                <Typography color="text.secondary">
                  {asked.from || asked.to
                    ? 'Nothing to bill in these days: no approved production of theirs is left off an invoice.'
                    : 'Nothing to bill: this project has no approved production that is not on an invoice yet.'}
                </Typography>
              ) : (
                <Stack spacing={1.5}>
                  <BillableProductions productions={pages.productions} selected={selected} onChange={setSelected} disabled={!!busy} />
                  {pages.error && <PageFailure message={pages.error} onRetry={pages.retry} />}
                  {pages.hasMore ? (
                    <Button variant="outlined" onClick={pages.loadMore} disabled={pages.loadingMore} sx={{ alignSelf: 'center' }}>
                      {pages.loadingMore ? 'Loading…' : `Show ${BILLABLE_PAGE.default} more productions`}
                    </Button>
                  ) : (
                    pages.productions.length > BILLABLE_PAGE.default && (
                      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
                        All {pages.productions.length} productions are shown.
                      </Typography>
                    )
                  )}
                </Stack>
              )}
            </CardContent>
          </Card>
          {/* Below md the totals sit after the list: what is picked stays in sight while scrolling it. */}
          <Paper
            elevation={4}
            aria-hidden
            sx={{ display: { xs: 'flex', md: 'none' }, position: 'sticky', bottom: 8, mt: 1, px: 2, py: 1, justifyContent: 'space-between', gap: 2, zIndex: 1 }}
          >
            <Typography variant="body2">
              {totals.count} {totals.count === 1 ? 'item' : 'items'} · {formatMoney(totals.subtotal)}
            </Typography>
            <Typography variant="body2" fontWeight={600}>
              Due {retainageE3 === null ? '—' : formatMoney(totals.due)}
            </Typography>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }} sx={{ position: { md: 'sticky' }, top: { md: 80 } }}>
          <Card>
            <CardContent>
              <Stack spacing={2}>
                <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5, columnGap: 2 }} aria-label="Invoice totals">
                  <Typography component="dt" color="text.secondary">
                    Items
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, textAlign: 'right' }}>
                    {totals.count}
                  </Typography>
                  <Typography component="dt" color="text.secondary">
                    Subtotal
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, textAlign: 'right' }} data-testid="invoice-subtotal">
                    {formatMoney(totals.subtotal)}
                  </Typography>
                  <Typography component="dt" color="text.secondary">
                    Retainage
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, textAlign: 'right' }} data-testid="invoice-retainage">
                    {retainageE3 === null ? '—' : totals.retainage === '0.00' ? formatMoney('0') : `−${formatMoney(totals.retainage)}`}
                  </Typography>
                  <Typography component="dt" fontWeight={600}>
                    Due
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, textAlign: 'right' }} fontWeight={600} data-testid="invoice-due">
                    {retainageE3 === null ? '—' : formatMoney(totals.due)}
                  </Typography>
                </Box>
                <TextField
                  label="Retainage %"
                  value={fields.retainage}
                  onChange={set('retainage')}
                  error={!!errors.retainage || retainageE3 === null}
                  helperText={errors.retainage ?? (retainageE3 === null ? MONEY_MESSAGES.percent : 'Held back until released')}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  disabled={!!busy}
                  fullWidth
                />
                <TextField
                  label="Due date"
                  type="date"
                  value={fields.dueDate}
                  onChange={set('dueDate')}
                  error={!!errors.dueDate}
                  helperText={errors.dueDate}
                  slotProps={{ inputLabel: { shrink: true } }}
                  disabled={!!busy}
                  fullWidth
                />
                <TextField
                  label="Week ending"
                  type="date"
                  value={fields.weekEndingDate}
                  onChange={set('weekEndingDate')}
                  error={!!errors.weekEndingDate}
                  helperText={errors.weekEndingDate}
                  slotProps={{ inputLabel: { shrink: true } }}
                  disabled={!!busy}
                  fullWidth
                />
                {!invoice && (
                  <TextField
                    label="Client contact’s e-mail"
                    type="email"
                    value={fields.contactEmail}
                    onChange={set('contactEmail')}
                    error={!!errors.contactEmail}
                    helperText={errors.contactEmail ?? `Where the invoice and its approval link go when sent; leave it empty for ${billed}’s contact on file`}
                    slotProps={{ htmlInput: { inputMode: 'email', autoComplete: 'off', maxLength: 254 } }}
                    disabled={!!busy}
                    fullWidth
                  />
                )}
                <TextField
                  label="Notes"
                  value={fields.notes}
                  onChange={set('notes')}
                  multiline
                  minRows={3}
                  slotProps={{ htmlInput: { maxLength: 5000 } }}
                  disabled={!!busy}
                  fullWidth
                />
                {failure && <Alert severity="error">{failure}</Alert>}
                {loadingOwn && <Typography variant="body2" color="text.secondary">Loading what this invoice bills…</Typography>}
                <Stack direction={{ xs: 'column', sm: 'row', md: 'column', lg: 'row' }} spacing={1}>
                  <Button type="submit" variant="outlined" disabled={!!busy || loadingOwn} fullWidth>
                    {busy === 'draft' ? 'Saving…' : 'Save as draft'}
                  </Button>
                  <Button variant="contained" onClick={() => void save(true)} disabled={!!busy || loadingOwn} fullWidth>
                    {busy === 'send' ? 'Sending…' : 'Save and send'}
                  </Button>
                </Stack>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Box>
  );
}

function PageFailure({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      The approved production could not be loaded. {message}
    </Alert>
  );
}
