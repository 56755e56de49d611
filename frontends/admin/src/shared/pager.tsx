interface PagerProps {
  /** What is counted: ['order', 'orders']. */
  noun: readonly [singular: string, plural: string];
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

/** Previous / Next over a server-side list, with where the admin is in it. */
export function Pager({ noun, page, pageSize, total, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const counted = `${total.toLocaleString('en-KE')} ${total === 1 ? noun[0] : noun[1]}`;
  if (total <= pageSize && page === 1) return <p className="pager__summary">{counted}</p>;
  return (
    <nav className="pager" aria-label={`Pages of ${noun[1]}`}>
      <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <p className="pager__summary">
        Page {page} of {pages} <span className="pager__total">({counted})</span>
      </p>
      <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
