import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { NOT_FOUND } from '../../permissions';
import { HAND_ROUTED, RESOURCES } from '../engine/registry';
import { LoadingView } from '../shell/LoadingView';
import { RouteGuard, ToMobile } from './RouteGuard';

// Each screen is its own chunk, so the login page does not download the app.
const LoginPage = lazy(() => import('../pages/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
const LogoutPage = lazy(() => import('../pages/auth/LogoutPage').then((m) => ({ default: m.LogoutPage })));
const ForgotPasswordPage = lazy(() => import('../pages/auth/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })));
const ForgotPasswordRequestedPage = lazy(() =>
  import('../pages/auth/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordRequestedPage })),
);
const ResetPasswordPage = lazy(() => import('../pages/auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));
const ConfirmEmailPage = lazy(() => import('../pages/auth/ConfirmEmailPage').then((m) => ({ default: m.ConfirmEmailPage })));
const RegisterAccountPage = lazy(() => import('../pages/register/RegisterAccountPage').then((m) => ({ default: m.RegisterAccountPage })));
const RegisterCompanyPage = lazy(() => import('../pages/register/RegisterCompanyPage').then((m) => ({ default: m.RegisterCompanyPage })));
const NotFoundPage = lazy(() => import('../pages/errors/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
const AppShell = lazy(() => import('../shell/AppShell').then((m) => ({ default: m.AppShell })));
const DashboardPage = lazy(() => import('../pages/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })));
const CompanyPage = lazy(() => import('../pages/companies/CompanyPage').then((m) => ({ default: m.CompanyPage })));
const CompaniesPage = lazy(() => import('../pages/companies/CompaniesPage').then((m) => ({ default: m.CompaniesPage })));
const ProfilePage = lazy(() => import('../pages/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const SubscriptionPage = lazy(() => import('../pages/subscription/SubscriptionPage').then((m) => ({ default: m.SubscriptionPage })));
const ResourceListPage = lazy(() => import('../engine/ResourceListPage').then((m) => ({ default: m.ResourceListPage })));
const ResourceShowPage = lazy(() => import('../engine/ResourceShowPage').then((m) => ({ default: m.ResourceShowPage })));
const PartnerRoutes = lazy(() => import('../pages/partners/PartnerRoutes').then((m) => ({ default: m.PartnerRoutes })));
const PartnerInvitationAcceptPage = lazy(() =>
  import('../pages/partner-invitation/PartnerInvitationAcceptPage').then((m) => ({ default: m.PartnerInvitationAcceptPage })),
);
const PartnerInvitationDeclinePage = lazy(() =>
  import('../pages/partner-invitation/PartnerInvitationDeclinePage').then((m) => ({ default: m.PartnerInvitationDeclinePage })),
);
const CrewRoutes = lazy(() => import('../pages/crews/CrewRoutes').then((m) => ({ default: m.CrewRoutes })));
const CategoryRoutes = lazy(() => import('../pages/catalog/CategoryRoutes').then((m) => ({ default: m.CategoryRoutes })));
const ItemRoutes = lazy(() => import('../pages/items/ItemRoutes').then((m) => ({ default: m.ItemRoutes })));
const FileRoutes = lazy(() => import('../pages/files/FileRoutes').then((m) => ({ default: m.FileRoutes })));
const ProjectRoutes = lazy(() => import('../pages/projects/ProjectRoutes').then((m) => ({ default: m.ProjectRoutes })));
const InvoiceRoutes = lazy(() => import('../pages/invoices/InvoiceRoutes').then((m) => ({ default: m.InvoiceRoutes })));
// The invoice as printed: no chrome, login required.
const InvoicePreviewPage = lazy(() => import('../pages/invoices/InvoicePreviewPage').then((m) => ({ default: m.InvoicePreviewPage })));
const ProductionRoutes = lazy(() => import('../pages/productions/ProductionRoutes').then((m) => ({ default: m.ProductionRoutes })));
const TaskRoutes = lazy(() => import('../pages/tasks/TaskRoutes').then((m) => ({ default: m.TaskRoutes })));
// The printable daily sheet: no chrome.
const ProductionPreviewPage = lazy(() => import('../pages/productions/ProductionPreviewPage').then((m) => ({ default: m.ProductionPreviewPage })));
const ReportRoutes = lazy(() => import('../pages/reports/ReportRoutes').then((m) => ({ default: m.ReportRoutes })));
const MapPage = lazy(() => import('../pages/map/MapPage').then((m) => ({ default: m.MapPage })));
const CalendarPage = lazy(() => import('../pages/calendar/CalendarPage').then((m) => ({ default: m.CalendarPage })));
const DamageRoutes = lazy(() => import('../pages/damages/DamageRoutes').then((m) => ({ default: m.DamageRoutes })));
const FootprintRoutes = lazy(() => import('../pages/footprints/FootprintRoutes').then((m) => ({ default: m.FootprintRoutes })));
const LogRoutes = lazy(() => import('../pages/logs/LogRoutes').then((m) => ({ default: m.LogRoutes })));
const LocateRoutes = lazy(() => import('../pages/locates/LocateRoutes').then((m) => ({ default: m.LocateRoutes })));
const SettingsPage = lazy(() => import('../pages/settings/SettingsPage').then((m) => ({ default: m.SettingsPage })));
// The plan editor: pdf.js and Konva come only with this chunk.
const PlanEditorPage = lazy(() => import('../pages/editor/PlanEditorPage').then((m) => ({ default: m.PlanEditorPage })));
// Routes of the spec whose screens are still to come (issue 21): never a bare 404.
const RolesPage = lazy(() => import('../pages/roles/RolesPage').then((m) => ({ default: m.RolesPage })));
const MemberRoutes = lazy(() => import('../pages/members/MemberRoutes').then((m) => ({ default: m.MemberRoutes })));
const MemberInvitationAcceptPage = lazy(() =>
  import('../pages/member-invitation/MemberInvitationAcceptPage').then((m) => ({ default: m.MemberInvitationAcceptPage })),
);
const MemberInvitationDeclinePage = lazy(() =>
  import('../pages/member-invitation/MemberInvitationDeclinePage').then((m) => ({ default: m.MemberInvitationDeclinePage })),
);
// Konva comes only with this chunk.
const ImageEditorPage = lazy(() => import('../pages/image-editor/ImageEditorPage').then((m) => ({ default: m.ImageEditorPage })));
// The external budget review: no login, no chrome; more specific than the shell's projects routes, so it wins.
const BudgetReviewPage = lazy(() => import('../pages/budget-review/BudgetReviewPage').then((m) => ({ default: m.BudgetReviewPage })));
// An invoice or a change order decided by the client through its mailed link: no login, no chrome.
const InvoiceDecisionPage = lazy(() => import('../pages/invoices/InvoiceDecisionPage').then((m) => ({ default: m.InvoiceDecisionPage })));
// A published dashboard: no login, no chrome but its own toolbar.
const PublicDashboardPage = lazy(() => import('../pages/dashboard/PublicDashboardPage').then((m) => ({ default: m.PublicDashboardPage })));
const ChangeOrderDecisionPage = lazy(() => import('../pages/change-order-link/ChangeOrderDecisionPage').then((m) => ({ default: m.ChangeOrderDecisionPage })));

const guarded = (page: ReactNode) => <RouteGuard>{page}</RouteGuard>;

export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingView />}>
      <Routes>
        <Route index element={<Navigate to="/dashboard" replace />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="logout" element={<LogoutPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="forgot-password/requested" element={<ForgotPasswordRequestedPage />} />
        <Route path="reset-password/:token" element={<ResetPasswordPage />} />
        <Route path="confirm-email" element={<ConfirmEmailPage />} />
        <Route path="register/account" element={guarded(<RegisterAccountPage />)} />
        <Route path="register/company" element={guarded(<RegisterCompanyPage />)} />
        <Route path={NOT_FOUND} element={<NotFoundPage />} />
        <Route path="partner-invitation/:token/:type/accept" element={guarded(<PartnerInvitationAcceptPage />)} />
        <Route path="partner-invitation/:token/:type/decline" element={guarded(<PartnerInvitationDeclinePage />)} />
        <Route path="members-invitation/:companyId/:token/accept" element={guarded(<MemberInvitationAcceptPage />)} />
        <Route path="member-invitation/:token/accept" element={guarded(<MemberInvitationAcceptPage />)} />
        <Route path="member-invitation/:token/decline" element={guarded(<MemberInvitationDeclinePage />)} />
        <Route path="members-invitation/:companyId/:token/decline" element={guarded(<MemberInvitationDeclinePage />)} />
        <Route path="image-editor/:id" element={guarded(<ImageEditorPage />)} />
        <Route path="projects/:projectId/budget/:budgetHash/review/:reviewHash/:action" element={<BudgetReviewPage />} />
        <Route path="decide/invoice/:token" element={<InvoiceDecisionPage />} />
        <Route path="decide/change-order/:token" element={<ChangeOrderDecisionPage />} />
        <Route path="public/dashboard/:publicURL" element={<PublicDashboardPage />} />
        <Route path="invoices/preview/:invoiceId" element={guarded(<InvoicePreviewPage />)} />
        <Route path="productions/preview/:productionId" element={guarded(<ProductionPreviewPage />)} />
        <Route element={guarded(<AppShell />)}>
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="companies" element={<CompaniesPage />} />
          <Route path="companies/:companyId" element={<CompanyPage />} />
          <Route path="clients/*" element={<PartnerRoutes type="client" />} />
          <Route path="subcontractors/*" element={<PartnerRoutes type="subcontractor" />} />
          <Route path="companies/:companyId/:sectionId" element={<CompanyPage />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="subscription" element={<SubscriptionPage />} />
          <Route path="crews/*" element={<CrewRoutes />} />
          <Route path="catalog/categories/*" element={<CategoryRoutes />} />
          <Route path="items/*" element={<ItemRoutes />} />
          <Route path="roles" element={<RolesPage />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="editor/*" element={<PlanEditorPage />} />
          {/* The crew leader's field screens live in the phone client: the guard sends them there. */}
          <Route path="project-board/:projectId" element={<ToMobile />} />
          <Route path="projects-list" element={<ToMobile />} />
          <Route path="members/*" element={<MemberRoutes />} />
          <Route path="files/*" element={<FileRoutes />} />
          <Route path="projects/*" element={<ProjectRoutes />} />
          <Route path="invoices/*" element={<InvoiceRoutes />} />
          <Route path="productions/*" element={<ProductionRoutes />} />
          <Route path="tasks/*" element={<TaskRoutes />} />
          <Route path="reports/*" element={<ReportRoutes />} />
          <Route path="damages/*" element={<DamageRoutes />} />
          <Route path="footprints/*" element={<FootprintRoutes />} />
          <Route path="calendar" element={<CalendarPage />} />
          <Route path="map" element={<MapPage />} />
          <Route path="logs/*" element={<LogRoutes />} />
          <Route path="locates/*" element={<LocateRoutes />} />
          {RESOURCES.filter((def) => !HAND_ROUTED.has(def.name)).map((def) => (
            <Route key={def.name} path={def.name}>
              <Route index element={<ResourceListPage def={def} />} />
              <Route path="create" element={<ResourceListPage def={def} dialog="create" />} />
              <Route path=":id/edit" element={<ResourceListPage def={def} dialog="edit" />} />
              <Route path=":id" element={<ResourceShowPage def={def} />} />
            </Route>
          ))}
        </Route>
        <Route path="*" element={<Navigate to={`/${NOT_FOUND}`} replace />} />
      </Routes>
    </Suspense>
  );
}
