import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { SalesInquiryDialog } from './sales-inquiry-dialog.tsx';

/** After the offered plans: a plant beyond the largest plan, or with its own terms, writes to sales. */
export function EnterpriseCard() {
  const [opened, dialog] = useDisclosure(false);
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Enterprise plan" component="article">
      <Stack gap="sm" h="100%">
        <Title order={3}>Enterprise</Title>
        <Text fz={28} fw={700} c="blue.8">
          Talk to us
        </Text>
        <Text fw={600}>More than 500 accounts</Text>
        <Text c="dimmed" style={{ flexGrow: 1 }}>
          Several sites, more people or your own terms: tell us about your plant and our sales team will prepare an offer.
        </Text>
        <Button variant="light" onClick={dialog.open} fullWidth>
          Talk to us
        </Button>
      </Stack>
      <SalesInquiryDialog opened={opened} onClose={dialog.close} />
    </Card>
  );
}
