export {
  GameStore,
  StoreError,
  StoreUnavailableError,
  DEFAULT_DB_PATH,
  type GameStoreOptions,
  type Synchronous,
  type GameStatus,
  type StoredSeat,
  type NewGame,
  type GameRecord,
  type CommandRow,
  type SeatClaim,
  type AccountSeat,
} from './gameStore';
export { recoverGames, recoverGame, CorruptLogError, type Recovery, type RecoveryFailure, type RecoveryLogger } from './recovery';
export { MIGRATIONS, SCHEMA_VERSION, type Migration } from './migrations';
