import { describe, expect, it } from 'vitest';
import { Decoder, Encoder } from '@colyseus/schema';
import { TableState } from '@jantaku/shared/schema/table';
import { parseTableOptions } from '../../server/src/rooms/options';
import { newTableState } from '../../server/src/rooms/projection';
import { serveDuringFile, until } from './harness';

const served = serveDuringFile();

/** The state as a client decodes it from the room's encoding. */
function decoded(state: TableState): TableState {
  const decoder = new Decoder(new TableState());
  decoder.decode(new Encoder(state).encodeAll());
  return decoder.state;
}

describe("the table state's name (issue 15 item 10: the header shows the creator's name)", () => {
  it("carries the creator's name from the table's settings; empty when the creator gave none", () => {
    const named = parseTableOptions({ ruleset: 'wrc2015', name: '  Friday club ' });
    expect(decoded(newTableState(named.rules, named.name)).name).toBe(named.name);
    expect(named.name).toBe('Friday club');
    // Unnamed: the settings' name is the ruleset's, which is no name of the creator's.
    const plain = parseTableOptions({ ruleset: 'wrc2015' });
    expect(plain.name).toBe(plain.rules.name);
    expect(decoded(newTableState(plain.rules, plain.name)).name).toBe('');
    expect(decoded(newTableState(plain.rules)).name).toBe('');
    expect(decoded(newTableState(plain.rules)).ruleset).toBe('wrc2015');
  });

  it("reaches a client of a live table its creator named, and not one left unnamed", async () => {
    const named = await served.client().create<TableState>('table', { ruleset: 'wrc2015', name: 'Friday club', seat: 0 });
    const plain = await served.client().create<TableState>('table', { ruleset: 'wrc2015', seat: 0 });
    try {
      await until('both states', () => named.state?.ruleset === 'wrc2015' && plain.state?.ruleset === 'wrc2015');
      expect(named.state.name).toBe('Friday club');
      expect(plain.state.name).toBe('');
    } finally {
      await Promise.all([named.leave(true), plain.leave(true)]);
    }
  });
});
