/**
 * Who is asking. Identities are resolved by the app (session, role, link secrets) and
 * checked against the order by `authorize` (orders/access.ts).
 */
export type Actor =
  | { readonly kind: 'seller'; readonly sellerId: string }
  | { readonly kind: 'admin'; readonly userId: string }
  /**
   * `key` is the per-assignment secret from the rider link; absent when browsing jobs.
   * `phoneProven`: the app checked this browser's proof that it holds the phone (a code sent
   * to it by SMS, resolveRiderPhoneProof); browsing and taking jobs by phone need it.
   */
  | { readonly kind: 'rider'; readonly phone: string; readonly key?: string; readonly phoneProven?: true }
  /** The buyer with the delivery code (typed, from the payment SMS, or an old link that carried it). */
  | { readonly kind: 'buyer'; readonly deliveryCode: string }
  /**
   * The buyer link the seller shares: its view key shows the order and the payment action,
   * never the code; `payerToken` (the payer's browser cookie) makes it the payer's, with the code.
   */
  | { readonly kind: 'buyer'; readonly viewKey: string; readonly payerToken?: string }
  | { readonly kind: 'system' };

export type ActorKind = Actor['kind'];


const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200;

/**
 * An actor as a caller passed it, checked: the apps build actors from sessions and links, but
 * the core is embeddable and must not trust its callers' shapes either.
 */
export function parseActor(value: unknown): Actor | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  switch (v['kind']) {
    case 'seller':
      return isText(v['sellerId']) ? { kind: 'seller', sellerId: v['sellerId'] } : null;
    case 'admin':
      return isText(v['userId']) ? { kind: 'admin', userId: v['userId'] } : null;
    case 'buyer':
      if (typeof v['deliveryCode'] === 'string') return { kind: 'buyer', deliveryCode: v['deliveryCode'] };
      if (typeof v['viewKey'] !== 'string') return null;
      if (v['payerToken'] === undefined) return { kind: 'buyer', viewKey: v['viewKey'] };
      return typeof v['payerToken'] === 'string' ? { kind: 'buyer', viewKey: v['viewKey'], payerToken: v['payerToken'] } : null;
    case 'rider': {
      if (!isText(v['phone'])) return null;
      if (v['phoneProven'] !== undefined && v['phoneProven'] !== true) return null;
      const proven = v['phoneProven'] === true ? ({ phoneProven: true } as const) : {};
      if (v['key'] === undefined) return { kind: 'rider', phone: v['phone'], ...proven };
      return typeof v['key'] === 'string' ? { kind: 'rider', phone: v['phone'], key: v['key'], ...proven } : null;
    }
    case 'system':
      return { kind: 'system' };
    default:
      return null;
  }
}
