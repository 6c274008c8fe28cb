import type { RefereeEvent } from '@jantaku/shared/referee/referee';

/**
 * Table sounds (issue 15 item 11): which event makes which sound. soundPlayer.ts plays them as short
 * tones synthesised with the Web Audio API, so the bundle carries no audio files; muting is
 * remembered per browser (localStorage `jantaku.muted`).
 */
export type SoundName = 'draw' | 'discard' | 'call' | 'riichi' | 'win';

/** The sound an event makes for a viewer at `me` (null: a spectator), or none. */
export function soundFor(e: RefereeEvent, me: number | null): SoundName | null {
  switch (e.type) {
    case 'drew':
      // Only one's own draw: the others' draws are silent, as at Tenhou.
      return me !== null && e.seat === me ? 'draw' : null;
    case 'discarded':
      return e.riichi ? 'riichi' : 'discard';
    case 'called':
      return 'call';
    case 'handEnded':
      return e.result.kind === 'win' ? 'win' : null;
    default:
      return null;
  }
}
