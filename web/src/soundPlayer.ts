import type { SoundName } from './sound';

/** Notes of each sound: [frequency Hz, start s, length s]. */
const NOTES: Record<SoundName, [number, number, number][]> = {
  draw: [[1320, 0, 0.035]],
  discard: [[300, 0, 0.07]],
  call: [[523, 0, 0.09], [784, 0.08, 0.12]],
  riichi: [[440, 0, 0.08], [587, 0.08, 0.08], [880, 0.16, 0.2]],
  win: [[523, 0, 0.12], [659, 0.1, 0.12], [784, 0.2, 0.12], [1047, 0.3, 0.3]],
};

const KEY = 'jantaku.muted';

/** Plays the table's sounds (sound.ts says which); apart from it because it needs the DOM's Web Audio. */
export class Sounds {
  private ctx: AudioContext | null = null;
  muted: boolean;

  constructor() {
    this.muted = localStorage.getItem(KEY) === '1';
  }

  setMuted(on: boolean): void {
    this.muted = on;
    localStorage.setItem(KEY, on ? '1' : '0');
  }

  /** Plays `name` unless muted; returns whether it played. Browsers start audio only after a user gesture: before one, nothing is heard. */
  play(name: SoundName | null): boolean {
    if (!name || this.muted || typeof AudioContext === 'undefined') return false;
    this.ctx ??= new AudioContext();
    const ctx = this.ctx;
    if (ctx.state === 'suspended') void ctx.resume();
    const t0 = ctx.currentTime;
    for (const [freq, at, len] of NOTES[name]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = name === 'discard' ? 'triangle' : 'sine';
      osc.frequency.value = freq;
      // A quick attack and an exponential fall, so no click is heard at either end.
      gain.gain.setValueAtTime(0.0001, t0 + at);
      gain.gain.exponentialRampToValueAtTime(0.18, t0 + at + 0.005);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + len);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + at);
      osc.stop(t0 + at + len + 0.02);
    }
    return true;
  }
}
