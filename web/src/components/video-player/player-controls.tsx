import { ActionIcon, Group, Slider, Text, Tooltip } from '@mantine/core';
import type { CaptionTrack } from '@mm/contract';
import {
  IconFileText,
  IconMaximize,
  IconMinimize,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconVolume,
  IconVolume2,
  IconVolumeOff,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../lib/duration.ts';
import { CaptionsMenu, QualityMenu, SpeedMenu } from './player-menus.tsx';
import { SeekBar } from './seek-bar.tsx';
import type { HlsState } from './use-hls.ts';
import type { MediaState } from './use-media-state.ts';

export type PlayerActions = {
  togglePlay: () => void;
  seek: (time: number) => void;
  toggleMute: () => void;
  setVolume: (volume: number) => void;
  setRate: (rate: number) => void;
  toggleFullscreen: () => void;
  onMenuToggle: (opened: boolean) => void;
};

/** The video's caption tracks and the chosen language (or off), with the transcript beside the video. */
export type PlayerCaptions = {
  tracks: CaptionTrack[];
  selected: string;
  onSelect: (lang: string) => void;
  transcriptOpen: boolean;
  onTranscriptToggle: () => void;
};

type PlayerControlsProps = {
  media: MediaState;
  hls: HlsState;
  rate: number;
  isFullscreen: boolean;
  actions: PlayerActions;
  /** Absent or without tracks: no captions menu, no transcript button. */
  captions?: PlayerCaptions | undefined;
};

/** A control with its shortcut in the tooltip; the accessible name is the action alone. */
function ControlButton({ label, shortcut, onClick, children }: { label: string; shortcut: string; onClick: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('player.shortcut', { label, key: shortcut })} withinPortal={false} openDelay={400}>
      <ActionIcon variant="subtle" color="gray.0" size="lg" onClick={onClick} aria-label={label}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** The bottom bar: timeline, play/pause, volume, time, quality, speed and full screen. */
export function PlayerControls({ media, hls, rate, isFullscreen, actions, captions }: PlayerControlsProps) {
  const { t } = useTranslation();
  const silent = media.muted || media.volume === 0;
  return (
    <div className="mm-player__controls">
      <SeekBar currentTime={media.currentTime} duration={media.duration} bufferedEnd={media.bufferedEnd} onSeek={actions.seek} />
      <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
        <Group gap={2} wrap="nowrap" style={{ minWidth: 0 }}>
          <ControlButton label={media.paused ? t('player.play') : t('player.pause')} shortcut="k" onClick={actions.togglePlay}>
            {media.paused ? <IconPlayerPlayFilled size={22} aria-hidden /> : <IconPlayerPauseFilled size={22} aria-hidden />}
          </ControlButton>
          <ControlButton label={silent ? t('player.unmute') : t('player.mute')} shortcut="m" onClick={actions.toggleMute}>
            {silent ? (
              <IconVolumeOff size={22} aria-hidden />
            ) : media.volume < 0.5 ? (
              <IconVolume2 size={22} aria-hidden />
            ) : (
              <IconVolume size={22} aria-hidden />
            )}
          </ControlButton>
          <Slider
            visibleFrom="sm"
            w={96}
            mx="xs"
            size="sm"
            color="gray.0"
            label={null}
            min={0}
            max={100}
            step={5}
            value={silent ? 0 : Math.round(media.volume * 100)}
            onChange={(value) => actions.setVolume(value / 100)}
            thumbLabel={t('player.volume')}
          />
          <Text size="sm" c="white" ml="xs" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} data-testid="player-time">
            {formatDuration(media.currentTime, { inList: true })}
            <span className="mm-player__duration"> / {formatDuration(media.duration, { inList: true })}</span>
          </Text>
        </Group>
        <Group gap={2} wrap="nowrap">
          {captions && captions.tracks.length > 0 && (
            <>
              <Tooltip label={t('player.transcript')} withinPortal={false} openDelay={400}>
                <ActionIcon
                  variant={captions.transcriptOpen ? 'light' : 'subtle'}
                  color="gray.0"
                  size="lg"
                  onClick={captions.onTranscriptToggle}
                  aria-label={t('player.transcript')}
                  aria-pressed={captions.transcriptOpen}
                >
                  <IconFileText size={20} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <CaptionsMenu tracks={captions.tracks} selected={captions.selected} onSelect={captions.onSelect} onToggle={actions.onMenuToggle} />
            </>
          )}
          {hls.engine === 'hls' && hls.levels.length > 0 && (
            <QualityMenu
              levels={hls.levels}
              selected={hls.selectedLevel}
              playingHeight={hls.playingHeight}
              onSelect={hls.setLevel}
              onToggle={actions.onMenuToggle}
            />
          )}
          <SpeedMenu rate={rate} onSelect={actions.setRate} onToggle={actions.onMenuToggle} />
          <ControlButton label={isFullscreen ? t('player.exitFullscreen') : t('player.fullscreen')} shortcut="f" onClick={actions.toggleFullscreen}>
            {isFullscreen ? <IconMinimize size={20} aria-hidden /> : <IconMaximize size={20} aria-hidden />}
          </ControlButton>
        </Group>
      </Group>
    </div>
  );
}
