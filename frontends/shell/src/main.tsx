import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@escrow/ui/styles/base.css';
import { EscrowQueryProvider } from '@escrow/api-client/query-client';
import { activateLocale, currentLocale, startingLocale } from '@escrow/ui/i18n/i18n';
import { I18nRoot } from '@escrow/ui/i18n/react';
import { App } from './app/app.tsx';
import './i18n/catalog.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

// The site starts in the device's choice, else the browser's languages (Swahili where it asks
// for it first), its Swahili texts fetched before the first render so nothing switches on screen.
async function start(root: HTMLElement): Promise<void> {
  const locale = startingLocale();
  await activateLocale(locale).catch((error: unknown) => {
    console.warn('Loading the texts failed; the site shows in English', locale, error);
    return activateLocale('en');
  });
  document.documentElement.lang = currentLocale();
  createRoot(root).render(
    <StrictMode>
      <I18nRoot>
        <EscrowQueryProvider>
          <App />
        </EscrowQueryProvider>
      </I18nRoot>
    </StrictMode>,
  );
}

void start(container);
