import type { ReactNode } from 'react';
import { AboutRoute } from '../features/about/about-route.tsx';
import { AuthRoute, ResetPasswordRoute, VerifyResetCodeRoute } from '../features/auth/auth-routes.tsx';
import { ContactRoute } from '../features/contact/contact-route.tsx';
import { HowItWorksRoute } from '../features/how-it-works/how-it-works-route.tsx';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { TermsRoute } from '../features/terms/terms-route.tsx';
import { BuyerOrderRoute } from '../remotes/buyer-order-route.tsx';
import { AdminRoute } from '../remotes/admin-route.tsx';
import { RiderJobRoute, RiderJobsRoute } from '../remotes/rider-routes.tsx';
import {
  CreateOrderRoute,
  OrderDetailRoute,
  SellerDashboardRoute,
  SellerProfileRoute,
  SellerSignupRoute,
} from '../remotes/seller-routes.tsx';
import type { RoutePath } from './route-paths.ts';

interface RouteDefinition {
  /** The document title; the product name is appended by the layout. */
  title: string;
  render: (params: Record<string, string>) => ReactNode;
}

const buyerOrder: RouteDefinition = {
  title: 'Your order',
  render: (params) => <BuyerOrderRoute orderId={params['id'] ?? ''} />,
};

// A Record over RoutePath: adding a spec route without a screen fails the typecheck.
export const ROUTE_TABLE: Record<RoutePath, RouteDefinition> = {
  '/': { title: 'Sell Online with Confidence', render: () => <LandingPage /> },
  '/auth': { title: 'Sign in', render: () => <AuthRoute /> },
  '/verify-reset-code': { title: 'Verify reset code', render: () => <VerifyResetCodeRoute /> },
  '/reset-password': { title: 'Reset password', render: () => <ResetPasswordRoute /> },
  '/about': { title: 'About Us', render: () => <AboutRoute /> },
  '/terms': { title: 'Terms of Service', render: () => <TermsRoute /> },
  '/how-it-works': { title: 'How It Works', render: () => <HowItWorksRoute /> },
  '/contact': { title: 'Contact Us', render: () => <ContactRoute /> },
  '/seller/signup': { title: 'Seller signup', render: () => <SellerSignupRoute /> },
  '/seller/dashboard': { title: 'Seller dashboard', render: () => <SellerDashboardRoute /> },
  '/seller/profile': { title: 'Seller profile', render: () => <SellerProfileRoute /> },
  '/seller/create-order': { title: 'Create order', render: () => <CreateOrderRoute /> },
  '/order/:id': { title: 'Order details', render: (params) => <OrderDetailRoute orderId={params['id'] ?? ''} /> },
  '/buyer/order/:id': buyerOrder,
  '/buyer/:id': buyerOrder,
  '/rider': { title: 'Rider jobs', render: () => <RiderJobsRoute /> },
  '/rider/:orderId': { title: 'Rider job', render: (params) => <RiderJobRoute orderId={params['orderId'] ?? ''} /> },
  '/admin': { title: 'Admin dashboard', render: () => <AdminRoute /> },
};
