/** What the shell gives every seller page: its navigation (the remote never imports the shell). */
export interface SellerPageProps {
  navigate(to: string, options?: { replace?: boolean }): void;
}
