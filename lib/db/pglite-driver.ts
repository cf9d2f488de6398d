import { type PGlite, parse, protocol } from '@electric-sql/pglite';
import { type DriverRun, preparedStatementsEnabled, statementName } from './direct';

type Statement = { paramTypes: number[] };

/** SQLSTATE of a Bind to a statement name the session does not hold. */
const INVALID_STATEMENT_NAME = '26000';

/**
 * The driver under Prisma for an embedded PGlite. Unnamed statements go through `query()`, which
 * sends each one as parse, describe, bind, describe, execute and sync: PGlite parses, analyses
 * and plans it every time, in WebAssembly. `prepared` statements are parsed once per PGlite as
 * named statements (the same names and limit as on a pg pool, `statementName`), and from then on
 * cost one call into PGlite: bind, describe, execute, sync. That is 2 to 3 times less CPU for a
 * key lookup or a one-row write (bench/README.md, session 7).
 *
 * Both paths hold the same two locks `query()` holds, in the same order: none runs inside a
 * transaction another caller has open (Prisma's interactive transactions run under PGlite's
 * transaction lock), and none interleaves its messages with another statement's.
 */
export function pgliteDriver(pglite: PGlite, prepare = preparedStatementsEnabled()): DriverRun {
  /** Statements parsed on this PGlite, by text; only ever touched under its query lock. */
  const parsed = new Map<string, Statement>();

  const execute = async (text: string, values: unknown[], name: string): Promise<unknown[]> => {
    await pglite._checkReady();
    return pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        // Built only when the statement has to be parsed: a first run, or one the session lost.
        const parseMessage = () => protocol.serialize.parse({ name, text });
        let statement = parsed.get(text);
        if (!statement) {
          const described = await pglite.execProtocolStream(
            Buffer.concat([parseMessage(), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]),
          );
          statement = { paramTypes: parse.parseDescribeStatementResults(described) };
          parsed.set(text, statement);
        }
        const bound = values.map((value, i) => serialize(pglite, value, statement.paramTypes[i]));
        const execution = Buffer.concat([
          protocol.serialize.bind({ statement: name, values: bound }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]);
        let messages;
        try {
          messages = await pglite.execProtocolStream(execution);
        } catch (err) {
          // The statement is gone (a DEALLOCATE or DISCARD from a client on the socket, lib/db/pglite-serve.mjs):
          // parse it again, once.
          if ((err as { code?: unknown }).code !== INVALID_STATEMENT_NAME) throw err;
          await pglite.execProtocolStream(Buffer.concat([parseMessage(), protocol.serialize.sync()]));
          messages = await pglite.execProtocolStream(execution);
        }
        // As query() does after a statement outside a transaction: a file system that buffers writes flushes them.
        await pglite.syncToFs();
        return parse.parseResults(messages, pglite.parsers)[0]?.rows ?? [];
      }),
    );
  };

  return async (text, values, prepared) => {
    const name = prepared && prepare ? statementName(text) : undefined;
    if (!name) return (await pglite.query(text, values)).rows;
    return execute(text, values, name);
  };
}

/** A parameter as query() sends it: through PGlite's serializer for its type, else as text; null stays null. */
function serialize(pglite: PGlite, value: unknown, type: number | undefined): string | null {
  if (value === null || value === undefined) return null;
  const serializer = type === undefined ? undefined : pglite.serializers[type];
  return serializer ? serializer(value) : String(value);
}
