import { Button, Menu } from '@mantine/core';
import type { CaptionTrack } from '@mm/contract';
import { IconAdjustmentsHorizontal, IconCheck, IconGauge, IconTextCaption } from '@tabler/icons-react';
import { CAPTIONS_OFF } from '../../lib/caption-preference.ts';
import { AUTO_LEVEL, type QualityLevel } from './use-hls.ts';

/** Playback rates offered by the player (member spec, section 9). */
export const PLAYBACK_RATES = [0.25, 0.5, 1, 1.25, 1.5, 2] as const;

const check = (on: boolean) => (on ? <IconCheck size={16} aria-hidden /> : <span style={{ display: 'inline-block', width: 16 }} />);

// Menus render inside the player (no portal), so they stay visible when the player is full screen.
const menuProps = { withinPortal: false, position: 'top-end', shadow: 'md', width: 180 } as const;

/** Told when a menu opens or closes, so that the controls stay shown while it is open. */
type OnMenuToggle = (opened: boolean) => void;

type QualityMenuProps = {
  levels: QualityLevel[];
  selected: number;
  playingHeight: number | null;
  onSelect: (index: number) => void;
  onToggle: OnMenuToggle;
};

export function QualityMenu({ levels, selected, playingHeight, onSelect, onToggle }: QualityMenuProps) {
  const selectedLevel = levels.find((level) => level.index === selected);
  const current = selectedLevel ? selectedLevel.label : playingHeight ? `Auto (${playingHeight}p)` : 'Auto';
  // Highest first, as players usually list them.
  const ordered = [...levels].sort((a, b) => b.height - a.height);
  return (
    <Menu {...menuProps} onChange={onToggle}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray.0"
          size="compact-sm"
          aria-label={`Quality ${current}`}
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
        >
          {current}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Quality</Menu.Label>
        {ordered.map((level) => (
          <Menu.Item
            key={level.index}
            leftSection={check(level.index === selected)}
            aria-current={level.index === selected || undefined}
            onClick={() => onSelect(level.index)}
          >
            {level.label}
          </Menu.Item>
        ))}
        <Menu.Item leftSection={check(selected === AUTO_LEVEL)} aria-current={selected === AUTO_LEVEL || undefined} onClick={() => onSelect(AUTO_LEVEL)}>
          Auto
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export const rateLabel = (rate: number) => `${rate}x`;

export function SpeedMenu({ rate, onSelect, onToggle }: { rate: number; onSelect: (rate: number) => void; onToggle: OnMenuToggle }) {
  return (
    <Menu {...menuProps} onChange={onToggle}>
      <Menu.Target>
        <Button variant="subtle" color="gray.0" size="compact-sm" aria-label={`Playback speed ${rate}x`} leftSection={<IconGauge size={16} aria-hidden />}>
          {`${rate}x`}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Playback speed</Menu.Label>
        {PLAYBACK_RATES.map((option) => (
          <Menu.Item key={option} leftSection={check(option === rate)} aria-current={option === rate || undefined} onClick={() => onSelect(option)}>
            {rateLabel(option)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

type CaptionsMenuProps = { tracks: CaptionTrack[]; selected: string; onSelect: (lang: string) => void; onToggle: OnMenuToggle };

/** Off, or one of the video's caption languages. */
export function CaptionsMenu({ tracks, selected, onSelect, onToggle }: CaptionsMenuProps) {
  const current = tracks.find((track) => track.lang === selected);
  return (
    <Menu {...menuProps} onChange={onToggle}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray.0"
          size="compact-sm"
          aria-label={`Captions ${current ? current.lang.toUpperCase() : 'Off'}`}
          leftSection={<IconTextCaption size={16} aria-hidden />}
        >
          {current ? current.lang.toUpperCase() : 'Off'}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Captions</Menu.Label>
        <Menu.Item leftSection={check(!current)} aria-current={!current || undefined} onClick={() => onSelect(CAPTIONS_OFF)}>
          Off
        </Menu.Item>
        {tracks.map((track) => (
          <Menu.Item key={track.lang} leftSection={check(track === current)} aria-current={track === current || undefined} onClick={() => onSelect(track.lang)}>
            {track.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
