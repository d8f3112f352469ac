import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconBuildingFactory2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BRAND } from '../config/app.ts';
import './brand-logo.css';

/**
 * The logo: the product's brand line. `compactOnTablet` keeps only the icon from 768 to 991px, where
 * the signed-in header needs the room for its links (it never wraps).
 */
export function BrandLogo({ to, compactOnTablet = false }: { to: string; compactOnTablet?: boolean }) {
  return (
    <UnstyledButton component={Link} to={to} aria-label={BRAND} translate="no">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size="lg" radius="md" aria-hidden>
          <IconBuildingFactory2 size={20} />
        </ThemeIcon>
        <Text fw={800} size="lg" lh={1.1} className={compactOnTablet ? 'mm-brand-name-compact' : undefined}>
          {BRAND}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
