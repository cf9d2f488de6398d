/**
 * One value per process, made by `init` on first use and kept on `globalThis`. Next bundles a
 * module into several server chunks (route handlers, pages, server actions each get a copy), so
 * a module-level `const` exists once per copy: state that must be shared by all of them (a
 * registry the first copy fills, a counter another copy bumps) lives here instead.
 */
export function processWide<T>(name: string, init: () => T): T {
  const key = Symbol.for(`storefront-commerce.${name}`);
  const slots = globalThis as typeof globalThis & Record<symbol, unknown>;
  if (!(key in slots)) slots[key] = init();
  return slots[key] as T;
}
