/** The dashboard module's public face: what other modules may use of it (they import nothing else of it). */
export { sendAlert, sendBroadcast } from './dashboard.service.ts';
