import { APP_VERSION } from '@mm/contract';

export const BRAND = 'Manufacturing Masters';
export const SUPPORT_EMAIL = 'support@manufacturingmasters.local';
export const VERSION_LABEL = `Version ${APP_VERSION}`;

/** Toasts close on their own after 5 seconds (member spec, section 9). */
export const TOAST_AUTO_CLOSE_MS = 5000;
