import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOrganizationUsers } from '../api/get-organization-users.ts';

/** Options drawn at a time: typing narrows a plant of thousands to the few wanted, without drawing them all. */
const OPTIONS_SHOWN = 50;

type MemberSelectProps = { organizationId: number; value: string[]; onChange: (ids: string[]) => void; error?: string; label?: string };

/** The organization's people, by name and e-mail, for the team forms. */
export function MemberSelect({ organizationId, value, onChange, error, label }: MemberSelectProps) {
  const { t } = useTranslation('organization');
  const users = useOrganizationUsers(organizationId);
  const data = (users.data ?? []).map((u) => ({ value: String(u.id), label: `${u.name} ${u.last_name} (${u.email})` }));
  return (
    <MultiSelect
      label={label ?? t('teams.members')}
      placeholder={users.isPending ? t('teams.membersLoading') : t('teams.chooseMembers')}
      data={data}
      value={value}
      onChange={onChange}
      error={error ?? (users.isError ? users.error.message : undefined)}
      searchable
      limit={OPTIONS_SHOWN}
      clearable
      // People's names and addresses are data, not text to translate.
      attributes={{ pill: { translate: 'no' } }}
      nothingFoundMessage={t('teams.nobodyFound')}
    />
  );
}
