import { Alert, Button, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { IconBackspace } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
const MAX_DIGITS = 6;
/** Mantine's orange text on its light orange is under 4.5:1: the words stay dark, the alert's tint says the rest. */
export const READABLE_ALERT = { title: { color: 'var(--mantine-color-dark-9)' }, message: { color: 'var(--mantine-color-dark-9)' } };

/** A PIN field with a big number pad for touch screens; a keyboard types into the field as usual. */
export function PinPad({
  value,
  onChange,
  onSubmit,
  busy,
  error,
  waitSeconds = 0,
}: {
  value: string;
  onChange: (pin: string) => void;
  onSubmit: () => void;
  busy: boolean;
  error: string | null;
  /** Seconds the server holds the next try back after repeated wrong PINs: shown, and OK waits for it. */
  waitSeconds?: number;
}) {
  const { t } = useTranslation('kiosk');
  const press = (digit: string) => onChange((value + digit).slice(0, MAX_DIGITS));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <PasswordInput
          label={t('pin.label')}
          size="xl"
          inputMode="numeric"
          autoComplete="off"
          maxLength={MAX_DIGITS}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value.replace(/\D/g, '').slice(0, MAX_DIGITS))}
          error={error}
          // Mantine's default error red is under 4.5:1 on white at this size, for the message and for the digits
          // typed after a wrong PIN.
          styles={{ error: { color: 'var(--mantine-color-red-8)' }, input: { color: 'var(--mantine-color-dark-9)' } }}
          data-autofocus
        />
        {waitSeconds > 0 && (
          <Alert color="orange" role="status" title={t('pin.tooOften')} styles={READABLE_ALERT}>
            {t('pin.wait', { count: waitSeconds })}
          </Alert>
        )}
        <SimpleGrid cols={3} spacing="sm">
          {KEYS.map((digit) => (
            <Button key={digit} size="xl" h={64} variant="default" onClick={() => press(digit)} aria-label={t('pin.digit', { digit })}>
              {digit}
            </Button>
          ))}
          <Button size="xl" h={64} variant="default" onClick={() => onChange(value.slice(0, -1))} aria-label={t('pin.delete')}>
            <IconBackspace />
          </Button>
          <Button size="xl" h={64} variant="default" onClick={() => press('0')} aria-label={t('pin.digit', { digit: '0' })}>
            0
          </Button>
          <Button size="xl" h={64} type="submit" loading={busy} disabled={value.length < 4 || waitSeconds > 0}>
            {t('pin.ok')}
          </Button>
        </SimpleGrid>
      </Stack>
    </form>
  );
}
