import { Button, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { IconBackspace } from '@tabler/icons-react';
import type { FormEvent } from 'react';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
const MAX_DIGITS = 6;

/** A PIN field with a big number pad for touch screens; a keyboard types into the field as usual. */
export function PinPad({
  value,
  onChange,
  onSubmit,
  busy,
  error,
}: {
  value: string;
  onChange: (pin: string) => void;
  onSubmit: () => void;
  busy: boolean;
  error: string | null;
}) {
  const press = (digit: string) => onChange((value + digit).slice(0, MAX_DIGITS));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <PasswordInput
          label="PIN"
          size="xl"
          inputMode="numeric"
          autoComplete="off"
          maxLength={MAX_DIGITS}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value.replace(/\D/g, '').slice(0, MAX_DIGITS))}
          error={error}
          // Mantine's default error red is under 4.5:1 on white at this size.
          styles={{ error: { color: 'var(--mantine-color-red-8)' } }}
          data-autofocus
        />
        <SimpleGrid cols={3} spacing="sm">
          {KEYS.map((digit) => (
            <Button key={digit} size="xl" h={64} variant="default" onClick={() => press(digit)} aria-label={`Digit ${digit}`}>
              {digit}
            </Button>
          ))}
          <Button size="xl" h={64} variant="default" onClick={() => onChange(value.slice(0, -1))} aria-label="Delete last digit">
            <IconBackspace />
          </Button>
          <Button size="xl" h={64} variant="default" onClick={() => press('0')} aria-label="Digit 0">
            0
          </Button>
          <Button size="xl" h={64} type="submit" loading={busy} disabled={value.length < 4}>
            OK
          </Button>
        </SimpleGrid>
      </Stack>
    </form>
  );
}
