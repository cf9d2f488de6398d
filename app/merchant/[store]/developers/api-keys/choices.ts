/** The expiries a new key may be given (days from now, or never) and the overlaps a roll offers (seconds). */
export const EXPIRY_DAYS = ['never', '7', '30', '90', '365'] as const;
export const ROLL_OVERLAPS = ['0', '3600', '86400', '259200', '604800'] as const;
