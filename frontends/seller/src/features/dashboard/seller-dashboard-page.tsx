import { withQueryCache } from '@escrow/api-client/query-client';
import { useState } from 'react';
import { FormAlert } from '@escrow/ui/components/form-field';
import { LoadingState } from '@escrow/ui/components/loading-state';
import { setFlash, takeFlash } from '@escrow/ui/flash/flash-message';
import { AppLink } from '@escrow/ui/components/app-link';
import { LoadFailed } from '../../shared/load-failed.tsx';
import { sellerApi } from '../../shared/seller-api.ts';
import type { SellerPageProps } from '../../shared/seller-page-props.ts';
import { GuidedTour } from './guided-tour.tsx';
import { RecentOrders } from './recent-orders.tsx';
import { RidersDialog } from './riders-dialog.tsx';
import { StatsCards } from './stats-cards.tsx';
import { useDashboard, type DashboardData } from './use-dashboard.ts';
import { useOrderNotifications } from './use-order-notifications.ts';
import { registerCatalog } from '@escrow/ui/i18n/i18n';
import { sellerCatalog } from '../../i18n/catalog.ts';
import { useSellerTexts } from '../../i18n/use-seller-texts.ts';
import { localText, useSellerT } from '../../i18n/use-seller-t.ts';
import '../../shared/seller.css';
import './dashboard.css';

// Registered as the page loads, so a page started in Swahili fetches these texts before its first render.
registerCatalog(sellerCatalog);

/**
 * /seller/dashboard (spec sections 2 and 9): the seller's figures, the 10 latest orders, the
 * riders dialog, the guided tour (computers only) and live notifications. No session: to
 * /auth; no seller record: to /seller/signup.
 */
function SellerDashboardPage({ navigate }: SellerPageProps) {
  return (
    <Dashboard navigate={navigate} />
  );
}

function Dashboard({ navigate }: SellerPageProps) {
  const ready = useSellerTexts();
  const t = useSellerT();
  const { state, retry, refresh } = useDashboard(navigate);
  // The Swahili texts are a chunk of their own: loading until they are here.
  if (!ready) return <LoadingState label={t('seller.dashboard.loading')} />;
  if (state.kind === 'failed') return <LoadFailed onRetry={retry} status={state.status} />;
  if (state.kind === 'loading') return <LoadingState label={t('seller.dashboard.loading')} />;
  return <LoadedDashboard data={state.data} refresh={refresh} navigate={navigate} />;
}

function LoadedDashboard({ data, refresh, navigate }: { data: DashboardData; refresh: ReturnType<typeof useDashboard>['refresh'] } & SellerPageProps) {
  const t = useSellerT();
  const [flash] = useState(takeFlash);
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  useOrderNotifications(refresh);
  const { account, profile, dashboard } = data;

  const signOut = () => {
    setSigningOut(true);
    setSignOutError(null);
    void sellerApi.signOut(t('seller.dashboard.signOutFailed')).then((result) => {
      setSigningOut(false);
      if (!result.ok) return setSignOutError(localText(result.message));
      setFlash(t('catalogue.accounts.signedOut'), 'info');
      navigate('/auth');
    });
  };

  return (
    <section className="seller-page seller-page--wide" aria-labelledby="dashboard-title">
      <div className="seller-page__header">
        <div>
          <h1 id="dashboard-title">{profile.businessName}</h1>
          <p className="section-note">{t('seller.dashboard.signedInAs', { email: account.email })}</p>
        </div>
        <button type="button" className="button button--secondary" onClick={signOut} disabled={signingOut}>
          {signingOut ? t('seller.dashboard.signingOut') : t('seller.dashboard.signOut')}
        </button>
      </div>
      {flash ? <FormAlert tone={flash.tone}>{localText(flash.text)}</FormAlert> : null}
      {signOutError ? <FormAlert tone="error">{signOutError}</FormAlert> : null}
      <nav className="dashboard-links" aria-label={t('seller.dashboard.nav')}>
        <AppLink to="/seller/create-order" navigate={navigate} className="button" data-tour="create-order">
          {t('seller.dashboard.createOrder')}
        </AppLink>
        <RidersDialog />
        <AppLink to="/seller/profile" navigate={navigate} className="button button--secondary">
          {t('seller.dashboard.profile')}
        </AppLink>
        {account.isAdmin ? (
          <AppLink to="/admin" navigate={navigate} className="button button--secondary">
            {t('seller.dashboard.admin')}
          </AppLink>
        ) : null}
      </nav>
      <StatsCards stats={dashboard.stats} />
      <RecentOrders orders={dashboard.recentOrders} navigate={navigate} />
      <GuidedTour />
    </section>
  );
}

export default withQueryCache(SellerDashboardPage);
