/**
 * The engine's public surface; deeper modules are importable as '@jantaku/shared/<path>'.
 * @module @jantaku/shared
 */
export * from './tiles';
export * from './tiles/meld';
export * from './rules';
export * from './game/types';
export { Game, type GameOptions, type LoggedCommand, type HandLog, type HandStep, type Phase } from './game/game';
export { viewFor, type TableView, type SeatView } from './game/views';
export { rebuildGame, RebuildError } from './game/rebuild';
export { shanten, shantenRegular, shantenChiitoitsu, shantenKokushi } from './hand/shanten';
export { waits, tenpaiWaits, isTenpai, remainingCounts } from './hand/waits';
export { scoreWin } from './scoring/score';
export type { WinInput, ScoreResult, YakuId, YakuHan, LimitName, Payment } from './scoring/types';
export { scoreHand, type HandInput, type MeldInput, type Tiles, type Wind, type ScoreHandResult, type ScoredHand, type ScoredYaku, type ScoreFailure, type ScoreFailureReason } from './scoring/scoreHand';
export { YAKU_NAMES } from './scoring/yakuNames';
export type { Bot } from './bots/types';
export { tsumogiriBot } from './bots/tsumogiri';
export { efficiencyBot } from './bots/efficiency';
export { playGame } from './bots/selfPlay';
export { parseTenhou6, serializeTenhou6, Tenhou6Error } from './logs/tenhou6';
export { exportTenhou6 } from './logs/export';
export { replayGame, replayHand } from './logs/replay';
