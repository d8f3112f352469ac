import { Alert, Button, Container, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { EMAIL_SHAPE, TEAM_MEMBER_FIELDS } from '@mm/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { ResendConfirmationButton } from '../../../lib/confirmation-reminder.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useProfile } from '../../../lib/profile.ts';
import { useSignedInSession } from '../../../lib/session.ts';
import { useRegisterMembers } from '../api/register-members.ts';

/** What was typed survives a reload or a detour (the confirmation e-mail, another tab) until the invitations go out. */
const DRAFT_KEY = 'mm.add-team-member.draft';

const blank = () => Array.from({ length: TEAM_MEMBER_FIELDS }, () => '');

function readDraft(): string[] {
  try {
    const saved = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null');
    if (Array.isArray(saved) && saved.length === TEAM_MEMBER_FIELDS && saved.every((v) => typeof v === 'string')) return saved;
  } catch {}
  return blank();
}

type Refused = { email: string; reason: string };

/**
 * /add-team-member: up to four invitations; only filled fields are sent (member spec, section 5), and home once they
 * are sent. When the server refuses (e-mail not confirmed yet, addresses refused) the page stays with what was
 * typed and says why, address by address (docs/decisions.md).
 */
export function AddTeamMemberPage() {
  const { t } = useTranslation('billing');
  const session = useSignedInSession();
  const profile = useProfile();
  const navigate = useNavigate();
  const register = useRegisterMembers();
  const [emails, setEmails] = useState<string[]>(readDraft);
  const [fieldErrors, setFieldErrors] = useState<(string | null)[]>(() => blank().map(() => null));
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [refused, setRefused] = useState<Refused[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(emails));
  }, [emails]);

  const finish = () => {
    sessionStorage.removeItem(DRAFT_KEY);
    navigate(paths.home);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filled = emails.map((e) => e.trim()).filter(Boolean);
    if (filled.length === 0) {
      finish();
      return;
    }
    const errors = emails.map((e) => (e.trim() && !EMAIL_SHAPE.test(e.trim()) ? t('addTeam.notAnAddress') : null));
    setFieldErrors(errors);
    if (errors.some(Boolean)) return;
    setUnconfirmed(false);
    setRefused([]);
    setProblem(null);
    register.mutate(
      { emails: filled, super_user_id: session.userId },
      {
        onSuccess: ({ data, message }) => {
          const notInvited = [
            ...data.already_registered.map((email) => ({ email, reason: t('addTeam.alreadyRegistered') })),
            ...data.invalid.map((email) => ({ email, reason: t('addTeam.invalid') })),
          ];
          if (notInvited.length === 0) {
            if (message) notifySuccess(message);
            finish();
            return;
          }
          notifySuccess(t('addTeam.invitedSome', { emails: data.invited.join(', ') }));
          // The invited addresses leave the form; the refused ones stay, to be corrected.
          const invited = new Set(data.invited);
          setEmails((all) => all.map((e) => (invited.has(e.trim().toLowerCase()) ? '' : e)));
          setRefused(notInvited);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'email_not_confirmed') setUnconfirmed(true);
          else if (error instanceof ApiError && !error.sessionEnded) setProblem(error.message);
          else notifyError(error);
        },
      },
    );
  };

  return (
    <Container size="sm" py="xl">
      <Title order={1}>{t('addTeam.title')}</Title>
      <Text c="dimmed" mb="lg">
        {t('addTeam.intro', { count: TEAM_MEMBER_FIELDS })}
      </Text>
      {unconfirmed && (
        <Alert color="yellow" variant="light" mb="lg" title={t('addTeam.unconfirmedTitle')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('addTeam.unconfirmed', { email: profile.data?.email ?? t('addTeam.yourAddress') })}</Text>
            <ResendConfirmationButton />
          </Stack>
        </Alert>
      )}
      {problem && (
        <Alert color="red" variant="light" mb="lg">
          {problem}
        </Alert>
      )}
      {refused.length > 0 && (
        <Alert color="yellow" variant="light" mb="lg" title={t('addTeam.notInvited')}>
          <List size="sm">
            {refused.map(({ email, reason }) => (
              <List.Item key={email}>
                <span translate="no">{email}</span>: {reason}
              </List.Item>
            ))}
          </List>
          <Button variant="subtle" size="xs" mt="xs" onClick={finish}>
            {t('addTeam.continue')}
          </Button>
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {emails.map((value, i) => (
            <TextInput
              // biome-ignore lint/suspicious/noArrayIndexKey: the four fields are fixed positions.
              key={i}
              type="email"
              label={t('addTeam.field', { number: i + 1 })}
              autoComplete="off"
              value={value}
              error={fieldErrors[i]}
              onChange={(e) => {
                const next = [...emails];
                next[i] = e.currentTarget.value;
                setEmails(next);
                setFieldErrors((errors) => errors.map((error, j) => (j === i ? null : error)));
              }}
            />
          ))}
          <Button type="submit" disabled={register.isPending}>
            {register.isPending ? t('addTeam.saving') : t('addTeam.save')}
          </Button>
        </Stack>
      </form>
    </Container>
  );
}
