import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@escrow/ui/styles/base.css';
import { AppChrome } from '@escrow/ui/components/app-chrome';
import BuyerOrderPage from '../features/order/buyer-order-page.tsx';

// The buyer's own lean page (decision 0053): what a buyer opening the link from WhatsApp
// downloads is React and this page, not the shell and the federation runtime. In-app
// navigation from the shell to a buyer link still loads the same page as a remote.
const orderId = decodeURIComponent(window.location.pathname.split('/').filter(Boolean).at(-1) ?? '');

const container = document.getElementById('root');
if (!container) throw new Error('page.html must contain #root');

createRoot(container).render(
  <StrictMode>
    <AppChrome showSignIn>
      <BuyerOrderPage orderId={orderId} />
    </AppChrome>
  </StrictMode>,
);
