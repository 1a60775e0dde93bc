import { Alert, Card, CardContent, CardHeader, Skeleton } from '@mui/material';
import { useInvalidate, useInvalidateAuthStore, useNotification, useOne } from '@refinedev/core';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useNavigate, useParams } from 'react-router';
import { NOT_FOUND } from '../../../permissions';
import { ActivityList } from '../../components/ActivityList';
import { SectionedPage } from '../../components/SectionedPage';
import type { Company } from './CompanyDetails';
import { CompanyHeader } from './CompanyHeader';
import { DeleteCompanyDialog } from './DeleteCompanyDialog';
import { CompanyInvoiceSection } from './sections/CompanyInvoiceSection';
import { CompanyLogoSection } from './sections/CompanyLogoSection';
import { CompanyProfileSection } from './sections/CompanyProfileSection';
import type { SectionProps } from './sections/section';
import { PublicDashboardsSection } from './sections/PublicDashboardsSection';
import { SubCompaniesSection } from './sections/SubCompaniesSection';
import { useCompanyAccess } from './useCompanyAccess';

// Only those who manage the company open it: its code loads when they do.
const DataExportSection = lazy(() => import('./sections/DataExportSection').then((m) => ({ default: m.DataExportSection })));
const ApiTokensSection = lazy(() => import('./sections/ApiTokensSection').then((m) => ({ default: m.ApiTokensSection })));

/** The API tokens section with the caller's standing there: a token carries at most what its creator holds. */
function TokensSection({ company }: SectionProps) {
  const { profile } = useCompanyAccess(company.id);
  if (!profile) return null;
  return <ApiTokensSection companyId={company.id} creator={profile} />;
}
const WebhooksSection = lazy(() => import('./sections/WebhooksSection').then((m) => ({ default: m.WebhooksSection })));

/** Listed only for holders of integrations:manage, who may change webhooks whether or not they manage the company. */
function IntegrationWebhooksSection(props: SectionProps) {
  return <WebhooksSection {...props} canManage />;
}

function ActivitySection({ company }: SectionProps) {
  return (
    <Card sx={{ maxWidth: 900 }}>
      <CardHeader title="Activity" subheader="Who changed what in this company, newest first." />
      <CardContent>
        <ActivityList path={`companies/${company.id}/activity`} pageSize={20} paged />
      </CardContent>
    </Card>
  );
}

/** The sections of companies/:companyId/:sectionId; the first is the page's default. `manage`: listed only for those who manage the company; `integrations`: only for those holding integrations:manage there. */
const SECTIONS: Array<{ id: string; label: string; Component: ComponentType<SectionProps>; manage?: boolean; integrations?: boolean }> = [
  { id: 'profile', label: 'Profile', Component: CompanyProfileSection },
  { id: 'logo', label: 'Logo', Component: CompanyLogoSection },
  { id: 'invoice-settings', label: 'Invoice settings', Component: CompanyInvoiceSection },
  { id: 'sub-companies', label: 'Sub-companies', Component: SubCompaniesSection },
  { id: 'public-dashboards', label: 'Public dashboards', Component: PublicDashboardsSection },
  { id: 'activity', label: 'Activity', Component: ActivitySection },
  { id: 'data-export', label: 'Export data', Component: DataExportSection, manage: true },
  { id: 'api-tokens', label: 'API tokens', Component: TokensSection, integrations: true },
  { id: 'webhooks', label: 'Webhooks', Component: IntegrationWebhooksSection, integrations: true },
];

/** One company, in sections; editing needs companies:manage in this company, else the sections are read-only. */
export function CompanyPage() {
  const { companyId } = useParams();
  const id = Number(companyId);
  const navigate = useNavigate();
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const refreshSession = useInvalidateAuthStore();
  const { membership, canManage, canManageIntegrations } = useCompanyAccess(id);
  const [deleting, setDeleting] = useState(false);
  const { result: company, query } = useOne<Company>({ resource: 'companies', id: companyId ?? '', errorNotification: false });

  if (query.isLoading) return <Skeleton variant="rounded" height={240} />;
  if (query.isError || !company) return <Alert severity="error">This company could not be found.</Alert>;

  const onSaved = async () => {
    await Promise.all([
      invalidate({ resource: 'companies', invalidates: ['list', 'detail'], id: company.id }),
      invalidate({ resource: 'activity', invalidates: ['list'] }),
      refreshSession(),
    ]);
  };
  const onDeleted = async (deleted: boolean) => {
    setDeleting(false);
    if (!deleted) return;
    open?.({ type: 'success', message: 'Company Deleted' });
    await refreshSession();
    await invalidate({ resource: 'companies', invalidates: ['list'] });
    navigate('/companies', { replace: true });
  };

  return (
    <>
      <SectionedPage
        bare
        pushHistory
        basePath={`/companies/${company.id}`}
        unknownTo={`/${NOT_FOUND}`}
        label="Company sections"
        header={<CompanyHeader company={company} role={membership?.role.name ?? company.role ?? null} onDelete={canManage ? () => setDeleting(true) : undefined} />}
        sections={SECTIONS.filter((x) => (!x.manage || canManage) && (!x.integrations || canManageIntegrations)).map(({ id, label, Component }) => ({
          id,
          label,
          render: () => (
            <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
              <Component key={company.id} company={company} canManage={canManage} onSaved={onSaved} />
            </Suspense>
          ),
        }))}
      />
      {deleting && <DeleteCompanyDialog company={company} onClose={onDeleted} />}
    </>
  );
}
