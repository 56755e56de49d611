import { userInfo } from 'node:os';
import type { Actor } from '@escrow/core';

/**
 * Who the CLI acts as: an admin whose identity is the operator at the keyboard,
 * `cli:{ESCROW_OPERATOR or the OS user}`, recorded in order_events (`admin:cli:amani`) and the
 * admin audit log like any admin. Whoever runs this CLI can already read and change the whole
 * database, so the CLI is the super admin's tool (product decisions: access).
 */
export function cliActor(env: NodeJS.ProcessEnv): Actor {
  const named = env['ESCROW_OPERATOR']?.trim();
  let operator = named;
  if (!operator) {
    try {
      operator = userInfo().username;
    } catch {
      operator = 'unknown';
    }
  }
  const clean = operator.replace(/[^A-Za-z0-9._@-]/g, '_').slice(0, 64) || 'unknown';
  return { kind: 'admin', userId: `cli:${clean}` };
}
