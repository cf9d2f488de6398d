import { reloadConfig } from '../../lib/platform/config';

/**
 * Sets environment variables (undefined removes one) and has the configuration read them again,
 * since lib/platform/config.ts parses the environment once. Returns what puts the previous values back.
 */
export function setEnv(vars: Record<string, string | undefined>): () => void {
  const previous = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  apply(vars);
  return () => apply(previous);
}

function apply(vars: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  reloadConfig();
}
