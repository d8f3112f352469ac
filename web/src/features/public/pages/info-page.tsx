import { Container, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';

function titleOf(id: string): string {
  const words = id.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** /page/{id}: the information pages (terms, help) arrive with the public pages feature. */
export function InfoPage() {
  const { id = '' } = useParams();
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="md">
        {titleOf(id)}
      </Title>
      <Text>This page is not available yet.</Text>
    </Container>
  );
}
