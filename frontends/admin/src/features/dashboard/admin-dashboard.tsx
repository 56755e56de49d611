import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useLiveInvalidation } from '@escrow/api-client/live-invalidation';
import { Tabs, type TabItem } from '@escrow/ui/components/tabs';
import { useAdminT } from '../../i18n/use-admin-t.ts';
import { AdminScreenContext, type AdminScreen } from '../../shared/admin-context.ts';
import { ADMIN_KEY } from '../../shared/use-admin-query.ts';
import type { Navigate } from '../../shared/admin-page-props.ts';
import type { Account } from '../../shared/admin-types.ts';
import { AdminTab } from '../admin-tab/admin-tab.tsx';
import { ContactsTab } from '../contacts/contacts-tab.tsx';
import { ADMIN_LIVE_EVENTS, ADMIN_LIVE_TIMING } from '../live/admin-live.ts';
import { OrdersTab } from '../orders/orders-tab.tsx';
import { SellersTab } from '../sellers/sellers-tab.tsx';
import { UnmatchedPaymentsTab } from '../payments/unmatched-payments-tab.tsx';
import { PayoutsTab } from '../payouts/payouts-tab.tsx';
import { SummaryCards } from '../summary/summary-cards.tsx';
import { AdminHeader } from './admin-header.tsx';

const TABS = [
  { value: 'orders', content: <OrdersTab /> },
  { value: 'sellers', content: <SellersTab /> },
  { value: 'payments', content: <UnmatchedPaymentsTab /> },
  { value: 'payouts', content: <PayoutsTab /> },
  { value: 'contacts', content: <ContactsTab /> },
  { value: 'admin', content: <AdminTab /> },
] as const;

interface AdminDashboardProps {
  account: Account;
  navigate: Navigate;
  onAccessLost: () => void;
}

/**
 * The admin's screen: header, the six summary cards and six tabs (Orders by default). Only the
 * visible tab is mounted, so a live change re-reads the summary and that tab, nothing else
 * (the other tabs' reads are marked out of date and read when they are shown).
 */
export function AdminDashboard({ account, navigate, onAccessLost }: AdminDashboardProps) {
  const t = useAdminT();
  const tabs = useMemo<readonly TabItem[]>(() => TABS.map((tab) => ({ ...tab, label: t(`admin.tab.${tab.value}`) })), [t]);
  const client = useQueryClient();
  const [live, setLive] = useState(true);
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: ADMIN_KEY }), [client]);
  const liveStatus = useLiveInvalidation(live ? '/api/live/admin' : null, { events: ADMIN_LIVE_EVENTS, queryKeys: [ADMIN_KEY], ...ADMIN_LIVE_TIMING });
  const screen = useMemo<AdminScreen>(() => ({ refresh, accessLost: onAccessLost }), [refresh, onAccessLost]);

  return (
    <AdminScreenContext.Provider value={screen}>
      <section className="admin-page" aria-labelledby="admin-title">
        <AdminHeader account={account} live={liveStatus} navigate={navigate} onSigningOut={() => setLive(false)} />
        <SummaryCards />
        <Tabs label={t('admin.tabs')} items={tabs} defaultValue="orders" />
      </section>
    </AdminScreenContext.Provider>
  );
}
