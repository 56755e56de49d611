import { describe, expect, it } from 'vitest';
import { matchRoute } from '@escrow/frontend-shell/routing/match-route';
import { ROUTE_PATHS } from '@escrow/frontend-shell/routing/route-paths';
import { spaRouteOf, SPA_ROUTE_PATTERNS } from '../src/http/spa-routes.js';

// The server decides 200 or 404 for a page; the shell decides what to render. They must agree.
describe('SPA routes', () => {
  it('lists exactly the routes the shell renders', () => {
    expect([...SPA_ROUTE_PATTERNS]).toEqual([...ROUTE_PATHS]);
  });

  it.each([
    '/',
    '/about',
    '/about/',
    '/seller/create-order',
    '/order/abc',
    '/buyer/order/abc',
    '/buyer/abc',
    '/rider',
    '/rider/o-1',
    '/no-such-page',
    '/seller',
    '/seller/signup/extra',
    '/buyer/order/abc/def',
    '/admin/users',
    '//',
  ])('agrees with the shell on %s', (path) => {
    expect(spaRouteOf(path) !== undefined).toBe(matchRoute(path, ROUTE_PATHS) !== undefined);
  });
});
