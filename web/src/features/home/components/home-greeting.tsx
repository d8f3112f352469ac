import { Avatar, Group, Text, Title } from '@mantine/core';
import type { ProfileData } from '@mm/contract';

export function HomeGreeting({ profile }: { profile: ProfileData }) {
  const position = [profile.role, profile.team].filter(Boolean).join(' · ');
  return (
    <Group gap="md" wrap="nowrap">
      <Avatar src={profile.picture} alt="" size={56} radius="xl" name={profile.name} color="initials" />
      <div>
        <Title order={1} size="h2">
          Hello, {profile.name}
        </Title>
        {position && <Text c="dimmed">{position}</Text>}
        {profile.organization_name && (
          <Text c="dimmed" size="sm">
            {profile.organization_name}
          </Text>
        )}
      </div>
    </Group>
  );
}
