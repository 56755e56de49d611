import { useCallback, useEffect, useRef } from 'react';
import { ordersApi, type SellerDashboard } from '../../shared/orders-api.ts';
import { sellerApi, type Account, type SellerProfile } from '../../shared/seller-api.ts';
import type { SellerPageProps } from '../../shared/seller-page-props.ts';
import { redirectOrFailure, useSellerData, type PageLoad } from '../../shared/use-seller-data.ts';

export interface DashboardData {
  readonly account: Account;
  readonly profile: SellerProfile;
  readonly dashboard: SellerDashboard;
}

async function loadDashboard(signal: AbortSignal): Promise<PageLoad<DashboardData>> {
  const session = await sellerApi.session();
  if (!session.ok) return redirectOrFailure(session);
  const account = session.data.account;
  if (!account) return { kind: 'redirect', to: '/auth' };
  if (!account.sellerId) return { kind: 'redirect', to: '/seller/signup' };
  const [profile, dashboard] = await Promise.all([sellerApi.profile(signal), ordersApi.dashboard(signal)]);
  if (!profile.ok) return profile.status === 404 ? { kind: 'redirect', to: '/seller/signup' } : redirectOrFailure(profile);
  if (!dashboard.ok) return redirectOrFailure(dashboard);
  return { kind: 'data', data: { account, profile: profile.data, dashboard: dashboard.data } };
}

/**
 * The dashboard's data: who is signed in, the seller record, the figures and the 10 latest
 * orders. No session: to /auth; no seller record: to /seller/signup. `refresh` re-reads the
 * figures and orders in place (live events, the 120-second poll) and keeps what is shown if
 * that fails.
 */
export function useDashboard(navigate: SellerPageProps['navigate']) {
  const { state, retry, update } = useSellerData('dashboard', loadDashboard, navigate);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const refresh = useCallback(async (): Promise<SellerDashboard | null> => {
    const result = await ordersApi.dashboard().catch(() => null);
    if (!mounted.current) return null;
    if (result === null || !result.ok) {
      if (result?.status === 401) navigate('/auth', { replace: true });
      else console.warn('Refreshing the dashboard failed', result?.status ?? 0);
      return null;
    }
    update((data) => ({ ...data, dashboard: result.data }));
    return result.data;
  }, [navigate, update]);

  return { state, retry, refresh };
}
