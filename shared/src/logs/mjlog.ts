/**
 * Tenhou's mjlog XML (`<mjloggm ver="2.3">`): export of a game, import into the tenhou.net/6
 * model (which `replayGame` plays through the engine), and the meld codes both use.
 */
export { toMjlog, tenhouEncode, goType, type MjlogPlayers } from './mjlogExport';
export { fromMjlog } from './mjlogImport';
export { encodeMeld, decodeMeld, MeldCodeError } from './mjlogMeld';
export { MjlogError, scanMjlog, type MjlogTag } from './mjlogXml';
