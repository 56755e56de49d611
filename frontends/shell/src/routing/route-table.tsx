import type { ReactNode } from 'react';
import { ComingSoonPage } from '../features/coming-soon/coming-soon-page.tsx';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { BuyerOrderRoute } from '../remotes/buyer-order-route.tsx';
import type { RoutePath } from './route-paths.ts';

interface RouteDefinition {
  /** The document title; the product name is appended by the layout. */
  title: string;
  render: (params: Record<string, string>) => ReactNode;
}

const comingSoon = (title: string): RouteDefinition => ({ title, render: () => <ComingSoonPage title={title} /> });

const buyerOrder: RouteDefinition = {
  title: 'Your order',
  render: (params) => <BuyerOrderRoute orderId={params['id'] ?? ''} />,
};

// A Record over RoutePath: adding a spec route without a screen fails the typecheck.
export const ROUTE_TABLE: Record<RoutePath, RouteDefinition> = {
  '/': { title: 'Sell Online with Confidence', render: () => <LandingPage /> },
  '/auth': comingSoon('Sign in'),
  '/verify-reset-code': comingSoon('Verify reset code'),
  '/reset-password': comingSoon('Reset password'),
  '/about': comingSoon('About us'),
  '/terms': comingSoon('Terms of service'),
  '/how-it-works': comingSoon('How it works'),
  '/contact': comingSoon('Contact us'),
  '/seller/signup': comingSoon('Seller signup'),
  '/seller/dashboard': comingSoon('Seller dashboard'),
  '/seller/profile': comingSoon('Seller profile'),
  '/seller/create-order': comingSoon('Create order'),
  '/order/:id': comingSoon('Order details'),
  '/buyer/order/:id': buyerOrder,
  '/buyer/:id': buyerOrder,
  '/rider': comingSoon('Rider jobs'),
  '/rider/:orderId': comingSoon('Rider job'),
  '/admin': comingSoon('Admin dashboard'),
};
