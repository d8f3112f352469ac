import { Alert, Anchor, Button, Container, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { KIOSK_MESSAGES, pinProblem } from '@mm/contract';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useKioskPinStatus } from '../api/get-kiosk-pin-status.ts';
import { useSetKioskPin } from '../api/set-kiosk-pin.ts';

/** A masked field that keeps digits only, at most 6. */
function PinInput({ label, value, onChange, error }: { label: string; value: string; onChange: (pin: string) => void; error?: string | null }) {
  return (
    <PasswordInput
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

/** /account/kiosk-pin: the member sets or changes the 4 to 6 digit PIN they sign in with on the team's kiosk. */
export function KioskPinPage() {
  const status = useKioskPinStatus();
  const save = useSetKioskPin();
  const navigate = useNavigate();
  const [pin, setPin] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = pinProblem(pin) ?? (pin === confirmation ? null : KIOSK_MESSAGES.pinMismatch);
    setProblem(found);
    if (found) return;
    save.mutate(
      { pin, pin_confirmation: confirmation },
      {
        onSuccess: () => {
          notifySuccess(KIOSK_MESSAGES.pinSaved);
          navigate(paths.account.root);
        },
        onError: notifyError,
      },
    );
  };

  return (
    <Container size="xs" py="xl">
      <Title order={1} mb="sm">
        Kiosk PIN
      </Title>
      <Text mb="md">On your team's shared tablet you tap your name and enter this PIN. Choose 4 to 6 digits, not repeated or consecutive digits.</Text>
      {status.isError && (
        <Alert color="red" mb="md">
          {status.error.message}
        </Alert>
      )}
      {status.data && (
        <Alert color={status.data.has_pin ? 'green' : 'yellow'} mb="md">
          {status.data.has_pin ? 'You have a kiosk PIN. Enter a new one to change it.' : 'You have no kiosk PIN yet.'}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack>
          <PinInput label="New PIN" value={pin} onChange={setPin} error={problem} />
          <PinInput label="New PIN again" value={confirmation} onChange={setConfirmation} />
          <Button type="submit" loading={save.isPending}>
            Save PIN
          </Button>
          <Anchor component={Link} to={paths.account.root} size="sm" ta="center">
            Back to account
          </Anchor>
        </Stack>
      </form>
    </Container>
  );
}
