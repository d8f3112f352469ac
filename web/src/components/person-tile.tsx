import { Avatar, Text, UnstyledButton } from '@mantine/core';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { initialsOf } from '../lib/initials.ts';
import './person-tile.css';

/**
 * A person's face and name as one big button (kiosk sign-in, toolbox attendance). With `pressed` it is a toggle
 * (aria-pressed) and shows a check when on.
 */
export function PersonTile({ name, picture, pressed, onClick }: { name: string; picture: string | null; pressed?: boolean; onClick: () => void }) {
  return (
    <UnstyledButton className="mm-person-tile" onClick={onClick} aria-pressed={pressed} translate="no">
      <Avatar src={picture} alt="" name={name} color="initials" size={96} radius={96}>
        {initialsOf(name)}
      </Avatar>
      <Text fw={600} size="lg" ta="center">
        {pressed && <IconCircleCheckFilled size={18} color="var(--mantine-color-green-7)" aria-hidden style={{ verticalAlign: -3, marginRight: 4 }} />}
        {name}
      </Text>
    </UnstyledButton>
  );
}
