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

// '/about/' and '/about' are the same page, as in the shell's router.
const segmentsOf = (path: string): string[] => path.split('/').filter((segment) => segment !== '');

const compiled = SPA_ROUTE_PATTERNS.map(segmentsOf);

/** True when a (decoded) pathname is one of the spec's pages. */
export function isSpaRoute(pathname: string): boolean {
  const actual = segmentsOf(pathname);
  return compiled.some(
    (expected) =>
      expected.length === actual.length &&
      expected.every((part, index) => (part.startsWith(':') ? true : part === actual[index])),
  );
}
