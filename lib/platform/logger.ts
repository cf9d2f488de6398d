import pino, { type Logger } from 'pino';
import { initialLogLevel } from './config';

export type { Logger };

/**
 * Secrets never reach a log line, whatever a caller passes: credentials, tokens, passwords and
 * card data are censored by path, at any depth pino can address.
 */
const REDACT = [
  'authorization',
  'cookie',
  'password',
  'secret',
  'token',
  'apiKey',
  'clientSecret',
  'cardNumber',
  'cvc',
  '*.authorization',
  '*.cookie',
  '*.password',
  '*.secret',
  '*.token',
  '*.apiKey',
  '*.clientSecret',
  '*.cardNumber',
  '*.cvc',
  'headers.authorization',
  'headers.cookie',
  'headers["x-store-access-token"]',
  'headers.dpop',
];

type Sink = (line: string) => void;
let sink: Sink = (line) => process.stdout.write(line);

/**
 * The one structured logger: JSON lines on stdout, `LOG_LEVEL` (default `info`; tests `warn`).
 * Request handling logs through a child carrying the request id.
 */
export const logger: Logger = pino(
  {
    level: initialLogLevel(),
    base: { service: 'storefront-commerce' },
    redact: { paths: REDACT, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  },
  { write: (line: string) => sink(line) },
);

/** Tests read what was logged: every line from now until `restore()`, parsed. */
export function captureLogs(): { lines: Record<string, unknown>[]; restore: () => void } {
  const previous = sink;
  const lines: Record<string, unknown>[] = [];
  sink = (line) => lines.push(JSON.parse(line) as Record<string, unknown>);
  return { lines, restore: () => (sink = previous) };
}
