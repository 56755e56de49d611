// Types of connection-loss.mjs, for the API test that runs the campaign on the TypeScript sources.
export const UNAVAILABLE_MESSAGE: string;
export const REQUEST_BOUND_MS: number;

export interface ConnectionLossReport {
  readonly workers: number;
  readonly rounds: number;
  /** Backends of the API terminated with pg_terminate_backend, over all rounds. */
  readonly terminated: number;
  readonly outageMs: number;
  /** After the outage: first health 200 and first committed write, in ms after the database came back (null: never). */
  readonly healthyAfterMs: number | null;
  readonly writesAfterMs: number | null;
  /** Health answers by phase ('terminations', 'outage', 'recovery', 'after') and status. */
  readonly healthByPhase: Record<string, Record<string, number>>;
  /** Why a lifecycle on the quiet API afterwards failed; null when it answered normally. */
  readonly afterFailure: string | null;
  readonly replayed: number;
  readonly changedAnswers: number;
  readonly processExits: number;
  readonly unexpectedExit: { code: number | null; signal: string | null } | null;
  readonly requests: number;
  /** Answers by status ('200', '503', ...) or failure ('hung', 'ECONNRESET', ...). */
  readonly statuses: Record<string, number>;
  readonly hung: number;
  readonly resets: number;
  /** 5xx other than 503, and 503s without the message or Retry-After. */
  readonly serverErrors: string[];
  readonly maxMs: number;
  readonly lifecycles: number;
  readonly abandoned: number;
  readonly unexpected: string[];
  readonly duplicates: number;
  readonly orders: number;
  readonly ledger: string;
  readonly ledgerOutput: string;
  readonly stderrTail: string;
}

export function runConnectionLoss(options?: {
  workers?: number;
  rounds?: number;
  outageMs?: number;
  /** Run the API and the CLI from their TypeScript sources (tsx) instead of dist/. */
  source?: boolean;
  log?: (line: string) => void;
  lifecycles?: number;
  readers?: number;
}): Promise<ConnectionLossReport>;

export interface FaultRow {
  campaign: string;
  database: string;
  rounds: number;
  requests: number;
  duplicates: number;
  changedAnswers: number;
  processExits: number;
  hung: number;
  resets: number;
  ledger: string;
  notes: string;
}

export function campaign(options: { database: 'sqlite' | 'postgres'; log?: (line: string) => void }): Promise<FaultRow[]>;
