import { useEffect, useRef } from 'react';
import { withQueryCache } from '@escrow/api-client/query-client';
import { LoadingState } from '@escrow/ui/components/loading-state';
import { MessageState } from '@escrow/ui/components/message-state';
import { registerCatalog } from '@escrow/ui/i18n/i18n';
import { useCatalog } from '@escrow/ui/i18n/react';
import { catalogueCatalog, uiCatalog } from '@escrow/ui/i18n/ui-texts';
import { showToast } from '@escrow/ui/toast/show-toast';
import { adminCatalog } from '../../i18n/catalog.ts';
import { adminText, useAdminT } from '../../i18n/use-admin-t.ts';
import type { AdminPageProps } from '../../shared/admin-page-props.ts';
import { useAdminAccess } from '../access/use-admin-access.ts';
import { AdminDashboard } from './admin-dashboard.tsx';
import '../../shared/admin.css';

// Registered as the remote loads, so a page already in Swahili fetches these texts at once.
registerCatalog(adminCatalog);

/**
 * /admin (spec section 2). 'Loading' while the session is checked and the page's language's
 * texts arrive (the Swahili tables are chunks of their own); a visitor without the admin role is
 * told 'Access denied. Admin privileges required.' and sent to / (replace, so Back does not
 * return here). The API enforces the role on every request; this only decides what to show.
 */
function AdminDashboardPage({ navigate }: AdminPageProps) {
  const own = useCatalog(adminCatalog);
  const spec = useCatalog(catalogueCatalog);
  const kit = useCatalog(uiCatalog);
  const t = useAdminT();
  if (!own || !spec || !kit) return <LoadingState label={t('admin.loading')} />;
  return <AdminArea navigate={navigate} />;
}

function AdminArea({ navigate }: AdminPageProps) {
  const t = useAdminT();
  const { access, retry, deny } = useAdminAccess();
  const announced = useRef(false);

  useEffect(() => {
    if (access.kind !== 'denied' || announced.current) return;
    announced.current = true;
    // A toast, because the message must still be read on the page the visitor is sent to.
    showToast(adminText('catalogue.admin.accessDenied'), 'error');
    navigate('/', { replace: true });
  }, [access, navigate]);

  if (access.kind === 'checking') return <LoadingState label={t('admin.loading')} />;
  if (access.kind === 'denied') return <LoadingState label={t('admin.access.leaving')} />;
  if (access.kind === 'failed') {
    return (
      <MessageState
        tone="error"
        title={t('admin.access.failed')}
        actions={
          <>
            <button type="button" className="button" onClick={retry}>
              {t('admin.tryAgain')}
            </button>
            <a href="/" className="button button--secondary">
              {t('catalogue.notFound.returnToHome')}
            </a>
          </>
        }
      >
        <p>{access.unavailable ? t('catalogue.errors.serviceUnavailable') : t('admin.checkConnection')}</p>
      </MessageState>
    );
  }
  return <AdminDashboard account={access.account} navigate={navigate} onAccessLost={deny} />;
}

export default withQueryCache(AdminDashboardPage);
