import { Button, Paper, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useContactExpert } from '../api/contact-expert.ts';

const MIN_LENGTH = 10;
const MAX_LENGTH = 5000;

type ContactExpertFormProps = { castCrewId: number; expertName: string; video?: { id: number; title: string } };

/** The message to an expert; it is e-mailed with the member's address to reply to. */
export function ContactExpertForm({ castCrewId, expertName, video }: ContactExpertFormProps) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const contact = useContactExpert();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (message.trim().length < MIN_LENGTH) {
      setError(`The message must be at least ${MIN_LENGTH} characters`);
      return;
    }
    setError(null);
    contact.mutate(
      { castCrewId, body: { message: message.trim(), admin_video_id: video?.id } },
      {
        onSuccess: ({ message: answer }) => {
          notifySuccess(answer ?? `Your message was sent to ${expertName}.`);
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
            <Text size="sm">About the video: {video.title}</Text>
          </Paper>
        )}
        <Textarea
          label="Message"
          description={`${expertName} replies to your e-mail address.`}
          placeholder={`What would you like to ask ${expertName}?`}
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
          Send message
        </Button>
      </Stack>
    </form>
  );
}
