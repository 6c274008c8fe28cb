/**
 * The tenhou.net/6 JSON log format: typed parsing with precise errors, and serialisation
 * back to the same JSON. The engine builds Tenhou6Game values and serialises them.
 */
export * from './tenhou6Types';
export { Tenhou6Error, kyokuLabel, type Tenhou6HandRef } from './tenhou6Error';
export { parseTenhou6 } from './tenhou6Parse';
export { serializeTenhou6, toTenhou6Json, type Tenhou6Json } from './tenhou6Serialize';
export { tileFromCode, tileToCode } from './tenhou6Tiles';
export * from './tenhou6Yaku';
export * from './tenhou6Points';
