import '@escrow/ui/styles/base.css';
import { startPage } from '@escrow/ui/page/start-page';
import { RiderPage } from './rider-page.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('page.html must contain #root');

void startPage(container, <RiderPage />);
