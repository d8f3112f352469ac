import { Button, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { browserTimezone } from '../../../lib/browser-timezone.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { scanReturnPath } from '../../../lib/scan-return.ts';
import { saveSession, sessionFromSignIn } from '../../../lib/session.ts';
import { useEmployeeLogin } from '../api/employee-login.ts';
import { rememberOrganizationCode } from '../remembered-organization-code.ts';
import { type OrganizationMember, OrganizationMemberFields } from './organization-member-fields.tsx';

type EmployeeLoginFormProps = { initialOrganizationCode: string; initialEmployeeNumber: string };

/** The sign-in of people without e-mail: the organization code and employee number printed on their sheet, and their password. */
export function EmployeeLoginForm({ initialOrganizationCode, initialEmployeeNumber }: EmployeeLoginFormProps) {
  const { t } = useTranslation('auth');
  const [member, setMember] = useState<OrganizationMember>({ organizationCode: initialOrganizationCode, employeeNumber: initialEmployeeNumber });
  const { organizationCode, employeeNumber } = member;
  const [password, setPassword] = useState('');
  const login = useEmployeeLogin();
  const navigate = useNavigate();
  const next = scanReturnPath(useLocation().state);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { organization_code: organizationCode, employee_number: employeeNumber, password, timezone: browserTimezone() },
      {
        onSuccess: ({ data, message }) => {
          rememberOrganizationCode(organizationCode);
          saveSession(sessionFromSignIn(data));
          notifySuccess(message ?? t('loggedIn'));
          navigate(next ?? paths.home, { replace: true });
        },
        onError: notifyError,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('employee.title')}>
      <Stack gap="sm">
        <OrganizationMemberFields value={member} onChange={setMember} codeDescription={t('employee.codeHelp')} />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('showPassword') }}
          label={t('password')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Button type="submit" disabled={login.isPending} fullWidth>
          {login.isPending ? t('signingIn') : t('signIn')}
        </Button>
      </Stack>
    </form>
  );
}
