interface PagerProps {
  /** What is counted, plural: 'orders'. */
  noun: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

/** Previous / Next over a server-side list, with where the admin is in it. */
export function Pager({ noun, page, pageSize, total, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 1) return <p className="pager__summary">{`${total} ${noun}`}</p>;
  return (
    <nav className="pager" aria-label={`Pages of ${noun}`}>
      <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <p className="pager__summary">
        Page {page} of {pages} <span className="pager__total">({total} {noun})</span>
      </p>
      <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
