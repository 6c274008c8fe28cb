const WINDS = ['East', 'South', 'West', 'North'];

/** "East 1, honba 0" for kyoku 0 honba 0; "South 4, honba 2" for kyoku 7 honba 2. */
export const kyokuLabel = (round: number, honba: number): string =>
  `${WINDS[Math.floor(round / 4)]} ${(round % 4) + 1}, honba ${honba}`;

export interface Tenhou6HandRef {
  /** Index of the hand in the (merged) game. */
  index: number;
  /** Kyoku label, when the hand's header could be read. */
  label?: string;
}

/** A log that is not a well-formed tenhou.net/6 log, with where and why. */
export class Tenhou6Error extends Error {
  constructor(
    readonly file: string,
    /** 1-based line, for JSON-lines input. */
    readonly line: number | null,
    readonly hand: Tenhou6HandRef | null,
    /** Path inside the JSON object, e.g. `log[3][5][2]`; '' for the whole object. */
    readonly field: string,
    readonly reason: string,
  ) {
    const where = [
      line === null ? file : `${file}:${line}`,
      hand && `hand ${hand.index}${hand.label ? ` (${hand.label})` : ''}`,
      field,
    ].filter(Boolean);
    super(`${where.join(', ')}: ${reason}`);
    this.name = 'Tenhou6Error';
  }
}
