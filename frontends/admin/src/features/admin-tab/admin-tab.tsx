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

/**
 * Spec section 2: a new admin first creates an account at /auth and is then given the admin
 * role in the backend; only the super admin can add admins. Here the backend step is the admin
 * CLI on the server (apps/cli), which only whoever runs the server can use.
 */
function AdminManagementCard() {
  return (
    <section className="admin-card" aria-labelledby="admin-management-title">
      <h2 id="admin-management-title" className="admin-card__title">
        Admin Management
      </h2>
      <ol className="admin-steps">
        <li>
          The new admin first creates an account at <a href="/auth">/auth</a> with their own email address.
        </li>
        <li>
          The admin role is then given in the backend, on the server, with the admin CLI: <code className="command">escrow-admin grant-admin EMAIL</code>
        </li>
        <li>They see this dashboard at /admin the next time they open a page.</li>
      </ol>
      <p className="admin-note">Only the super admin can add admins: the role cannot be given from this screen.</p>
    </section>
  );
}
