import { Text } from '@escrow/ui/i18n/react';
import { useAdminT, type AdminText } from '../i18n/use-admin-t.ts';

/** What a list counts: orders, refund requests, sellers or contact messages. */
export type PagerNoun = 'orders' | 'refunds' | 'sellers' | 'messages';

interface PagerProps {
  noun: PagerNoun;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

/** Previous / Next over a server-side list, with where the admin is in it. */
export function Pager({ noun, page, pageSize, total, onPage }: PagerProps) {
  const t = useAdminT();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const counted = t(`admin.pager.count.${noun}`, { count: total });
  if (total <= pageSize && page === 1) return <p className="pager__summary">{counted}</p>;
  return (
    <nav className="pager" aria-label={t(`admin.pager.label.${noun}`)}>
      <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('admin.pager.previous')}
      </button>
      <p className="pager__summary">
        <Text<AdminText> id="admin.pager.page" values={{ page, pages, counted }} components={{ 0: <span className="pager__total" /> }} />
      </p>
      <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('admin.pager.next')}
      </button>
    </nav>
  );
}
