import { Component, lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useShellT } from '../../i18n/catalog.ts';
import { MenuIcon } from './icons.tsx';
import { fetchSessionStatus, type SessionStatus } from './session-status.ts';

const loadMobileMenu = () => import('./mobile-menu.tsx');
const MobileMenu = lazy(loadMobileMenu);

/** If the menu's code cannot be downloaded (offline), say so instead of failing silently. */
class MenuLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <MenuLoadError />;
  }
}

function MenuLoadError() {
  const t = useShellT();
  return (
    <p className="menu-load-error" role="alert">
      {t('shell.menuFailed')}
    </p>
  );
}

/** The 'Menu' button of small screens; its panel is downloaded on first use. */
export function MobileMenuButton() {
  const t = useShellT();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const [session, setSession] = useState<SessionStatus>('unknown');
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Set when a link inside moves to another page: focus then goes to that page, not back here.
  const movedToNewPage = useRef(false);

  const warmUp = () => {
    void loadMobileMenu().catch(() => undefined);
  };

  const openMenu = () => {
    movedToNewPage.current = false;
    void fetchSessionStatus().then(setSession);
    setRequested(true);
    setOpen(true);
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="menu-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerDown={warmUp}
        onFocus={warmUp}
        onClick={openMenu}
      >
        <MenuIcon />
        <span className="menu-button__label">{t('shell.menu')}</span>
      </button>
      {requested ? (
        <MenuLoadBoundary>
          <Suspense
            fallback={
              <span className="visually-hidden" role="status">
                {t('shell.menuOpening')}
              </span>
            }
          >
            <MobileMenu
              open={open}
              onOpenChange={setOpen}
              returnFocusTo={buttonRef}
              session={session}
              onNavigate={(to) => {
                movedToNewPage.current = to !== window.location.pathname + window.location.search;
                setOpen(false);
              }}
              shouldReturnFocus={() => !movedToNewPage.current}
            />
          </Suspense>
        </MenuLoadBoundary>
      ) : null}
    </>
  );
}
