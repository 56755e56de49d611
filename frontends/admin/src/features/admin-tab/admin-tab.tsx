import { Text } from '@escrow/ui/i18n/react';
import { useAdminT, type AdminText } from '../../i18n/use-admin-t.ts';
import { PaymentInfoCard } from '../payment-config/payment-info-card.tsx';

/** The Admin tab: the Paybill settings and how admins are added. */
export function AdminTab() {
  return (
    <div className="admin-cards">
      <PaymentInfoCard />
      <AdminManagementCard />
    </div>
  );
}

/** The admin CLI's command, the same in every language. */
const GRANT_COMMAND = 'escrow-admin grant-admin EMAIL';

/**
 * Spec section 2: a new admin first creates an account at /auth and is then given the admin
 * role in the backend; only the super admin can add admins. Here the backend step is the admin
 * CLI on the server (apps/cli), which only whoever runs the server can use.
 */
function AdminManagementCard() {
  const t = useAdminT();
  return (
    <section className="admin-card" aria-labelledby="admin-management-title">
      <h2 id="admin-management-title" className="admin-card__title">
        {t('admin.management.title')}
      </h2>
      <ol className="admin-steps">
        <li>
          <Text<AdminText> id="admin.management.step1" components={{ 0: <a href="/auth" /> }} />
        </li>
        <li>
          <Text<AdminText> id="admin.management.step2" values={{ command: GRANT_COMMAND }} components={{ 0: <code className="command" /> }} />
        </li>
        <li>{t('admin.management.step3')}</li>
      </ol>
      <p className="admin-note">{t('admin.management.note')}</p>
    </section>
  );
}
