import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { SUPPORT_EMAIL, VERSION_LABEL } from '../../../config/app.ts';

export function VersionPage() {
  return (
    <Container size="sm" py="xl">
      <Stack gap="sm">
        <Title order={1}>{VERSION_LABEL}</Title>
        <Text>
          If you need help, contact your administrator at <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
