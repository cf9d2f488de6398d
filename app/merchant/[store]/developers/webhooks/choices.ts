/** The create form's choice for the store's own integration (installed on first use) rather than an installed app. */
export const OWN_APP = 'own';
/** How long a rotated-out signing secret keeps signing (seconds). */
export const ROTATION_OVERLAPS = ['0', '3600', '86400', '259200', '604800'] as const;
export const DELIVERY_LOG_LIMIT = 20;
