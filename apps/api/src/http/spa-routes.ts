/**
 * The spec's routes (section 2) as the server sees them: a GET for one of these answers
 * index.html with 200, any other page path answers index.html with 404 so the shell shows
 * its 404 page. This list mirrors frontends/shell/src/routing/route-paths.ts; the API can
 * not import a frontend, so test/spa-routes.test.ts fails when the two drift apart.
 */
export const SPA_ROUTE_PATTERNS = [
  '/',
  '/auth',
  '/verify-reset-code',
  '/reset-password',
  '/about',
  '/terms',
  '/how-it-works',
  '/contact',
  '/seller/signup',
  '/seller/dashboard',
  '/seller/profile',
  '/seller/create-order',
  '/order/:id',
  '/buyer/order/:id',
  '/buyer/:id',
  '/rider',
  '/rider/:orderId',
  '/admin',
] as const;

export type SpaRoutePattern = (typeof SPA_ROUTE_PATTERNS)[number];

// '/about/' and '/about' are the same page, as in the shell's router.
export const pathSegments = (path: string): string[] => path.split('/').filter((segment) => segment !== '');

const compiled = SPA_ROUTE_PATTERNS.map((pattern) => ({ pattern, segments: pathSegments(pattern) }));

/** The spec route pattern ('/buyer/order/:id') a decoded pathname belongs to, if any. */
export function spaRouteOf(pathname: string): SpaRoutePattern | undefined {
  const actual = pathSegments(pathname);
  return compiled.find(({ segments }) => segments.length === actual.length && segments.every((part, index) => part.startsWith(':') || part === actual[index]))?.pattern;
}

/**
 * Routes answered with a lean page of their own instead of the shell's index.html: a buyer or
 * rider opening a link gets React and the role's page, not the shell (decision 0053); a visitor
 * of / gets the landing page and its frame (decision 0055). Paths are inside the built shell
 * (scripts/build-frontends.mjs); without them, index.html serves.
 */
export const LEAN_PAGE_DOCUMENTS: Readonly<Partial<Record<SpaRoutePattern, string>>> = {
  '/': 'pages/landing/page.html',
  '/buyer/order/:id': 'pages/buyer/page.html',
  '/buyer/:id': 'pages/buyer/page.html',
  '/rider': 'pages/rider/page.html',
  '/rider/:orderId': 'pages/rider/page.html',
};
