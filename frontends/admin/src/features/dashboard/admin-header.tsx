import { useState } from 'react';
import { catalogue } from '@escrow/core/messages';
import { AppLink } from '@escrow/ui/components/app-link';
import { showToast } from '@escrow/ui/toast/show-toast';
import { adminApi } from '../../shared/admin-api.ts';
import type { Account } from '../../shared/admin-types.ts';
import type { Navigate } from '../../shared/admin-page-props.ts';
import { ExportDataDialog } from '../export/export-data-dialog.tsx';
import type { LiveStatus } from '@escrow/api-client/live';
import { PaymentConfigDialog } from '../payment-config/payment-config-dialog.tsx';

const LIVE_TEXT: Record<LiveStatus, string> = { connecting: 'Connecting to live updates…', live: 'Live updates on', reconnecting: 'Live updates paused, reconnecting…' };
const SIGN_OUT_FAILED = 'Failed to log out. Please try again.';

interface AdminHeaderProps {
  account: Account;
  live: LiveStatus;
  navigate: Navigate;
  /** Closes the live stream before the session ends, so it is not refused noisily. */
  onSigningOut: () => void;
}

/** Title, who is signed in, the live state, and the spec's four header buttons. */
export function AdminHeader({ account, live, navigate, onSigningOut }: AdminHeaderProps) {
  const [signingOut, setSigningOut] = useState(false);
  const logout = () => {
    if (signingOut) return;
    setSigningOut(true);
    void adminApi.signOut(SIGN_OUT_FAILED).then((result) => {
      setSigningOut(false);
      if (!result.ok) return showToast(result.message, 'error');
      onSigningOut();
      showToast(catalogue.admin.loggedOut);
      navigate('/');
    });
  };
  return (
    <header className="admin-header">
      <div className="admin-header__title">
        <h1 id="admin-title">Admin Dashboard</h1>
        <p className="section-note">Signed in as {account.email}</p>
        <p className="section-note">
          <span className={`live-dot live-dot--${live}`} aria-hidden="true" />
          {LIVE_TEXT[live]}
        </p>
      </div>
      <nav className="admin-header__actions" aria-label="Admin">
        <PaymentConfigDialog />
        <AppLink to="/seller/dashboard" navigate={navigate} className="button button--secondary">
          Seller Dashboard
        </AppLink>
        <ExportDataDialog />
        <button type="button" className="button button--secondary" onClick={logout} disabled={signingOut} aria-busy={signingOut || undefined}>
          {signingOut ? 'Logging out…' : 'Logout'}
        </button>
      </nav>
    </header>
  );
}
