/**
 * The one way operator commands (`npm run keys`, `oauth`, `merchant-users`, `webhooks`, `orders`, `payments`,
 * `checkout:origins`, `decoration:*`) read their arguments and end: Node's util.parseArgs under the
 * same rules for each, the same `--help`, the same messages for a mistaken option, and the same exit
 * codes (0 done, 1 failed, 2 a usage mistake or a refused step), with the configuration checked
 * before anything runs.
 */
import { parseArgs } from 'node:util';
import { exitOnInvalidConfig } from './config';

type OptionSpec = { type: 'string' | 'boolean'; multiple?: boolean; default?: string | boolean | string[] | boolean[] };
export type CommandOptions = Record<string, OptionSpec>;

/** What an operator command refuses: printed without a stack trace, ending with `exitCode`. */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = 'CommandError';
  }
}

/** A mistake in the command line (exit code 2). */
export class UsageError extends CommandError {
  constructor(message: string) {
    super(message, 2);
    this.name = 'UsageError';
  }
}

type Values<O extends CommandOptions> = ReturnType<typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>>['values'];

/** What a command takes: declared once in its module, read by parseCommandLine and runCommand. */
export type CommandSpec = { usage: string; options?: CommandOptions };

/** A parsed command line: the command (the first positional), its other positionals, the options. */
export type CommandLine<O extends CommandOptions> = { command: string | undefined; args: string[]; values: Values<O> };

/**
 * `<command> [arguments] [--options]`. An option the command does not take, a string option
 * without its value (last, or followed by another option: `--merchant=-x` passes one starting with
 * a dash) and a value given to a switch (`--json=yes`) are UsageErrors naming the option, followed
 * by the usage. `--` ends the options.
 */
export function parseCommandLine<const O extends CommandOptions = Record<never, OptionSpec>>(argv: readonly string[], spec: { usage: string; options?: O }): CommandLine<O> {
  const options: CommandOptions = spec.options ?? {};
  const { values, positionals, tokens } = parseArgs({ args: [...argv], options, allowPositionals: true, strict: false, tokens: true });
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const option = options[token.name];
    let problem: string | null = null;
    if (!option) problem = `unknown option ${token.rawName}`;
    else if (option.type === 'string' && (token.value === undefined || (!token.inlineValue && token.value.startsWith('-')))) problem = `${token.rawName} needs a value`;
    else if (option.type === 'boolean' && token.value !== undefined) problem = `${token.rawName} takes no value`;
    if (problem) throw new UsageError(`${problem}\n\n${spec.usage}`);
  }
  const [command, ...args] = positionals;
  // Every option token was checked against its declared type above: the values are what strict parsing gives.
  return { command, args, values: values as Values<O> };
}

export type CommandMain = CommandSpec & {
  /** Runs the command on its arguments (checked against the options first) and returns what to print. */
  run: (argv: string[]) => Promise<string | void>;
  /** A domain's errors that are the operator's to fix (no such store, a weak password): printed without a stack trace, exit 2. */
  refusal?: (err: unknown) => boolean;
  /** Runs last, whatever happened (closes the database). */
  close?: () => Promise<void>;
};

/**
 * The whole life of an operator command's process: check the configuration, answer `--help` (or
 * `-h`: the usage, exit 0) and no arguments at all (the usage, exit 2), check the options before
 * anything is opened, run, print, close, exit.
 */
export async function runCommand(main: CommandMain, argv: string[] = process.argv.slice(2)): Promise<never> {
  exitOnInvalidConfig();
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(main.usage);
    process.exit(0);
  }
  if (argv.length === 0) {
    console.error(main.usage);
    process.exit(2);
  }
  let code = 0;
  try {
    parseCommandLine(argv, main);
    const out = await main.run(argv);
    if (typeof out === 'string') console.log(out);
  } catch (err) {
    const expected = err instanceof CommandError || main.refusal?.(err) === true;
    code = err instanceof CommandError ? err.exitCode : expected ? 2 : 1;
    // What the operator can fix is said in a sentence; anything else keeps its stack trace.
    console.error(expected ? (err as Error).message : err);
  }
  try {
    await main.close?.();
  } catch (err) {
    console.error(err);
    code ||= 1;
  }
  process.exit(code);
}

/** The port `-p 3416`, `-p3416`, `--port 3416` or `--port=3416` asks for, if any (next dev checks the value itself). */
export function nextPortArgument(args: readonly string[]): number | undefined {
  let value: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') break;
    if (arg === '-p' || arg === '--port') value = args[++i];
    else if (arg.startsWith('--port=')) value = arg.slice('--port='.length);
    else if (/^-p\d/.test(arg)) value = arg.slice(2);
  }
  return value !== undefined && /^\d{1,5}$/.test(value) ? Number(value) : undefined;
}
