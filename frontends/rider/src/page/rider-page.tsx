import { AppChrome } from '@escrow/ui/components/app-chrome';
import { pagePathname } from '@escrow/ui/page/page-answers';
import { historyLocation } from '@escrow/ui/routing/history-location';
import { useEffect, useSyncExternalStore } from 'react';
import RiderJobPage from '../features/job/rider-job-page.tsx';
import RiderJobsPage from '../features/jobs/rider-jobs-page.tsx';
import type { Navigate } from '../shared/navigate.ts';
import { useRiderT } from '../i18n/use-rider-t.ts';
import { recordRiderLanguage } from './record-language.ts';

// The rider's own lean page (decision 0053) for /rider and /rider/{orderId}: React and the
// rider's two pages, no shell. Moving between the two stays in this page; any other address
// is a normal page load. The browser renders it, or hydrates the server's render of a job
// link (decision 0059).
const addressBar = historyLocation('rider:navigate');

/** The order id of /rider/{orderId}, '' for /rider, null for an address that is not the rider's. */
function riderRoute(pathname: string): string | null {
  const [first, second, ...rest] = pathname.split('/').filter(Boolean);
  if (first !== 'rider' || rest.length > 0) return null;
  return second === undefined ? '' : decodeURIComponent(second);
}

const navigate: Navigate = (to, options = {}) => {
  const target = new URL(to, window.location.origin);
  if (riderRoute(target.pathname) === null) {
    window.location.assign(to);
    return;
  }
  addressBar.go(to, options);
};

export function RiderPage() {
  const pathname = useSyncExternalStore(addressBar.subscribe, pagePathname, pagePathname);
  const orderId = riderRoute(pathname) ?? '';
  const t = useRiderT();
  useEffect(() => {
    document.title = `${orderId === '' ? t('rider.title.jobs') : t('rider.title.job')} | Escrow Delivery`;
  }, [orderId, t]);
  return (
    <AppChrome showSignIn onLanguageChoose={(locale) => recordRiderLanguage(orderId, locale)}>
      <div key={pathname}>{orderId === '' ? <RiderJobsPage navigate={navigate} /> : <RiderJobPage key={orderId} orderId={orderId} navigate={navigate} />}</div>
    </AppChrome>
  );
}

