import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCancelSubscription } from '../api/cancel-subscription.ts';

type PauseRenewalDialogProps = { opened: boolean; onClose: () => void };

/** 'Pause autorenewal': a free-text reason, then the plan runs to its end date (member spec, section 2). */
export function PauseRenewalDialog({ opened, onClose }: PauseRenewalDialogProps) {
  const [reason, setReason] = useState('');
  const cancel = useCancelSubscription();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    cancel.mutate(
      { cancel_reason: reason },
      {
        onSuccess: ({ message }) => {
          if (message) notifySuccess(message);
          setReason('');
          onClose();
        },
        onError: notifyError,
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Pause autorenewal" centered>
      <form onSubmit={submit}>
        <Stack>
          <Textarea label="Cancel reason" autosize minRows={3} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={cancel.isPending}>
              {cancel.isPending ? 'Loading...' : 'Submit'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
