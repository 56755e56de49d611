import { MessageState } from '@escrow/ui/components/message-state';
import { Link } from '../../routing/link.tsx';

/** Shown for any path outside the spec's route table (the server answers it with 404). */
export function NotFoundPage() {
  return (
    <div className="container">
      <MessageState
        title="Page not found"
        actions={
          <>
            <Link to="/" className="button">
              Return to Home
            </Link>
            <Link to="/contact" className="button button--secondary">
              Contact Us
            </Link>
          </>
        }
      >
        <p>The link may be mistyped, or the page may have moved.</p>
      </MessageState>
    </div>
  );
}
