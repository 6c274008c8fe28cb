import type { Game } from '@jantaku/shared/game/game';
import { handFairness, handSalt, shuffledTiles, wallCommitment, type HandFairness, type WallAlgorithm } from '@jantaku/shared/game/shuffle';

/**
 * Provable fairness (docs/FAIRNESS.md): every hand's wall is committed to before it is dealt,
 * its salt and wall are published once it is over, the seed once the game is.
 */

/** The hand the table's `wallCommitment` names: the one in play, or between hands the next one (committed before its deal). */
export function committedHand(game: Game): number {
  return game.phase === 'handEnded' ? game.deal + 1 : game.deal;
}

/** A table's commitments, one hand at a time (the room asks after every action; the wall is shuffled once per hand). */
export class WallCommitments {
  private hand = -1;
  private value = '';

  constructor(
    private readonly seed: string,
    private readonly algorithm: WallAlgorithm,
  ) {}

  of(hand: number): string {
    if (hand !== this.hand) {
      this.value = wallCommitment(handSalt(this.seed, hand), shuffledTiles(this.seed, hand, this.algorithm));
      this.hand = hand;
    }
    return this.value;
  }
}

/** The answer of `GET /api/games/:id/fairness`. */
export interface FairnessReport {
  algorithm: WallAlgorithm;
  /** The table's creator chose the seed (a test or a reproduction): it could compute every wall. */
  chosenSeed: boolean;
  /** Only once the game has ended. */
  seed?: string;
  hands: HandFairness[];
}

/**
 * What may be published of a game now: every hand dealt (and, between hands, the next one) with
 * its commitment; salt and wall only for the hands that are over; the seed once the game is over.
 */
export function fairnessReport(game: Game, seed: string, algorithm: WallAlgorithm, chosenSeed: boolean): FairnessReport {
  const over = game.phase === 'gameOver';
  const hands = game.hands.map((h, i) => handFairness(seed, i, algorithm, h.result !== null || over));
  if (game.phase === 'handEnded') hands.push(handFairness(seed, game.deal + 1, algorithm, false));
  return over ? { algorithm, chosenSeed, seed, hands } : { algorithm, chosenSeed, hands };
}
