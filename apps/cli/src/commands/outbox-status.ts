import { nairobiDateTime, readOutboxStatus, type OutboxMessage } from '@escrow/core';
import { cliArgs } from '../cli-args.js';
import { CliError, EXIT, type Command } from '../command.js';

const USAGE = 'escrow-admin outbox status [--json] [--limit N]';

const cell = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width));
const field = (message: OutboxMessage, name: string): string => {
  const value = message.payload[name];
  return typeof value === 'string' ? value : '';
};

export const outboxStatusCommand: Command = {
  name: 'outbox status',
  usage: 'outbox status [--json] [--limit N]',
  summary: 'notifications waiting to be sent, and those given up on',
  help: `Usage: ${USAGE}

The outbox holds every notification (email, SMS) written with the change that caused it; the
API's dispatchers send them after commit, retrying failures with backoff. This prints:
  - the backlog: messages due now and not yet taken by a dispatcher, and since when the
    longest-due one has waited;
  - waiting: messages to be retried later, or being sent (held by a dispatcher);
  - given up: messages the dispatcher stopped trying (refused for good by the mail server, or
    failed 10 times), newest first, with the address and the last error. They stay in the
    outbox; nothing sends them again by itself;
  - delivered: how many went out.

Options:
  --json     one JSON document instead of the text
  --limit N  list at most N given-up messages (default 50)

Exit codes: 0 printed, 1 failed (e.g. the database cannot be reached), 2 wrong usage.`,

  async run(args, env, io) {
    const { values } = cliArgs(args, { json: { type: 'boolean' }, limit: { type: 'string' } }, USAGE, { min: 0, max: 0 });
    const limit = values.limit === undefined ? 50 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 0 || limit > 10_000) throw new CliError(`--limit must be a whole number from 0 to 10000. Usage: ${USAGE}`, EXIT.usage);
    // The database drivers load only once the arguments are known to be right (help stays quick).
    const { withAdminContext } = await import('../admin-context.js');
    return withAdminContext(env, async (ctx) => {
      const status = await readOutboxStatus(ctx.escrow, { givenUpLimit: limit });
      if (values.json) {
        io.stdout(
          JSON.stringify(
            {
              due: status.due,
              waiting: status.waiting,
              givenUp: status.givenUp,
              delivered: status.delivered,
              oldestDueAt: status.oldestDueAt?.toISOString() ?? null,
              givenUpMessages: status.givenUpMessages.map((m) => ({ id: m.id, channel: field(m, 'channel'), to: field(m, 'to'), subject: field(m, 'subject'), createdAt: m.createdAt.toISOString(), givenUpAt: m.givenUpAt?.toISOString() ?? null, attempts: m.attempts, lastError: m.lastError })),
            },
            null,
            2,
          ),
        );
        return EXIT.ok;
      }
      const waited = status.oldestDueAt ? `, the longest due since ${nairobiDateTime(status.oldestDueAt)} (EAT)` : '';
      io.stdout(`Backlog: ${status.due} due now${waited}.`);
      io.stdout(`Waiting: ${status.waiting} (to be retried later, or being sent).`);
      io.stdout(`Delivered: ${status.delivered}.`);
      io.stdout(`Given up: ${status.givenUp}.`);
      if (status.givenUpMessages.length > 0) {
        io.stdout('');
        io.stdout(`${cell('GIVEN UP (EAT)', 16)} ${cell('TO', 30)} ${cell('SUBJECT', 28)} ${'TRIES'.padStart(5)}  LAST ERROR`);
        for (const m of status.givenUpMessages) {
          io.stdout(`${cell(m.givenUpAt ? nairobiDateTime(m.givenUpAt).slice(0, 16) : '-', 16)} ${cell(field(m, 'to'), 30)} ${cell(field(m, 'subject'), 28)} ${String(m.attempts).padStart(5)}  ${m.lastError ?? ''}`);
        }
        if (status.givenUp > status.givenUpMessages.length) io.stdout(`(${status.givenUp - status.givenUpMessages.length} more; --limit N lists more)`);
      }
      return EXIT.ok;
    });
  },
};
