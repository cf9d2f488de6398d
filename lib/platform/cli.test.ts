import { describe, expect, it } from 'vitest';
import { UsageError, parseCommandLine } from './cli';

const usage = 'Usage: npm run thing -- <command> [options]';
const options = { merchant: { type: 'string' }, scope: { type: 'string', multiple: true }, json: { type: 'boolean', default: false } } as const;
const parse = (...argv: string[]) => parseCommandLine(argv, { usage, options });

/** The message of the UsageError a command line is refused with. */
function refusal(...argv: string[]): string {
  try {
    parse(...argv);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error(`${argv.join(' ')} was accepted`);
}

describe('parseCommandLine', () => {
  it('splits the command, its arguments and the options, typed as declared', () => {
    const line = parse('create', 'extra', '--merchant', 'lumen-audio', '--scope', 'a', '--scope=b', '--json');
    expect(line).toEqual({ command: 'create', args: ['extra'], values: { merchant: 'lumen-audio', scope: ['a', 'b'], json: true } });
    expect(parse('list').values).toEqual({ json: false });
    expect(parse('show', '--', '--merchant')).toMatchObject({ command: 'show', args: ['--merchant'] });
    expect(parse('create', '--merchant=-odd-')).toMatchObject({ values: { merchant: '-odd-' } });
  });

  it('refuses an option the command does not take, naming it, then shows the usage', () => {
    expect(refusal('list', '--merchnat', 'x')).toBe(`unknown option --merchnat\n\n${usage}`);
    expect(refusal('list', '-m')).toBe(`unknown option -m\n\n${usage}`);
  });

  it('refuses a string option without its value and a switch with one', () => {
    expect(refusal('create', '--merchant')).toMatch(/^--merchant needs a value\n\n/);
    expect(refusal('create', '--merchant', '--json')).toMatch(/^--merchant needs a value\n\n/);
    expect(refusal('list', '--json=yes')).toMatch(/^--json takes no value\n\n/);
  });

  it('takes positionals only when the command declares no options', () => {
    expect(parseCommandLine(['publish', 'lumen-audio', 'draft.json'], { usage })).toMatchObject({ command: 'publish', args: ['lumen-audio', 'draft.json'] });
    expect(() => parseCommandLine(['publish', '--force'], { usage })).toThrow('unknown option --force');
  });
});
