import { AppChrome } from '@escrow/ui/components/app-chrome';
import BuyerOrderPage from '../features/order/buyer-order-page.tsx';
import { recordBuyerLanguage } from './record-language.ts';

/** The order id of /buyer/order/{id} and /buyer/{id}. */
export const orderIdOf = (pathname: string): string => decodeURIComponent(pathname.split('/').filter(Boolean).at(-1) ?? '');

/** The buyer's lean page, as the browser renders it and the server renders it (decision 0059). */
export function BuyerPage({ orderId }: { orderId: string }) {
  return (
    <AppChrome showSignIn onLanguageChoose={(locale) => recordBuyerLanguage(orderId, locale)}>
      <BuyerOrderPage orderId={orderId} />
    </AppChrome>
  );
}
