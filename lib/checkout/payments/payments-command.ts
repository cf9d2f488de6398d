import 'server-only';
import { createServiceContext } from '../../core/context';
import { isServiceError } from '../../core/errors';
import type { StoreDirectory } from '../../core/stores';
import type { Db } from '../../db/client';
import { CommandError, type CommandSpec, UsageError, parseCommandLine } from '../../platform/cli';
import { gatewayProviders, type GatewayProvider } from './gateway';
import { listPaymentAccounts, removePaymentAccount, saveStripeAccount, testPaymentAccount } from './settings';

export const PAYMENTS_USAGE = `Usage: npm run payments -- <verb> <store slug> [options]
  list <store>                                 the store's provider accounts (secrets as their last 4 characters)
  set-stripe <store> --mode test|live          save the store's Stripe keys for the mode, sealed as Settings -> Payments
                                               does; the keys are read as JSON from standard input, never from the
                                               command line: {"publishableKey":"pk_…","secretKey":"sk_…","webhookSecret":"whsec_…"}
  test <store> --provider stripe --mode test|live
                                               "test connection": a read with the stored keys
  remove <store> --provider stripe --mode test|live`;

/** What `npm run payments` takes (for parseCommandLine, and scripts/payments.ts's runCommand). */
export const PAYMENTS_COMMAND = {
  usage: PAYMENTS_USAGE,
  options: { mode: { type: 'string' }, provider: { type: 'string' } },
} as const satisfies CommandSpec;

const operatorContext = (db: Db) => createServiceContext({ db, requestId: `cli_${crypto.randomUUID()}`, clientAddress: 'cli', actor: { kind: 'operator' } });

function modeOption(mode: string | undefined): 'test' | 'live' {
  if (mode !== 'test' && mode !== 'live') throw new UsageError(`--mode test or --mode live\n\n${PAYMENTS_USAGE}`);
  return mode;
}
function providerOption(provider: string | undefined): GatewayProvider {
  if (!(gatewayProviders as readonly string[]).includes(provider ?? '')) throw new UsageError(`--provider ${gatewayProviders.join('|')}\n\n${PAYMENTS_USAGE}`);
  return provider as GatewayProvider;
}

/**
 * Runs one `npm run payments` command (the operator's Settings -> Payments, for a store set up
 * from a script, such as the browser journeys' lane) and returns what to print. `readInput` gives
 * standard input, where set-stripe reads its keys.
 */
export async function runPaymentsCommand(argv: readonly string[], db: Db, stores: StoreDirectory, readInput: () => Promise<string>): Promise<string> {
  const { command, args, values } = parseCommandLine(argv, PAYMENTS_COMMAND);
  if (!command) throw new UsageError(PAYMENTS_USAGE);
  const slug = args[0];
  if (!slug) throw new UsageError(`${command} needs a store slug\n\n${PAYMENTS_USAGE}`);
  const [store] = await stores.bySlugs(db, [slug]);
  if (!store) throw new CommandError(`No store ${slug}.`);
  const ctx = operatorContext(db);
  const describe = async () =>
    (await listPaymentAccounts(ctx, store.id)).map((a) => `${a.provider} ${a.mode}  ${a.publicId}  secret …${a.secretLast4}  signing secret …${a.verifierLast4}  ${a.verifiedAt ? `verified ${a.verifiedAt}` : 'not verified'}  notifications: ${a.notificationUrl}`).join('\n') ||
    `${store.slug} has no payment provider account`;
  if (command === 'list') return describe();
  if (command === 'set-stripe') {
    const mode = modeOption(values.mode);
    let keys: Record<string, unknown>;
    try {
      keys = JSON.parse(await readInput()) as Record<string, unknown>;
    } catch {
      throw new CommandError('set-stripe reads {"publishableKey":…,"secretKey":…,"webhookSecret":…} as JSON from standard input.');
    }
    const text = (k: string) => (typeof keys[k] === 'string' ? (keys[k] as string).trim() : '');
    try {
      await saveStripeAccount(ctx, store.id, { mode, publishableKey: text('publishableKey'), secretKey: text('secretKey'), webhookSecret: text('webhookSecret') });
    } catch (err) {
      if (isServiceError(err) && err.code === 'validation_failed') throw new CommandError((err.issues ?? []).map((i) => `${i.path}: ${i.message}`).join('\n'));
      throw err;
    }
    return `saved stripe ${mode} for ${store.slug}\n${await describe()}`;
  }
  if (command === 'test') {
    const r = await testPaymentAccount(ctx, store.id, providerOption(values.provider), modeOption(values.mode));
    if (!r.ok) throw new CommandError(`${r.reason}: ${r.message}`, 1);
    return 'connection ok';
  }
  if (command === 'remove') {
    const provider = providerOption(values.provider);
    const mode = modeOption(values.mode);
    return (await removePaymentAccount(ctx, store.id, provider, mode)) ? `removed ${provider} ${mode} from ${store.slug}` : `${store.slug} had no ${provider} ${mode} account`;
  }
  throw new UsageError(PAYMENTS_USAGE);
}
