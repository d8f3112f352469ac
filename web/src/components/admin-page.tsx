import { Anchor, Container, Group, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths.ts';

/** The frame of every administration screen: a back link to the hub and the title. */
export function AdminPage({
  title,
  back = paths.manageOrganization,
  size = 'lg',
  titleIsData = false,
  children,
}: {
  title: string;
  /** The title is a name (a person's, a station's): data, not text to translate. */
  titleIsData?: boolean;
  back?: string;
  size?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Container size={size} py="xl">
      <Anchor component={Link} to={back} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> {t('back')}
        </Group>
      </Anchor>
      <Title order={1} mt="xs" mb="lg" translate={titleIsData ? 'no' : undefined}>
        {title}
      </Title>
      {children}
    </Container>
  );
}
