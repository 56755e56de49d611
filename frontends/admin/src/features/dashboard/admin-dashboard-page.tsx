import { SERVICE_UNAVAILABLE_MESSAGE } from '@escrow/ui/api/request-json';
import { useEffect, useRef } from 'react';
import { withQueryCache } from '@escrow/api-client/query-client';
import { catalogue } from '@escrow/core/messages';
import { LoadingState } from '@escrow/ui/components/loading-state';
import { MessageState } from '@escrow/ui/components/message-state';
import { showToast } from '@escrow/ui/toast/show-toast';
import type { AdminPageProps } from '../../shared/admin-page-props.ts';
import { useAdminAccess } from '../access/use-admin-access.ts';
import { AdminDashboard } from './admin-dashboard.tsx';
import '../../shared/admin.css';

/**
 * /admin (spec section 2). 'Loading' while the session is checked; a visitor without the admin
 * role is told 'Access denied. Admin privileges required.' and sent to / (replace, so Back does
 * not return here). The API enforces the role on every request; this only decides what to show.
 */
function AdminDashboardPage({ navigate }: AdminPageProps) {
  const { access, retry, deny } = useAdminAccess();
  const announced = useRef(false);

  useEffect(() => {
    if (access.kind !== 'denied' || announced.current) return;
    announced.current = true;
    // A toast, because the message must still be read on the page the visitor is sent to.
    showToast(catalogue.admin.accessDenied, 'error');
    navigate('/', { replace: true });
  }, [access, navigate]);

  if (access.kind === 'checking') return <LoadingState label="Loading" />;
  if (access.kind === 'denied') return <LoadingState label="Leaving the admin area…" />;
  if (access.kind === 'failed') {
    return (
      <MessageState
        tone="error"
        title="We could not check your access"
        actions={
          <>
            <button type="button" className="button" onClick={retry}>
              Try again
            </button>
            <a href="/" className="button button--secondary">
              Return to Home
            </a>
          </>
        }
      >
        <p>{access.unavailable ? SERVICE_UNAVAILABLE_MESSAGE : 'Please check your internet connection and try again.'}</p>
      </MessageState>
    );
  }
  return <AdminDashboard account={access.account} navigate={navigate} onAccessLost={deny} />;
}

export default withQueryCache(AdminDashboardPage);
