import { MultiSelect } from '@mantine/core';
import { useOrganizationUsers } from '../api/get-organization-users.ts';

/** Options drawn at a time: typing narrows a plant of thousands to the few wanted, without drawing them all. */
const OPTIONS_SHOWN = 50;

type MemberSelectProps = { organizationId: number; value: string[]; onChange: (ids: string[]) => void; error?: string; label?: string };

/** The organization's people, by name and e-mail, for the team forms. */
export function MemberSelect({ organizationId, value, onChange, error, label = 'Members' }: MemberSelectProps) {
  const users = useOrganizationUsers(organizationId);
  const data = (users.data ?? []).map((u) => ({ value: String(u.id), label: `${u.name} ${u.last_name} (${u.email})` }));
  return (
    <MultiSelect
      label={label}
      placeholder={users.isPending ? 'Loading...' : 'Choose members'}
      data={data}
      value={value}
      onChange={onChange}
      error={error ?? (users.isError ? users.error.message : undefined)}
      searchable
      limit={OPTIONS_SHOWN}
      clearable
      nothingFoundMessage="Nobody found"
    />
  );
}
