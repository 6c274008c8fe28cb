import type { Command, LegalAction } from '../game/types';
import type { TableView } from '../game/views';

/** A pure strategy: what to do, given what the seat may know and may do. */
export type Bot = (view: TableView, legal: LegalAction[]) => Command;
