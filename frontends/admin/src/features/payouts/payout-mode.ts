import { createContext, useContext } from 'react';
import type { PayoutMode } from '../../shared/admin-types.ts';

/** How this server pays out, as the orders list says (manual until it is read: nothing is offered that may not apply). */
export const PayoutModeContext = createContext<PayoutMode>('manual');

export const usePayoutMode = (): PayoutMode => useContext(PayoutModeContext);
