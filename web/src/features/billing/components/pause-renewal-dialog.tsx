import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCancelSubscription } from '../api/cancel-subscription.ts';

type PauseRenewalDialogProps = { opened: boolean; onClose: () => void };

/** 'Pause autorenewal': a free-text reason, then the plan runs to its end date (member spec, section 2). */
export function PauseRenewalDialog({ opened, onClose }: PauseRenewalDialogProps) {
  const { t } = useTranslation('billing');
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
    <Modal opened={opened} onClose={onClose} title={t('billing.pause')} centered>
      <form onSubmit={submit}>
        <Stack>
          <Textarea label={t('billing.pauseDialog.reason')} autosize minRows={3} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('billing.pauseDialog.cancel')}
            </Button>
            <Button type="submit" disabled={cancel.isPending}>
              {cancel.isPending ? t('billing.pauseDialog.sending') : t('billing.pauseDialog.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
