import { Button, Menu } from '@mantine/core';
import type { CaptionTrack } from '@mm/contract';
import { IconAdjustmentsHorizontal, IconCheck, IconGauge, IconTextCaption } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const selectedLevel = levels.find((level) => level.index === selected);
  const current = selectedLevel ? selectedLevel.label : playingHeight ? t('player.autoHeight', { height: playingHeight }) : t('player.auto');
  // Highest first, as players usually list them.
  const ordered = [...levels].sort((a, b) => b.height - a.height);
  return (
    <Menu {...menuProps} onChange={onToggle}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray.0"
          size="compact-sm"
          aria-label={t('player.qualityCurrent', { current })}
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
        >
          {/* A level's label ("720p") reads the same in every language. */}
          {selectedLevel ? <span translate="no">{current}</span> : current}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('player.quality')}</Menu.Label>
        {ordered.map((level) => (
          <Menu.Item
            key={level.index}
            leftSection={check(level.index === selected)}
            aria-current={level.index === selected || undefined}
            onClick={() => onSelect(level.index)}
          >
            <span translate="no">{level.label}</span>
          </Menu.Item>
        ))}
        <Menu.Item leftSection={check(selected === AUTO_LEVEL)} aria-current={selected === AUTO_LEVEL || undefined} onClick={() => onSelect(AUTO_LEVEL)}>
          {t('player.auto')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export const rateLabel = (rate: number) => `${rate}x`;

export function SpeedMenu({ rate, onSelect, onToggle }: { rate: number; onSelect: (rate: number) => void; onToggle: OnMenuToggle }) {
  const { t } = useTranslation();
  return (
    <Menu {...menuProps} onChange={onToggle}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray.0"
          size="compact-sm"
          aria-label={t('player.speedCurrent', { rate })}
          leftSection={<IconGauge size={16} aria-hidden />}
        >
          {t('player.rate', { rate })}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('player.speed')}</Menu.Label>
        {PLAYBACK_RATES.map((option) => (
          <Menu.Item key={option} leftSection={check(option === rate)} aria-current={option === rate || undefined} onClick={() => onSelect(option)}>
            {t('player.rate', { rate: option })}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

type CaptionsMenuProps = { tracks: CaptionTrack[]; selected: string; onSelect: (lang: string) => void; onToggle: OnMenuToggle };

/** Off, or one of the video's caption languages. */
export function CaptionsMenu({ tracks, selected, onSelect, onToggle }: CaptionsMenuProps) {
  const { t } = useTranslation();
  const current = tracks.find((track) => track.lang === selected);
  return (
    <Menu {...menuProps} onChange={onToggle}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray.0"
          size="compact-sm"
          aria-label={t('player.captionsCurrent', { current: current ? current.lang.toUpperCase() : t('player.off') })}
          leftSection={<IconTextCaption size={16} aria-hidden />}
        >
          {current ? <span translate="no">{current.lang.toUpperCase()}</span> : t('player.off')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('player.captions')}</Menu.Label>
        <Menu.Item leftSection={check(!current)} aria-current={!current || undefined} onClick={() => onSelect(CAPTIONS_OFF)}>
          {t('player.off')}
        </Menu.Item>
        {tracks.map((track) => (
          <Menu.Item key={track.lang} leftSection={check(track === current)} aria-current={track === current || undefined} onClick={() => onSelect(track.lang)}>
            <span translate="no">{track.label}</span>
            {track.outOfDate ? ` (${t('player.captionsOutOfDate')})` : null}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
