import type { ReactNode } from 'react';
import { Logo } from '@escrow/ui/components/logo';
import { Link } from '../routing/link.tsx';

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <header className="top-bar">
        <div className="container top-bar__inner">
          <Link to="/" className="logo-link" aria-label="Escrow Delivery home">
            <Logo />
          </Link>
          <nav aria-label="Account">
            <Link to="/auth" className="button button--secondary">
              Sign In
            </Link>
          </nav>
        </div>
      </header>
      <main id="main" className="container page" tabIndex={-1}>
        {children}
      </main>
      <footer className="footer">
        <div className="container">© {new Date().getFullYear()} Escrow Delivery. Nairobi, Kenya.</div>
      </footer>
    </>
  );
}
