import { Button, Paper, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useContactExpert } from '../api/contact-expert.ts';

const MIN_LENGTH = 10;
const MAX_LENGTH = 5000;

type ContactExpertFormProps = { castCrewId: number; expertName: string; video?: { id: number; title: string } };

/** The message to an expert; it is e-mailed with the member's address to reply to. */
export function ContactExpertForm({ castCrewId, expertName, video }: ContactExpertFormProps) {
  const { t } = useTranslation('browse');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const contact = useContactExpert();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (message.trim().length < MIN_LENGTH) {
      setError(t('contact.tooShort', { min: MIN_LENGTH }));
      return;
    }
    setError(null);
    contact.mutate(
      { castCrewId, body: { message: message.trim(), admin_video_id: video?.id } },
      {
        onSuccess: ({ message: answer }) => {
          notifySuccess(answer ?? t('contact.sent', { name: expertName }));
          setMessage('');
        },
        onError: notifyError,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {video && (
          <Paper bg="blue.0" p="xs" radius="sm">
            <Text size="sm">
              {t('contact.about')} <span translate="no">{video.title}</span>
            </Text>
          </Paper>
        )}
        <Textarea
          label={t('contact.message')}
          description={t('contact.replies', { name: expertName })}
          placeholder={t('contact.placeholder', { name: expertName })}
          autosize
          minRows={5}
          maxRows={12}
          maxLength={MAX_LENGTH}
          required
          value={message}
          error={error}
          onChange={(event) => setMessage(event.currentTarget.value)}
        />
        <Button type="submit" loading={contact.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('contact.send')}
        </Button>
      </Stack>
    </form>
  );
}
