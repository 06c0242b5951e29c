import {
  Campaign, ContentError, Encounter, creatureSetupSchema, encounterHistory, encounterSetupFromCampaign, type CampaignState, type CreatureSetup, type EncounterState,
  type Json, type LoadedRuleset,
} from '@fray/engine';
import { LibrarySetupError, resolveLibraryFoes, sourceOfLibrary, type ContentLibrary } from './content-library';
import { withNextFightMap } from './next-fight-map';
import type { LibrarySetup, OddsRequest, WireError } from './protocol';
import type { LiveTable } from './table';

/**
 * The odds of a fight before it starts need the fight's first state: the same creatures, places and
 * checks the real start would make, with nothing stored. Two fights are asked about: a new table's
 * first fight (the library request `POST /api/tables` would take) and, between fights, the next fight
 * of a table (the members and foes `startFight` would take).
 */

/** The state a new table's first fight would start in: the campaign's party carried into it, with the foes, on its map. */
export function firstFightOfLibrary(library: ContentLibrary, rulesets: Record<string, LoadedRuleset>, req: LibrarySetup): { ruleset: LoadedRuleset; state: EncounterState } | { error: WireError } {
  try {
    // Seeded dice: the simulator rolls its own, whatever the table will use.
    const { diceMode: _entered, ...seeded } = req;
    const source = sourceOfLibrary(library, rulesets, seeded, 'odds');
    const ruleset = rulesets[source.ruleset]!;
    const campaign = Campaign.create({ ...source.campaign, id: 'odds' }, { ruleset }).log.state;
    const fight = source.fight!;
    const setup = encounterSetupFromCampaign(campaign, { id: fight.id ?? 'fight-1', seed: 'odds', foes: fight.foes ?? [], ...(fight.space !== undefined ? { space: fight.space as never } : {}) });
    return { ruleset, state: Encounter.create(setup, { ruleset }).state };
  } catch (e) {
    // Named as in the odds request's body ({library: …}), not the table request's ({from: {library: …}}).
    if (e instanceof LibrarySetupError) {
      const at = e.path[0] === 'from' ? e.path.slice(1) : e.path;
      return { error: { code: 'invalid-setup', message: `${at.join('.')}: ${e.reason}`, path: at } };
    }
    if (e instanceof ContentError) return { error: { code: 'invalid-setup', message: `library.${e.path.join('.') || '(root)'}: ${e.reason}`, path: ['library', ...e.path] } };
    throw e;
  }
}

/**
 * The state a table's next fight would start in, between fights: the members named (default: the whole
 * roster) carried as they stand now (hit points, conditions, resources), and the foes (library refs or
 * creature setups, checked as `startFight` checks them).
 */
export function nextFightOf(table: LiveTable, library: ContentLibrary | undefined, next: NonNullable<OddsRequest['next']>): { state: EncounterState } | { error: WireError } {
  const campaign: CampaignState = table.campaign.state;
  const resolved = resolveLibraryFoes(library, table.ruleset.id, campaign.creatureIds, next.foes ?? []);
  if (!resolved.ok) return { error: { ...resolved.error, message: resolved.error.message.replace(/^fight\./, 'next.'), path: ['next', ...(resolved.error.path ?? []).slice(1)] } };
  // Everyone on the map the GM chose for the next fight, placed as startFight would place them.
  const placed = withNextFightMap(table.ruleset, campaign, { ...(next.members ? { members: next.members } : {}), foes: resolved.foes, ...(next.map ? { map: next.map } : {}) });
  if (!placed.ok) return { error: { ...placed.error, message: placed.error.message.replace(/^fight\b/, 'next'), path: ['next', ...(placed.error.path ?? []).slice(1)] } };
  const space = (placed.spec as { space?: Json }).space;
  const foes: CreatureSetup[] = [];
  for (const [i, raw] of resolved.foes.entries()) {
    const p = creatureSetupSchema.safeParse(raw);
    if (!p.success) {
      const issue = p.error.issues[0];
      return { error: { code: 'malformed', message: `next.foes.${i}: ${issue?.message ?? 'invalid'}`, path: ['next', 'foes', i, ...(issue?.path ?? []).map((x) => (typeof x === 'symbol' ? String(x) : x))] } };
    }
    foes.push(p.data as CreatureSetup);
  }
  const id = `fight-${encounterHistory(campaign).length + 1}`;
  try {
    const setup = encounterSetupFromCampaign(campaign, { id, seed: 'odds', foes, ...(next.members ? { members: next.members } : {}), ...(space !== undefined ? { space } : {}) });
    return { state: Encounter.create(setup, { ruleset: table.ruleset }).state };
  } catch (e) {
    if (!(e instanceof ContentError)) throw e;
    // The engine names a foe by its place among the fight's creatures: the request calls them foes.
    const at = e.path[0] === 'creatures' ? ['next', 'foes', ...e.path.slice(1)] : ['next', ...e.path];
    return { error: { code: 'invalid-setup', message: `${at.join('.')}: ${e.reason}`, path: at } };
    throw e;
  }
}
