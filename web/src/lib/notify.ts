import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { ApiError } from './api-client.ts';
import { notifyConfirmationNeeded } from './confirmation-reminder.tsx';

/** The toasts of one part of the app: they close after `autoClose` ms, or Mantine's default when it is undefined. */
function toasts(autoClose?: number) {
  const timing = autoClose === undefined ? {} : { autoClose };
  // The close button's name in the language shown (Mantine's own is English).
  const close = () => ({ closeButtonProps: { 'aria-label': i18next.t('common:toast.close') } });
  const errorMessage = (message: string) => notifications.show({ color: 'red', message, ...timing, ...close() });
  return {
    success: (message: string) => notifications.show({ color: 'green', message, ...timing, ...close() }),
    errorMessage,
    /** Shows a failed call's `error_messages`. */
    error: (error: unknown) => {
      // An ended session has its own notice (the app's session guard shows it).
      if (error instanceof ApiError && error.sessionEnded) return;
      // An organization whose registration e-mail is not confirmed yet is offered the link again.
      if (error instanceof ApiError && error.code === 'email_not_confirmed') notifyConfirmationNeeded();
      else errorMessage(error instanceof Error ? error.message : String(error));
    },
  };
}

const memberToasts = toasts();
export const notifySuccess = (message: string): void => void memberToasts.success(message);
export const notifyErrorMessage = (message: string): void => void memberToasts.errorMessage(message);
export const notifyError = (error: unknown): void => memberToasts.error(error);

/** Toasts of the administration area close after 2 seconds (administration spec, section 9). */
export const adminNotify = toasts(2000);
