import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { actionMenu, Encounter, type Json } from '@fray/engine';
import { loadScenarioFile } from '@fray/cli';
import type { MovementMenu } from '../../src/model/actions';
import { commandOf, costWords, dropKeyOf, placesAt, placeWords } from '../../src/model/zone-places';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** Five Torches Deep in zones (Wren engaged with a gob, Sable on the stairs), on Sable's turn: the engine's own menu. */
function ftdMenu(spend = false): MovementMenu {
  const { ruleset, setup } = loadScenarioFile(path.join(repoRoot, 'scenarios/five-torches-deep/shot-into-melee.yaml'));
  const enc = Encounter.create(setup, { ruleset });
  const ok = enc.dispatch({ id: 'start', issuedBy: { role: 'gm' }, command: { type: 'startCombat' } });
  if (!ok.ok) throw new Error(ok.error.message);
  if (spend) {
    const moved = enc.dispatch({ id: 'm', issuedBy: { role: 'gm' }, command: { type: 'move', creatureId: 'sable', to: { engage: 'slinger' } } });
    if (!moved.ok) throw new Error(moved.error.message);
  }
  return actionMenu(enc.state, 'sable', { role: 'gm' }, ruleset).movement as MovementMenu;
}

const names: Record<string, string> = { sable: 'Sable', wren: 'Wren', gob: 'Gloomgob', slinger: 'Slinger' };
const nameOf = (id: string) => names[id] ?? id;

describe('zone places: where a drop lands on the engine\'s menu', () => {
  it('reads each shape the rulesets use as a creature, a zone or away', () => {
    expect([{ engage: 'g1' }, { engage: ['g1'], zone: 'ditch' }, { withdraw: 'g1', band: 'far' }, { away: true }, { zone: 'ledge' }, { zone: null }, 'ledge', 3].map((to) => dropKeyOf(to as Json)))
      .toEqual(['creature:g1', 'creature:g1', 'away', 'away', 'zone:ledge', 'zone:', 'zone:ledge', null]);
  });

  it('Five Torches Deep on Sable\'s turn: onto the gob one place (engage, a move), onto "away" a choice of bands for each creature', () => {
    const m = ftdMenu();
    const gob = placesAt(m, 'creature:gob');
    expect(gob.places.map((p) => [placeWords(p.to, nameOf), costWords(p.cost, m.costUnit), commandOf(p, 'sable')])).toEqual([
      ['engage Gloomgob', '30 ft', { type: 'move', creatureId: 'sable', to: { engage: 'gob' } }],
    ]);
    const away = placesAt(m, 'away');
    expect(away.places.map((p) => [placeWords(p.to, nameOf), p.cost])).toEqual([
      ['pull back from Wren to ranged', 30], ['pull back from Wren to far', 30],
      ['pull back from Slinger to ranged', 30], ['pull back from Slinger to far', 30],
      ['pull back from Gloomgob to ranged', 30], ['pull back from Gloomgob to far', 30],
    ]);
  });

  it('with its movement action spent, a drop on a creature finds no place and the rules\' reason instead', () => {
    const m = ftdMenu(true);
    const a = placesAt(m, 'creature:gob');
    expect(a.places).toEqual([]);
    expect(a.refusal).toEqual({ reason: 'Sable Quickfinger has no movement action left this round: trade one down or end the turn', ruleId: 'FTD-ACT-2' });
  });
});
