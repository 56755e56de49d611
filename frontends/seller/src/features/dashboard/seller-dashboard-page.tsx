import { withQueryCache } from '@escrow/api-client/query-client';
import { useState } from 'react';
import { catalogue } from '@escrow/core/messages';
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
import '../../shared/seller.css';
import './dashboard.css';

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
  const { state, retry, refresh } = useDashboard(navigate);
  if (state.kind === 'failed') return <LoadFailed onRetry={retry} status={state.status} />;
  if (state.kind === 'loading') return <LoadingState label="Loading your dashboard…" />;
  return <LoadedDashboard data={state.data} refresh={refresh} navigate={navigate} />;
}

function LoadedDashboard({ data, refresh, navigate }: { data: DashboardData; refresh: ReturnType<typeof useDashboard>['refresh'] } & SellerPageProps) {
  const [flash] = useState(takeFlash);
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  useOrderNotifications(refresh);
  const { account, profile, dashboard } = data;

  const signOut = () => {
    setSigningOut(true);
    setSignOutError(null);
    void sellerApi.signOut('Failed to sign out').then((result) => {
      setSigningOut(false);
      if (!result.ok) return setSignOutError(result.message);
      setFlash(catalogue.accounts.signedOut, 'info');
      navigate('/auth');
    });
  };

  return (
    <section className="seller-page seller-page--wide" aria-labelledby="dashboard-title">
      <div className="seller-page__header">
        <div>
          <h1 id="dashboard-title">{profile.businessName}</h1>
          <p className="section-note">Signed in as {account.email}</p>
        </div>
        <button type="button" className="button button--secondary" onClick={signOut} disabled={signingOut}>
          {signingOut ? 'Signing out…' : 'Sign Out'}
        </button>
      </div>
      {flash ? <FormAlert tone={flash.tone}>{flash.text}</FormAlert> : null}
      {signOutError ? <FormAlert tone="error">{signOutError}</FormAlert> : null}
      <nav className="dashboard-links" aria-label="Seller">
        <AppLink to="/seller/create-order" navigate={navigate} className="button" data-tour="create-order">
          Create Order
        </AppLink>
        <RidersDialog />
        <AppLink to="/seller/profile" navigate={navigate} className="button button--secondary">
          Profile
        </AppLink>
        {account.isAdmin ? (
          <AppLink to="/admin" navigate={navigate} className="button button--secondary">
            Admin Dashboard
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
