/** A store as the domains that only name stores see it: who it is and whether shoppers must unlock it. */
export type StoreRef = { id: string; slug: string; displayName: string; accessMode: 'open' | 'protected' };
