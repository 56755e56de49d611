import type { AdminEndpoints } from './admin.ts';
import type { BuyerEndpoints } from './buyer.ts';
import type { RiderEndpoints } from './rider.ts';
import type { SellerEndpoints } from './seller.ts';
import type { SessionEndpoints } from './session.ts';

/** Every route a frontend calls, as `METHOD /path/:param`, and its answer's data as the browser reads it. */
export interface Endpoints extends AdminEndpoints, SellerEndpoints, BuyerEndpoints, RiderEndpoints, SessionEndpoints {}

export type Endpoint = keyof Endpoints;
