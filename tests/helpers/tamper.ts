/**
 * The string with its last character replaced by a different one: a key, token or signature
 * tampered with in one place. A fixed replacement ("end it in 0") leaves the value unchanged
 * whenever it already ended that way, which made a test pass or fail by chance.
 */
export function withLastCharacterChanged(value: string): string {
  return value.slice(0, -1) + (value.endsWith('A') ? 'B' : 'A');
}
