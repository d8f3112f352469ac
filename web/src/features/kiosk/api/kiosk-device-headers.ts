import { KIOSK_TOKEN_HEADER } from '@mm/contract';

/** The tablet's own device token, sent with the kiosk calls made before anyone signs in. */
export const deviceHeaders = (deviceToken: string) => ({ [KIOSK_TOKEN_HEADER]: deviceToken });
