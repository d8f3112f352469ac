import { Alert, Anchor, Button, Container, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { KIOSK_MESSAGES, pinProblem } from '@mm/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useKioskPinStatus } from '../api/get-kiosk-pin-status.ts';
import { useSetKioskPin } from '../api/set-kiosk-pin.ts';

/** A masked field that keeps digits only, at most 6. */
function PinInput({ label, value, onChange, error }: { label: string; value: string; onChange: (pin: string) => void; error?: string | null }) {
  const { t } = useTranslation('auth');
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': t('showPassword') }}
      label={label}
      inputMode="numeric"
      autoComplete="new-password"
      maxLength={6}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
      error={error}
    />
  );
}

/** The contract's PIN messages the page says, by name: the account namespace has each one in every language. */
const PIN_MESSAGES = ['pinFormat', 'pinTooSimple', 'pinMismatch'] as const;
const pinMessageKey = (text: string | null) => PIN_MESSAGES.find((key) => KIOSK_MESSAGES[key] === text) ?? null;

/** /account/kiosk-pin: the member sets or changes the 4 to 6 digit PIN they sign in with on the team's kiosk. */
export function KioskPinPage() {
  const { t } = useTranslation('account');
  const status = useKioskPinStatus();
  const save = useSetKioskPin();
  const navigate = useNavigate();
  const [pin, setPin] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<(typeof PIN_MESSAGES)[number] | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = pinProblem(pin) ?? (pin === confirmation ? null : KIOSK_MESSAGES.pinMismatch);
    setProblem(pinMessageKey(found));
    if (found) return;
    save.mutate(
      { pin, pin_confirmation: confirmation },
      {
        onSuccess: () => {
          notifySuccess(t('pin.messages.pinSaved'));
          navigate(paths.account.root);
        },
        onError: notifyError,
      },
    );
  };

  return (
    <Container size="xs" py="xl">
      <Title order={1} mb="sm">
        {t('pin.title')}
      </Title>
      <Text mb="md">{t('pin.intro')}</Text>
      {status.isError && (
        <Alert color="red" mb="md">
          {status.error.message}
        </Alert>
      )}
      {status.data && (
        <Alert color={status.data.has_pin ? 'green' : 'yellow'} mb="md">
          {status.data.has_pin ? t('pin.hasPin') : t('pin.noPin')}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack>
          <PinInput label={t('pin.new')} value={pin} onChange={setPin} error={problem && t(`pin.messages.${problem}`)} />
          <PinInput label={t('pin.again')} value={confirmation} onChange={setConfirmation} />
          <Button type="submit" loading={save.isPending}>
            {t('pin.save')}
          </Button>
          <Anchor component={Link} to={paths.account.root} size="sm" ta="center">
            {t('pin.back')}
          </Anchor>
        </Stack>
      </form>
    </Container>
  );
}
