/**
 * What the buyer page reads of an order for now. The endpoint and its full contract come
 * with the buyer API (a zod schema in @escrow/api-client); until then only the fields below
 * are read, defensively.
 */
export interface BuyerOrderSummary {
  id: string;
  itemName: string | null;
  status: string | null;
}

export type BuyerOrderResult =
  | { kind: 'loaded'; order: BuyerOrderSummary }
  /** A wrong code answers exactly like a missing order, on purpose (no existence leak). */
  | { kind: 'not-found' }
  | { kind: 'failed' };

function readString(source: Record<string, unknown>, key: string): string | null {
  const value = source[key];
  return typeof value === 'string' ? value : null;
}

function toSummary(orderId: string, body: unknown): BuyerOrderSummary | null {
  if (typeof body !== 'object' || body === null) return null;
  const data = (body as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return null;
  const fields = data as Record<string, unknown>;
  return { id: readString(fields, 'id') ?? orderId, itemName: readString(fields, 'itemName'), status: readString(fields, 'status') };
}

export async function fetchBuyerOrder(orderId: string, deliveryCode: string, signal: AbortSignal): Promise<BuyerOrderResult> {
  const response = await fetch(`/api/buyer/orders/${encodeURIComponent(orderId)}`, {
    headers: { Accept: 'application/json', 'X-Delivery-Code': deliveryCode },
    signal,
  });
  if (response.status === 404) return { kind: 'not-found' };
  if (!response.ok) return { kind: 'failed' };
  const order = toSummary(orderId, await response.json());
  return order ? { kind: 'loaded', order } : { kind: 'failed' };
}
