import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconBuildingFactory2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BRAND } from '../config/app.ts';

/** The logo: the product's brand line. */
export function BrandLogo({ to }: { to: string }) {
  return (
    <UnstyledButton component={Link} to={to} aria-label={BRAND}>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size="lg" radius="md" aria-hidden>
          <IconBuildingFactory2 size={20} />
        </ThemeIcon>
        <Text fw={800} size="lg" lh={1.1}>
          {BRAND}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
