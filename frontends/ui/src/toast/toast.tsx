import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { Toast } from 'radix-ui';
import './toast.css';

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastOptions {
  readonly title: string;
  readonly description?: string;
  readonly tone?: ToastTone;
  /** How long it stays, in milliseconds (paused while hovered or focused). Default 5 s. */
  readonly durationMs?: number;
}

interface ShownToast extends ToastOptions {
  readonly id: number;
}

type ShowToast = (toast: ToastOptions) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** At most this many at once: a burst of live updates must not cover the page. */
const MAX_VISIBLE = 3;
const DEFAULT_DURATION_MS = 5_000;

/**
 * Short notifications on Radix Toast: announced to screen readers (errors at once, the rest
 * politely), dismissible with a 44px close button, swipe or Escape, and paused while hovered
 * or focused. Wrap a page in it and call `useToast()` inside.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<readonly ShownToast[]>([]);
  const nextId = useRef(0);
  const show = useCallback<ShowToast>((toast) => {
    nextId.current += 1;
    const id = nextId.current;
    setToasts((current) => [...current, { ...toast, id }].slice(-MAX_VISIBLE));
  }, []);
  const remove = (id: number) => setToasts((current) => current.filter((toast) => toast.id !== id));
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      <Toast.Provider swipeDirection="right" label="Notification">
        {children}
        {toasts.map((toast) => (
          <Toast.Root
            key={toast.id}
            className={`toast toast--${toast.tone ?? 'info'}`}
            type={toast.tone === 'error' ? 'foreground' : 'background'}
            duration={toast.durationMs ?? DEFAULT_DURATION_MS}
            onOpenChange={(open) => {
              if (!open) remove(toast.id);
            }}
          >
            <div className="toast__text">
              <Toast.Title className="toast__title">{toast.title}</Toast.Title>
              {toast.description ? <Toast.Description className="toast__description">{toast.description}</Toast.Description> : null}
            </div>
            <Toast.Close className="toast__close" aria-label="Dismiss notification">
              <span aria-hidden="true">×</span>
            </Toast.Close>
          </Toast.Root>
        ))}
        <Toast.Viewport className="toast-viewport" />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

/** Shows a toast; only inside a `ToastProvider`. */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside a ToastProvider');
  return show;
}
