import { notifications } from '@mantine/notifications';
import { CONFIRMATION_MESSAGES } from '@mm/contract';
import { ApiError } from './api-client.ts';
import { notifyConfirmationNeeded } from './confirmation-reminder.tsx';

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
  // An organization whose registration e-mail is not confirmed yet is offered the link again.
  if (error instanceof ApiError && error.message === CONFIRMATION_MESSAGES.confirmFirst) notifyConfirmationNeeded();
  else notifyErrorMessage(error instanceof Error ? error.message : String(error));
}
