import { lazy, type ComponentType } from 'react';
import { RemoteRoute } from '../../remotes/remote-route.tsx';

/**
 * A public page downloaded when it is first visited, so the landing page's first load
 * carries only the landing page. While it downloads a loading state shows; if it cannot be
 * downloaded, the same friendly message and retry as a role remote.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Page = lazy(load);
  return function LazyPublicPage() {
    return (
      <RemoteRoute>
        <Page />
      </RemoteRoute>
    );
  };
}
