export const BRAND = 'Manufacturing Masters';
export const SUPPORT_EMAIL = 'support@manufacturingmasters.local';

/** Toasts close on their own after 5 seconds (member spec, section 9). */
export const TOAST_AUTO_CLOSE_MS = 5000;
