/** What the shell gives the admin page: its navigation (the remote never imports the shell). */
export interface AdminPageProps {
  navigate(to: string, options?: { replace?: boolean }): void;
}

export type Navigate = AdminPageProps['navigate'];
