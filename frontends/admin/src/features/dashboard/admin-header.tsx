import { useState } from 'react';
import { AppLink } from '@escrow/ui/components/app-link';
import { showToast } from '@escrow/ui/toast/show-toast';
import { adminText, localText, useAdminT } from '../../i18n/use-admin-t.ts';
import { adminApi } from '../../shared/admin-api.ts';
import type { Account } from '../../shared/admin-types.ts';
import type { Navigate } from '../../shared/admin-page-props.ts';
import { ExportDataDialog } from '../export/export-data-dialog.tsx';
import type { LiveStatus } from '@escrow/api-client/live';
import { PaymentConfigDialog } from '../payment-config/payment-config-dialog.tsx';

interface AdminHeaderProps {
  account: Account;
  live: LiveStatus;
  navigate: Navigate;
  /** Closes the live stream before the session ends, so it is not refused noisily. */
  onSigningOut: () => void;
}

/** Title, who is signed in, the live state, and the spec's four header buttons. */
export function AdminHeader({ account, live, navigate, onSigningOut }: AdminHeaderProps) {
  const t = useAdminT();
  const [signingOut, setSigningOut] = useState(false);
  const logout = () => {
    if (signingOut) return;
    setSigningOut(true);
    void adminApi.signOut(t('admin.logoutFailed')).then((result) => {
      setSigningOut(false);
      if (!result.ok) return showToast(localText(result.message), 'error');
      onSigningOut();
      showToast(adminText('catalogue.admin.loggedOut'));
      navigate('/');
    });
  };
  return (
    <header className="admin-header">
      <div className="admin-header__title">
        <h1 id="admin-title">{t('admin.title')}</h1>
        <p className="section-note">{t('admin.signedInAs', { email: account.email })}</p>
        <p className="section-note">
          <span className={`live-dot live-dot--${live}`} aria-hidden="true" />
          {t(`admin.live.${live}`)}
        </p>
      </div>
      <nav className="admin-header__actions" aria-label={t('admin.nav')}>
        <PaymentConfigDialog />
        <AppLink to="/seller/dashboard" navigate={navigate} className="button button--secondary">
          {t('admin.sellerDashboard')}
        </AppLink>
        <ExportDataDialog />
        <button type="button" className="button button--secondary" onClick={logout} disabled={signingOut} aria-busy={signingOut || undefined}>
          {signingOut ? t('admin.loggingOut') : t('admin.logout')}
        </button>
      </nav>
    </header>
  );
}
