import { PasswordInput } from '@mantine/core';

export type NewPassword = { password: string; password_confirmation: string };

type NewPasswordFieldsProps = { value: NewPassword; onChange: (value: NewPassword) => void };

/** 'New password' and 'Confirm password': the server judges the rules and the match. */
export function NewPasswordFields({ value, onChange }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        label="New password"
        description="At least 12 characters, not a common password."
        autoComplete="new-password"
        value={value.password}
        onChange={(e) => onChange({ ...value, password: e.currentTarget.value })}
      />
      <PasswordInput
        label="Confirm password"
        autoComplete="new-password"
        value={value.password_confirmation}
        onChange={(e) => onChange({ ...value, password_confirmation: e.currentTarget.value })}
      />
    </>
  );
}
