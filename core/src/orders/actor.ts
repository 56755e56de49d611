/**
 * Who is asking. Identities are resolved by the app (session, role, link secrets) and
 * checked against the order by `authorize` (orders/access.ts).
 */
export type Actor =
  | { readonly kind: 'seller'; readonly sellerId: string }
  | { readonly kind: 'admin'; readonly userId: string }
  /** `key` is the per-assignment secret from the rider link; absent when browsing jobs. */
  | { readonly kind: 'rider'; readonly phone: string; readonly key?: string }
  | { readonly kind: 'buyer'; readonly deliveryCode: string }
  | { readonly kind: 'system' };

export type ActorKind = Actor['kind'];

