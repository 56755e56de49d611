import { useEffect, useState } from 'react';
import { catalogue } from '@escrow/core/messages';
import { FormAlert } from '@escrow/ui/components/form-field';
import { LoadingState } from '@escrow/ui/components/loading-state';
import { setFlash, takeFlash } from '@escrow/ui/flash/flash-message';
import { AppLink } from '../../shared/app-link.tsx';
import { LoadFailed } from '../../shared/load-failed.tsx';
import type { ApiResult } from '@escrow/ui/api/request-json';
import { sellerApi, type Account, type SellerProfile } from '../../shared/seller-api.ts';
import type { SellerPageProps } from '../../shared/seller-page-props.ts';
import { useLoaded } from '../../shared/use-loaded.ts';
import '../../shared/seller.css';

type DashboardData = { account: Account | null; profile: SellerProfile | null };

async function loadDashboard(signal: AbortSignal): Promise<ApiResult<DashboardData>> {
  const session = await sellerApi.session(signal);
  if (!session.ok) return session;
  const account = session.data.account;
  if (!account?.sellerId) return { ok: true, status: 200, data: { account, profile: null } };
  const profile = await sellerApi.profile(signal);
  return profile.ok ? { ok: true, status: 200, data: { account, profile: profile.data } } : profile;
}

/**
 * /seller/dashboard, for now the seller's home: who is signed in, the way to the profile,
 * orders and (for admins) the admin area, and Sign Out. Stats, recent orders and riders come
 * with the orders issue. No session: to /auth; no seller record: to /seller/signup.
 */
export default function SellerDashboardPage({ navigate }: SellerPageProps) {
  const dashboard = useLoaded<DashboardData>(loadDashboard);
  const [flash] = useState(takeFlash);
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const state = dashboard.state;

  useEffect(() => {
    if (state.kind === 'failed' && state.status === 401) navigate('/auth', { replace: true });
    if (state.kind !== 'loaded') return;
    if (!state.data.account) navigate('/auth', { replace: true });
    else if (!state.data.profile) navigate('/seller/signup', { replace: true });
  }, [state, navigate]);

  if (state.kind === 'failed' && state.status !== 401) return <LoadFailed onRetry={dashboard.reload} />;
  if (state.kind !== 'loaded' || !state.data.account || !state.data.profile) return <LoadingState label="Loading your dashboard…" />;
  const { account, profile } = state.data;

  const signOut = () => {
    setSigningOut(true);
    void sellerApi.signOut('Failed to sign out').then((result) => {
      setSigningOut(false);
      if (!result.ok) return setSignOutError(result.message);
      setFlash(catalogue.accounts.signedOut, 'info');
      navigate('/auth');
    });
  };

  return (
    <section className="seller-page" aria-labelledby="dashboard-title">
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
        <AppLink to="/seller/create-order" navigate={navigate} className="button">
          Create Order
        </AppLink>
        <AppLink to="/seller/profile" navigate={navigate} className="button button--secondary">
          Profile
        </AppLink>
        {account.isAdmin ? (
          <AppLink to="/admin" navigate={navigate} className="button button--secondary">
            Admin Dashboard
          </AppLink>
        ) : null}
      </nav>
      <p className="section-note">Your orders, riders and earnings will appear here.</p>
    </section>
  );
}
