/** Where a deployment of ours receives Daraja's callbacks (decisions 0042, 0044). */
export interface MpesaCallbackUrls {
  readonly stk: string;
  readonly validation: string;
  readonly confirmation: string;
  /** Transaction Status: its Result (ResultURL) and a queue timeout (QueueTimeOutURL). */
  readonly statusResult: string;
  readonly statusTimeout: string;
  /** Payouts (decision 0051): their Results and queue timeouts, and the status queries about them. */
  readonly payoutResult: string;
  readonly payoutTimeout: string;
  readonly payoutStatusResult: string;
  readonly payoutStatusTimeout: string;
}

/**
 * The callback URLs under `<base>/api/payments/callbacks/<secret>/`: the API serves these paths
 * (apps/api routes/mpesa-callback-routes.ts), and the admin CLI names them in the Transaction
 * Status queries it sends. Hex secret and plain words: Safaricom refuses URLs with M-PESA, sql,
 * exe, query and the like in them.
 */
export function mpesaCallbackUrls(baseUrl: string, secret: string): MpesaCallbackUrls {
  const base = `${baseUrl.replace(/\/+$/, '')}/api/payments/callbacks/${secret}`;
  return {
    stk: `${base}/stk`,
    validation: `${base}/c2b/validation`,
    confirmation: `${base}/c2b/confirmation`,
    statusResult: `${base}/status/result`,
    statusTimeout: `${base}/status/timeout`,
    payoutResult: `${base}/payouts/result`,
    payoutTimeout: `${base}/payouts/timeout`,
    payoutStatusResult: `${base}/payouts/status/result`,
    payoutStatusTimeout: `${base}/payouts/status/timeout`,
  };
}
