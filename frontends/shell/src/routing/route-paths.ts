/**
 * Every route of the spec (section 2), most specific first. The API answers these with
 * index.html and status 200, anything else with status 404, so apps/api keeps its own copy
 * and a test there fails when the two drift apart. Pure data: no React, no DOM.
 */
export const ROUTE_PATHS = [
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

export type RoutePath = (typeof ROUTE_PATHS)[number];
