import { notifications } from '@mantine/notifications';
import { ApiError } from './api-client.ts';

export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message });
}

export function notifyErrorMessage(message: string): void {
  notifications.show({ color: 'red', message });
}

/** Shows a failed call's `error_messages`. */
export function notifyError(error: unknown): void {
  // An ended session has its own notice (the app's session guard shows it).
  if (error instanceof ApiError && error.sessionEnded) return;
  notifyErrorMessage(error instanceof Error ? error.message : String(error));
}
