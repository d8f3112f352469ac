import { notifications } from '@mantine/notifications';
import { ApiError } from '../../lib/api-client.ts';

/** Toasts of the administration area close after 2 seconds (administration spec, section 9). */
const AUTO_CLOSE = 2000;

export function adminSuccess(message: string): void {
  notifications.show({ color: 'green', message, autoClose: AUTO_CLOSE });
}

export function adminFailure(message: string): void {
  notifications.show({ color: 'red', message, autoClose: AUTO_CLOSE });
}

export function adminError(error: unknown): void {
  if (error instanceof ApiError && error.sessionEnded) return;
  adminFailure(error instanceof Error ? error.message : String(error));
}
