import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@escrow/ui/styles/base.css';
import { EscrowQueryProvider } from '@escrow/api-client/query-client';
import { App } from './app/app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

createRoot(container).render(
  <StrictMode>
    <EscrowQueryProvider>
      <App />
    </EscrowQueryProvider>
  </StrictMode>,
);
