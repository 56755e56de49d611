import { grantAdminRole, systemClock } from '@escrow/core';
import { CliError, EXIT, type Command } from '../command.js';

export const grantAdminCommand: Command = {
  name: 'grant-admin',
  usage: 'grant-admin EMAIL',
  summary: 'give an existing account the admin role',
  help: `Usage: escrow-admin grant-admin EMAIL

Gives the account with this email the admin role (user_roles). The person must first create
an account at /auth. Running it again for an admin changes nothing.

Only the super admin runs this: whoever can run this CLI on the server can read and change
the whole database, so the admin CLI is the super admin's tool (product decisions: access).

Exit codes: 0 granted (or already an admin), 1 failed, 2 wrong usage or email, 3 no account
with this email.`,

  async run(args, env, io) {
    const positional = args.filter((a) => !a.startsWith('-'));
    const unknownOption = args.find((a) => a.startsWith('-'));
    if (unknownOption) throw new CliError(`unknown option "${unknownOption}". Usage: escrow-admin grant-admin EMAIL`, EXIT.usage);
    if (positional.length !== 1) throw new CliError('give exactly one EMAIL. Usage: escrow-admin grant-admin EMAIL', EXIT.usage);

    // The database drivers load only once the arguments are known to be right (help stays quick).
    const [{ createKyselyAccountsStore }, { openApiDatabase }] = await Promise.all([import('@escrow/db-kysely'), import('../open-database.js')]);
    const database = await openApiDatabase(env);
    try {
      const store = createKyselyAccountsStore(database.db, database.dialect);
      const result = await grantAdminRole({ store, clock: systemClock }, { email: positional[0], grantedBy: null });
      if (!result.ok) {
        if (result.error.code === 'ACCOUNT_NOT_FOUND') {
          throw new CliError(`no account with the email ${String(positional[0]).trim().toLowerCase()}. The person must first sign up at /auth.`, EXIT.notFound);
        }
        throw new CliError(result.error.message ?? result.error.code, EXIT.usage);
      }
      io.stdout(
        result.value.alreadyAdmin
          ? `${result.value.email} is already an admin; nothing changed.`
          : `Granted the admin role to ${result.value.email}. They see the admin dashboard at /admin after their next page load.`,
      );
      return EXIT.ok;
    } finally {
      await database.close();
    }
  },
};
