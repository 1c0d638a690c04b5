import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, Route, Routes } from 'react-router';
import { GuestOnly, HomeRedirect, RequireCommunity, RequireUser } from './auth/guards';
import { AppLayout } from './shell/AppLayout';
import { LoadingScreen } from './shell/layouts/LoadingScreen';
import NotFoundPage, { NotFoundInShell } from './shell/NotFoundPage';
import { WIDGET_SETTINGS_SCREENS } from './widgets/kinds';

// Each screen is its own chunk: the sign-in screens should not download the editor's code, and vice versa.
const LoginPage = lazy(() => import('./auth/LoginPage'));
const RegisterPage = lazy(() => import('./auth/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('./auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./auth/ResetPasswordPage'));
const CommunitiesPage = lazy(() => import('./communities/CommunitiesPage'));
const NewCommunityPage = lazy(() => import('./communities/NewCommunityPage'));
const AccountEditPage = lazy(() => import('./account/AccountEditPage'));
const CommunityInfoPage = lazy(() => import('./communities/settings/CommunityInfoPage'));
const ActivistsPage = lazy(() => import('./activists/ActivistsPage'));
const ActivistProfilePage = lazy(() => import('./activists/ActivistProfilePage'));
const BotPage = lazy(() => import('./bot/BotPage'));
const CommunityMetricsPage = lazy(() => import('./communities/settings/CommunityMetricsPage'));
const CommunityReportsPage = lazy(() => import('./communities/settings/CommunityReportsPage'));
const CommunityTwilioPage = lazy(() => import('./communities/settings/CommunityTwilioPage'));
const CommunityMailchimpPage = lazy(() => import('./communities/settings/CommunityMailchimpPage'));
const CommunityRecipientPage = lazy(() => import('./communities/settings/CommunityRecipientPage'));
const CommunityTeamPage = lazy(() => import('./communities/team/CommunityTeamPage'));
// Where an invitation e-mail's link lands, signed in or not.
const InvitationPage = lazy(() => import('./communities/team/InvitationPage'));
const MobilizationsPage = lazy(() => import('./mobilizations/MobilizationsPage'));
const MailboxPage = lazy(() => import('./mailbox/MailboxPage'));
const NewMobilizationPage = lazy(() => import('./mobilizations/NewMobilizationPage'));
const ChooseTemplatePage = lazy(() => import('./templates/ChooseTemplatePage'));
const PickTemplatePage = lazy(() => import('./templates/PickTemplatePage'));
const TemplatesListPage = lazy(() => import('./templates/TemplatesListPage'));
const CreateTemplatePage = lazy(() => import('./templates/CreateTemplatePage'));
const SettingsLayout = lazy(() => import('./mobilizations/settings/SettingsLayout'));
const BasicsSettingsPage = lazy(() => import('./mobilizations/settings/BasicsSettingsPage'));
const SharingSettingsPage = lazy(() => import('./mobilizations/settings/SharingSettingsPage'));
const AnalyticsSettingsPage = lazy(() => import('./mobilizations/settings/AnalyticsSettingsPage'));
const AntispamSettingsPage = lazy(() => import('./mobilizations/settings/AntispamSettingsPage'));
const DesignSettingsPage = lazy(() => import('./mobilizations/settings/DesignSettingsPage'));
const MetricsSettingsPage = lazy(() => import('./mobilizations/settings/MetricsSettingsPage'));
const CustomDomainPage = lazy(() => import('./domains/CustomDomainPage'));
const DomainsPage = lazy(() => import('./domains/DomainsPage'));
const AddDomainPage = lazy(() => import('./domains/wizard/AddDomainPage'));
const LaunchPage = lazy(() => import('./domains/launch/LaunchPage'));
const LaunchEndPage = lazy(() => import('./domains/launch/LaunchEndPage'));
// The page editor and Slate load only on the editor's own screens.
const EditorPage = lazy(() => import('./editor/EditorPage'));
const CreateBlockPage = lazy(() => import('./blocks/CreateBlockPage'));
// The publishing history: every revision of a page, and one revision read-only (drawn as the editor draws the page).
const HistoryPage = lazy(() => import('./publishing/HistoryPage'));
const RevisionPage = lazy(() => import('./editor/RevisionPage'));
const TechnicalIssuesPage = lazy(() => import('./shell/TechnicalIssuesPage'));
// The donor's page: public, reached from a link in the donation's e-mails.
const ManageDonationPage = lazy(() => import('./donations/ManageDonationPage'));
// A visitor's own data requests (LGPD): the form the consent notice leads to, and the page its e-mailed link opens.
const PrivacyRequestPage = lazy(() => import('./privacy/PrivacyRequestPage'));
const PrivacyConfirmPage = lazy(() => import('./privacy/PrivacyConfirmPage'));

function Standalone() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<LoadingScreen label={t('app.loading')} />}>
      <Outlet />
    </Suspense>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomeRedirect />} />
      <Route element={<Standalone />}>
        <Route
          path="/login"
          element={
            <GuestOnly honourNext>
              <LoginPage />
            </GuestOnly>
          }
        />
        <Route
          path="/register"
          element={
            <GuestOnly>
              <RegisterPage />
            </GuestOnly>
          }
        />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/technical-issues" element={<TechnicalIssuesPage />} />
        <Route path="/dev/mailbox" element={<MailboxPage />} />
        <Route path="/donations/manage/:token" element={<ManageDonationPage />} />
        <Route path="/privacy" element={<PrivacyRequestPage />} />
        <Route path="/privacy/requests/:token" element={<PrivacyConfirmPage />} />
        <Route path="/invitation/:code" element={<InvitationPage />} />
        <Route
          path="/communities"
          element={
            <RequireUser>
              <CommunitiesPage />
            </RequireUser>
          }
        />
        <Route
          path="/communities/new"
          element={
            <RequireUser>
              <NewCommunityPage />
            </RequireUser>
          }
        />
      </Route>
      <Route
        element={
          <RequireUser>
            <AppLayout />
          </RequireUser>
        }
      >
        <Route path="/account/edit" element={<AccountEditPage />} />
        <Route
          element={
            <RequireCommunity>
              <Outlet />
            </RequireCommunity>
          }
        >
          <Route path="/mobilizations" element={<MobilizationsPage />} />
          <Route path="/mobilizations/new" element={<NewMobilizationPage />} />
          <Route path="/mobilizations/templates/list" element={<TemplatesListPage />} />
          <Route path="/mobilizations/:id/templates/create" element={<CreateTemplatePage />} />
          <Route path="/mobilizations/:id/settings" element={<SettingsLayout />}>
            <Route index element={<Navigate to="basics" replace />} />
            <Route path="basics" element={<BasicsSettingsPage />} />
            <Route path="sharing" element={<SharingSettingsPage />} />
            <Route path="analytics" element={<AnalyticsSettingsPage />} />
            <Route path="antispam" element={<AntispamSettingsPage />} />
            <Route path="design" element={<DesignSettingsPage />} />
            <Route path="metrics" element={<MetricsSettingsPage />} />
            <Route path="customDomain" element={<CustomDomainPage />} />
          </Route>
          <Route path="/mobilizations/:id/templates/choose" element={<ChooseTemplatePage />} />
          <Route path="/mobilizations/:id/templates/choose/custom" element={<PickTemplatePage global={false} />} />
          <Route path="/mobilizations/:id/templates/choose/global" element={<PickTemplatePage global />} />
          <Route path="/mobilizations/:id/launch" element={<LaunchPage />} />
          <Route path="/mobilizations/:id/launch/end" element={<LaunchEndPage />} />
          <Route path="/mobilizations/:id/edit" element={<EditorPage />} />
          <Route path="/mobilizations/:id/blocks/create" element={<CreateBlockPage />} />
          <Route path="/mobilizations/:id/history" element={<HistoryPage />} />
          <Route path="/mobilizations/:id/history/:number" element={<RevisionPage />} />
          {WIDGET_SETTINGS_SCREENS.map(({ segment, Screens }) => (
            <Route key={segment} path={`/mobilizations/:id/widgets/:widgetId/${segment}/*`} element={<Screens />} />
          ))}
          {/* Screens that later issues build: the frame and its navigation already work around them. */}
          <Route path="/mobilizations/*" element={<NotFoundInShell />} />
          <Route path="/activists" element={<ActivistsPage />} />
          <Route path="/activists/:id" element={<ActivistProfilePage />} />
          <Route path="/bot" element={<BotPage />} />
          <Route path="/community/info" element={<CommunityInfoPage />} />
          <Route path="/community/mailchimp" element={<CommunityMailchimpPage />} />
          <Route path="/community/mobilizers" element={<CommunityTeamPage />} />
          <Route path="/community/twilio" element={<CommunityTwilioPage />} />
          <Route path="/community/recipient" element={<CommunityRecipientPage />} />
          <Route path="/community/metrics" element={<CommunityMetricsPage />} />
          <Route path="/community/report" element={<CommunityReportsPage />} />
          <Route path="/community/domain" element={<DomainsPage />} />
          <Route path="/community/domain/add" element={<AddDomainPage />} />
          <Route path="/community/*" element={<NotFoundInShell />} />
        </Route>
      </Route>
      <Route element={<Standalone />}>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
