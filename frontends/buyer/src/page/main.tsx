import '@escrow/ui/styles/base.css';
import { startPage } from '@escrow/ui/page/start-page';
import { BuyerPage, orderIdOf } from './buyer-page.tsx';

// The buyer's own lean page (decision 0053): what a buyer opening the link from WhatsApp
// downloads is React and this page, not the shell and the federation runtime. In-app
// navigation from the shell to a buyer link still loads the same page as a remote. A link
// with its code comes rendered by the server with the order (decision 0059) and is hydrated.
const container = document.getElementById('root');
if (!container) throw new Error('page.html must contain #root');

void startPage(container, <BuyerPage orderId={orderIdOf(window.location.pathname)} />);
