import type { ReactNode } from 'react';
import { classNames } from './class-names.ts';
import styles from './status-badge.module.css';

/**
 * A badge's colour says what kind of state it is, never the only way it is said (the text is):
 * neutral (nothing to do, or over), info (moving without anyone acting), success (done, paid),
 * warning (waiting), attention (someone must act), danger (failed, refused, cancelled).
 */
export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'attention' | 'danger';

interface StatusBadgeProps {
  tone: BadgeTone;
  children: ReactNode;
  /** A long label wraps inside a narrow column or card instead of widening it. */
  wrap?: boolean;
  /** Shows the label's first letter as a capital (labels written in lower case), the text unchanged. */
  capitalized?: boolean;
  /** A name for tests or the page's own layout; the badge's look is the kit's. */
  className?: string;
}

/** The kit's status badge (decision 0061): every tone keeps at least 4.5:1 between text and background. */
export function StatusBadge({ tone, children, wrap = false, capitalized = false, className }: StatusBadgeProps) {
  return <span className={classNames(styles.badge, styles[tone], wrap && styles.wrap, capitalized && styles.capitalized, className)}>{children}</span>;
}
