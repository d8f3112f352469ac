import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type OrganizationMember = { organizationCode: string; employeeNumber: string };

/**
 * The two things printed on a member's sheet that name them without an e-mail: their organization's code and their
 * employee number (the sign-in and the account set-up ask for both).
 */
export function OrganizationMemberFields({
  value,
  onChange,
  codeDescription,
}: {
  value: OrganizationMember;
  onChange: (value: OrganizationMember) => void;
  codeDescription?: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <TextInput
        label={t('employee.organizationCode')}
        description={codeDescription}
        autoComplete="organization"
        autoCapitalize="characters"
        spellCheck={false}
        value={value.organizationCode}
        onChange={(e) => onChange({ ...value, organizationCode: e.currentTarget.value })}
      />
      <TextInput
        label={t('employee.employeeNumber')}
        autoComplete="username"
        autoCapitalize="characters"
        spellCheck={false}
        value={value.employeeNumber}
        onChange={(e) => onChange({ ...value, employeeNumber: e.currentTarget.value })}
      />
    </>
  );
}
