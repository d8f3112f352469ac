import { Button, Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { TEAM_MEMBER_FIELDS } from '@mm/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSignedInSession } from '../../../lib/session.ts';
import { useRegisterMembers } from '../api/register-members.ts';

/** /add-team-member: up to four invitations; only filled fields are sent, and home either way (member spec, sections 5 and 8). */
export function AddTeamMemberPage() {
  const session = useSignedInSession();
  const navigate = useNavigate();
  const register = useRegisterMembers();
  const [emails, setEmails] = useState<string[]>(() => Array.from({ length: TEAM_MEMBER_FIELDS }, () => ''));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filled = emails.map((e) => e.trim()).filter(Boolean);
    if (filled.length === 0) {
      navigate(paths.home);
      return;
    }
    register.mutate(
      { emails: filled, super_user_id: session.userId },
      {
        onSuccess: ({ message }) => {
          if (message) notifySuccess(message);
        },
        onError: notifyError,
        onSettled: () => navigate(paths.home),
      },
    );
  };

  return (
    <Container size="sm" py="xl">
      <Title order={1}>Add your team</Title>
      <Text c="dimmed" mb="lg">
        Your membership includes up to {TEAM_MEMBER_FIELDS} additional team members. Each one receives an e-mail to set a password.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {emails.map((value, i) => (
            <TextInput
              // biome-ignore lint/suspicious/noArrayIndexKey: the four fields are fixed positions.
              key={i}
              type="email"
              label={`Team member e-mail ${i + 1}`}
              autoComplete="off"
              value={value}
              onChange={(e) => {
                const next = [...emails];
                next[i] = e.currentTarget.value;
                setEmails(next);
              }}
            />
          ))}
          <Button type="submit" disabled={register.isPending}>
            {register.isPending ? 'Loading...' : 'Save'}
          </Button>
        </Stack>
      </form>
    </Container>
  );
}
