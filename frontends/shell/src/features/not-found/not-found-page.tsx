import { MessageState } from '@escrow/ui/components/message-state';
import { useShellT } from '../../i18n/catalog.ts';
import { Link } from '../../routing/link.tsx';

/** Shown for any path outside the spec's route table (the server answers it with 404). */
export function NotFoundPage() {
  const t = useShellT();
  return (
    <div className="container">
      <MessageState
        title={t('shell.notFound.title')}
        actions={
          <>
            <Link to="/" className="button">
              {t('shell.returnHome')}
            </Link>
            <Link to="/contact" className="button button--secondary">
              {t('shell.contactUs')}
            </Link>
          </>
        }
      >
        <p>{t('shell.notFound.body')}</p>
      </MessageState>
    </div>
  );
}
