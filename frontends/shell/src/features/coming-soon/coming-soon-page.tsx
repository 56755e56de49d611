import { MessageState } from '@escrow/ui/components/message-state';
import { Link } from '../../routing/link.tsx';

interface ComingSoonPageProps {
  title: string;
}

/** Stands in for a spec route whose screen is not built yet, so it is never blank. */
export function ComingSoonPage({ title }: ComingSoonPageProps) {
  return (
    <MessageState
      title={title}
      actions={
        <Link to="/" className="button button--secondary">
          Return to Home
        </Link>
      }
    >
      <p>This page is coming soon.</p>
    </MessageState>
  );
}
