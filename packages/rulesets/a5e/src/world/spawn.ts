import { joinCreature, type CreatureSetup, type Json, type Resolution } from '@fray/engine';
import type { StatBlock } from '../sheet/stat-block';
import type { ActiveEntry } from './config';
import { readWorldConfig, WORLD_VARS } from './config';
import { participantsIn } from './area';
import { placeBeside } from './displace';
import type { WorldEffect } from './types';

/** Tags on creatures the world makes; the puppet's lets it see through the fog (A5E-WORLD-30). */
export const WORLD_MADE = 'world-made';
export const SEES_THROUGH_FOG = 'sees-through-fog';

/**
 * The leech swarm's statistics are outside the seeds (A5E-WORLD-43); this stand-in is ours and the
 * Narrator may give another in `options.environmentCreatures.leeches`.
 */
export const defaultLeechSwarm: Json = {
  name: 'Swarm of Leeches', kind: 'monster', size: 'medium', hitDice: 5, proficiency: 2,
  abilities: { str: 6, dex: 12, con: 12, int: 1, wis: 8, cha: 2 },
  ac: 11, hp: 22, speed: { walk: 5, swim: 30 },
  resist: ['bludgeoning', 'piercing', 'slashing'],
  conditionImmunities: ['charmed', 'frightened', 'grappled', 'paralyzed', 'prone', 'restrained', 'stunned'],
  attacks: [{ id: 'bites', name: 'Bites', kind: 'melee', bonus: 3, damage: '2d4', damageType: 'piercing' }],
};

/** The id of the n-th creature of a kind the world makes (`leeches-1`, `leeches-2` ...). */
export const spawnId = (base: string, n: number): string => `${base}-${n}`;

function nextSpawnId(ctx: Resolution, base: string): string {
  const counts = (ctx.state.vars[WORLD_VARS.spawned] as Record<string, number> | undefined) ?? {};
  let n = (counts[base] ?? 0) + 1;
  while (ctx.state.creatures[spawnId(base, n)]) n++;
  ctx.emit({ type: 'VarSet', creatureId: null, key: WORLD_VARS.spawned, value: { ...counts, [base]: n } });
  return spawnId(base, n);
}

/** The ids Leeches gives its swarms (`spawnId`'s base). */
export const LEECHES = 'leeches';

/**
 * The swarm Leeches brings in (A5E-WORLD-43) as it joins: on a side of its own (hostile to every
 * creature), made by the world, no initiative of its own (it rolls when it joins, A5E-INIT-7), with
 * `sheet` for statistics. The compiled fight builds its swarms from this too.
 */
export function leechSwarmSetup(id: string, sheet: Json, a: ActiveEntry): CreatureSetup {
  return { id, side: `world:${id}`, controller: null, sheet, tags: [WORLD_MADE, LEECHES], notes: `${a.name} (${a.entry.ruleId})` };
}

/** Which statistics the created creature uses: the Narrator's choice, defaulting to the built-in one. */
function askStats(ctx: Resolution, a: ActiveEntry, defaultLabel: string): Json | null {
  const custom = readWorldConfig(ctx.state).creatures[a.entry.id];
  // Only a real choice is asked: without a stat block in the options the built-in one is used.
  if (!custom) return null;
  const options = [{ id: 'custom', label: 'the stat block given in the encounter options' }, { id: 'default', label: defaultLabel }];
  const answer = ctx.ask({ key: 'world.spawnStats', to: { role: 'gm' }, about: null, text: `${a.name}: which statistics does it use?`, options, ruleId: a.entry.ruleId });
  return answer === 'custom' ? custom : null;
}

/** Creatures in the entry's area the world may act on, leaving out what the world itself made. */
export function worldTargets(ctx: Resolution, entryId: string): string[] {
  return participantsIn(ctx.state, entryId).filter((id) => !ctx.state.creatures[id]!.tags.includes(WORLD_MADE));
}

/**
 * Shadow Puppet (A5E-WORLD-30) and Leeches (A5E-WORLD-43): a creature joins mid-fight. The puppet copies
 * a random creature in the haze, acts on count 20 (A5E-INIT-5) and is on a side of its own (hostile to
 * everyone); the swarm rolls initiative when it joins (A5E-INIT-7).
 */
export function spawnFromWorld(ctx: Resolution, a: ActiveEntry, effect: Extract<WorldEffect, { kind: 'spawn' }>, pool: readonly string[]): string | null {
  if (effect.creature === 'shadow-puppet') {
    if (!pool.length) return null;
    const pick = pool.length === 1 ? 0 : ctx.roll(`1d${pool.length}`, { roller: null, purpose: `${a.name}: which creature it copies` }).total - 1;
    const model = ctx.state.creatures[pool[pick]!]!;
    const custom = askStats(ctx, a, `a copy of ${model.name}'s statistics`);
    // A copy is a monster whatever it copies, so a player character's dying rules do not come with it.
    const sheet = custom ?? ({ ...(model.sheet as Record<string, Json>), kind: 'monster' } as Json);
    const id = nextSpawnId(ctx, 'shadow-puppet');
    const setup: CreatureSetup = {
      id, name: model.name, side: `world:${id}`, controller: null, sheet,
      tags: [WORLD_MADE, SEES_THROUGH_FOG, 'shadow-puppet'],
      notes: `${a.name} (${a.entry.ruleId}) looking like ${model.name}`,
      ...(typeof effect.initiative === 'number' ? { initiative: effect.initiative } : {}),
    };
    joinCreature(ctx, setup, { ruleId: 'A5E-INIT-5' });
    placeBeside(ctx, id, model.id, (sheet as unknown as StatBlock).size ?? 'medium');
    ctx.emit({ type: 'RuleApplied', ruleId: a.entry.ruleId, text: `${a.name}: a shadow looking exactly like ${model.name} appears${typeof effect.initiative === 'number' ? `, acting on initiative count ${effect.initiative}` : ''}; it sees through the fog and is hostile to every creature`, creatureId: id });
    return id;
  }
  const custom = askStats(ctx, a, 'the built-in swarm of leeches');
  const sheet = custom ?? defaultLeechSwarm;
  const id = nextSpawnId(ctx, LEECHES);
  joinCreature(ctx, leechSwarmSetup(id, sheet, a), { ruleId: 'A5E-INIT-7' });
  if (pool[0]) placeBeside(ctx, id, pool[0], (sheet as unknown as StatBlock).size ?? 'medium');
  ctx.emit({ type: 'RuleApplied', ruleId: a.entry.ruleId, text: `${a.name}: a swarm rises from the water to attack the creatures in the area`, creatureId: id });
  return id;
}
