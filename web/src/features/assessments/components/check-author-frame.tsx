import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';

/**
 * The frame of a check's authoring page, a lesson's or a category's: its heading with the way to the results once a
 * check is set, a line saying what it is for, and the bank's loading and error states around the page's own content.
 */
export function CheckAuthorFrame<Bank>({
  title,
  bank,
  intro,
  resultsPath,
  children,
}: {
  title: string;
  bank: UseQueryResult<Bank, Error>;
  intro: (bank: Bank) => string;
  /** Where the check's results are, or null while no check is set. */
  resultsPath: (bank: Bank) => string | null;
  children: (bank: Bank) => ReactNode;
}) {
  const { t } = useTranslation('assessments');
  const results = bank.data === undefined ? null : resultsPath(bank.data);
  return (
    <Container size="md" py="xl">
      <Group justify="space-between" align="flex-start" mb="xs">
        <Title order={1}>{title}</Title>
        {results && (
          <Button component={Link} to={results} variant="default">
            {t('author.seeResults')}
          </Button>
        )}
      </Group>
      {bank.data !== undefined && (
        <Text c="dimmed" mb="lg">
          {intro(bank.data)}
        </Text>
      )}
      {bank.isPending && <PageLoader label={t('author.loading')} />}
      {bank.isError && (
        <Alert color="red" variant="light">
          {bank.error.message}
        </Alert>
      )}
      {bank.data !== undefined && <Stack gap="xl">{children(bank.data)}</Stack>}
    </Container>
  );
}
