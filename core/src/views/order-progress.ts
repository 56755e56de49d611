import type { OrderStatus } from '../orders/order-status.js';
import { BUYER_STATUS_LABELS, completedSteps, PROGRESS_PERCENT, PROGRESS_STEPS } from '../orders/progress.js';

/** The status as every screen shows it: raw status, the buyer's label and the four steps. */
export interface ProgressView {
  readonly status: OrderStatus;
  readonly statusLabel: string;
  readonly progressPercent: number;
  readonly steps: readonly { readonly label: string; readonly done: boolean }[];
}

export function progressView(status: OrderStatus): ProgressView {
  const done = completedSteps(status);
  return {
    status,
    statusLabel: BUYER_STATUS_LABELS[status],
    progressPercent: PROGRESS_PERCENT[status],
    steps: PROGRESS_STEPS.map((label, index) => ({ label, done: index < done })),
  };
}

export const isoOrNull = (date: Date | null): string | null => (date ? date.toISOString() : null);
