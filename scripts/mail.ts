/** Operator command for the e-mail the deployment made: `npm run mail -- list|show <id>` (see MAIL_USAGE). */
import { closeDb, commandDb } from '../lib/db/client';
import { MAIL_COMMAND, runMailCommand } from '../lib/notifications/mail-command';
import { runCommand } from '../lib/platform/cli';

await runCommand({ ...MAIL_COMMAND, run: async (argv) => runMailCommand(argv, await commandDb()), close: closeDb });
