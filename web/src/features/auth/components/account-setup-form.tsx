import { Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { browserTimezone } from '../../../lib/browser-timezone.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { saveSession, sessionFromSignIn } from '../../../lib/session.ts';
import { useAccountSetup } from '../api/account-setup.ts';
import { rememberOrganizationCode } from '../remembered-organization-code.ts';
import { type NewPassword, NewPasswordFields } from './new-password-fields.tsx';
import { type OrganizationMember, OrganizationMemberFields } from './organization-member-fields.tsx';

type AccountSetupFormProps = { initialOrganizationCode: string; initialEmployeeNumber: string };

/** The three things printed on the sheet, then the member's own password. */
export function AccountSetupForm({ initialOrganizationCode, initialEmployeeNumber }: AccountSetupFormProps) {
  const [member, setMember] = useState<OrganizationMember>({ organizationCode: initialOrganizationCode, employeeNumber: initialEmployeeNumber });
  const { organizationCode, employeeNumber } = member;
  const [setupCode, setSetupCode] = useState('');
  const [newPassword, setNewPassword] = useState<NewPassword>({ password: '', password_confirmation: '' });
  const setUp = useAccountSetup();
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setUp.mutate(
      { organization_code: organizationCode, employee_number: employeeNumber, setup_code: setupCode, ...newPassword, timezone: browserTimezone() },
      {
        onSuccess: ({ data, message }) => {
          rememberOrganizationCode(organizationCode);
          navigate(paths.home, { replace: true });
          saveSession(sessionFromSignIn(data));
          if (message) notifySuccess(message);
        },
        onError: notifyError,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Set up your account">
      <Stack gap="sm">
        <OrganizationMemberFields value={member} onChange={setMember} />
        <TextInput
          label="Setup code"
          description="The one-time code on your sheet, like ABCD-EFGH-JKLM."
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          value={setupCode}
          onChange={(e) => setSetupCode(e.currentTarget.value)}
        />
        <NewPasswordFields value={newPassword} onChange={setNewPassword} />
        <Button type="submit" disabled={setUp.isPending} fullWidth>
          {setUp.isPending ? 'Setting up...' : 'Set my password and sign in'}
        </Button>
      </Stack>
    </form>
  );
}
