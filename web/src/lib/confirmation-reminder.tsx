import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CONFIRMATION_MESSAGES, routes } from '@mm/contract';
import { useState } from 'react';
import { ApiError, apiRequest } from './api-client.ts';

const REMINDER_ID = 'confirm-email';

/** "Send the link again": e-mails the registration's confirmation link anew and says so in a toast. */
export function ResendConfirmationButton({ onSent }: { onSent?: () => void }) {
  const [sending, setSending] = useState(false);
  const sendAgain = async () => {
    setSending(true);
    try {
      const { message } = await apiRequest(routes.resendConfirmation);
      onSent?.();
      notifications.show({ color: 'green', message: message ?? CONFIRMATION_MESSAGES.sent });
    } catch (error) {
      if (!(error instanceof ApiError && error.sessionEnded))
        notifications.show({ color: 'red', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setSending(false);
    }
  };
  return (
    <Button size="xs" variant="light" loading={sending} onClick={sendAgain}>
      {CONFIRMATION_MESSAGES.sendAgain}
    </Button>
  );
}

/** The refusal of an unconfirmed organization, with a way to get the e-mailed link again. */
function ConfirmationReminder() {
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{CONFIRMATION_MESSAGES.confirmFirst}</Text>
      <ResendConfirmationButton onSent={() => notifications.hide(REMINDER_ID)} />
    </Stack>
  );
}

export function notifyConfirmationNeeded(): void {
  notifications.show({ id: REMINDER_ID, color: 'red', autoClose: false, message: <ConfirmationReminder /> });
}
