import { z } from 'zod';
import { creatureSetupSchema, engineCommandSchemas, jsonSchema } from '../command/command';
import { engineCommands } from '../command/engine-commands';
import { ContentError } from '../core/errors';
import { cloneJson } from '../core/json';
import type { CreatureState } from '../core/state';
import type { CommandTable } from '../core/decide';
import { joinCreature } from '../procedure/join';
import type { Resolution } from '../resolve/context';
import type { CommandDef, LoadedRuleset } from '../ruleset/ruleset';
import { advanceClock } from './time';
import { CAMPAIGN_VARS, activeEncounter, encounterHistory, recordsJson } from './record';
import { carryOver } from './carry';

const id = z.string().min(1).max(200);

/** The campaign's own commands; rulesets add theirs (rests, travel) with `campaignCommands`. */
export const campaignCommandSchemas = {
  'campaign.advanceTime': z.object({ type: z.literal('campaign.advanceTime'), seconds: z.number().int().min(1).max(10 * 365 * 86_400), reason: z.string().max(500).optional() }).strict(),
  'campaign.addMember': z.object({ type: z.literal('campaign.addMember'), creature: creatureSetupSchema }).strict(),
  'campaign.removeMember': z.object({ type: z.literal('campaign.removeMember'), creatureId: id }).strict(),
  'campaign.setNotes': z.object({ type: z.literal('campaign.setNotes'), notes: z.string().max(20_000).nullable() }).strict(),
  'campaign.beginEncounter': z.object({ type: z.literal('campaign.beginEncounter'), encounterId: id, members: z.array(id).max(500) }).strict(),
  'campaign.recordEncounter': z.object({
    type: z.literal('campaign.recordEncounter'),
    encounterId: id,
    /** the game time when the fight ended (it began at the campaign's clock) */
    endedAt: z.number().int().min(0),
    rounds: z.number().int().min(0),
    endedReason: z.string().max(500).nullable(),
    /** the members' states at the end of the fight (`encounterResult` builds this) */
    creatures: z.array(jsonSchema).max(500),
  }).strict(),
} as const;

export type CampaignCommandType = keyof typeof campaignCommandSchemas;
type Cmd<K extends CampaignCommandType> = z.infer<(typeof campaignCommandSchemas)[K]>;
type Def<K extends CampaignCommandType> = Omit<CommandDef<Cmd<K>>, 'schema' | 'type'>;

/** Rules that take time or rest creatures cannot run while one of the campaign's fights is under way. */
export function requireNoFight(ctx: Resolution, what: string): void {
  const active = activeEncounter(ctx.state);
  if (active) ctx.reject('encounter-running', `${what} waits until the fight '${active.id}' is recorded (campaign.recordEncounter)`);
}

const defs: { [K in CampaignCommandType]: Def<K> } = {
  'campaign.advanceTime': {
    gmOnly: true,
    run: (ctx, c) => {
      requireNoFight(ctx, 'time passing');
      advanceClock(ctx, c.seconds, c.reason ?? 'time passes');
    },
  },
  'campaign.addMember': {
    gmOnly: true,
    run: (ctx, c) => {
      joinCreature(ctx, c.creature, { initiative: false });
    },
  },
  'campaign.removeMember': {
    gmOnly: true,
    run: (ctx, c) => {
      if (!ctx.state.creatures[c.creatureId]) ctx.reject('unknown-creature', `no creature '${c.creatureId}' in the campaign`);
      if (activeEncounter(ctx.state)?.members.includes(c.creatureId)) ctx.reject('encounter-running', `${c.creatureId} is in the fight under way; record it first`);
      ctx.emit({ type: 'CreatureRemoved', creatureId: c.creatureId });
    },
  },
  'campaign.setNotes': {
    gmOnly: true,
    allowedWhilePending: true,
    // GM-only in the log too, so redacted event streams never carry the notes.
    run: (ctx, c) => ctx.emit({ type: 'VarSet', creatureId: null, key: CAMPAIGN_VARS.notes, value: c.notes }, 'gm'),
  },
  'campaign.beginEncounter': {
    gmOnly: true,
    run: (ctx, c) => {
      requireNoFight(ctx, 'another fight');
      const history = encounterHistory(ctx.state);
      if (history.some((r) => r.id === c.encounterId)) ctx.reject('duplicate-encounter', `the campaign already had a fight '${c.encounterId}'; give this one a new id`);
      for (const m of c.members) if (!ctx.state.creatures[m]) ctx.reject('unknown-creature', `no creature '${m}' in the campaign`);
      const record = { id: c.encounterId, members: [...c.members], startedAt: ctx.state.clockSeconds, endedAt: null, rounds: null, endedReason: null };
      ctx.emit({ type: 'VarSet', creatureId: null, key: CAMPAIGN_VARS.encounters, value: recordsJson([...history, record]) });
      ctx.emit({ type: 'VarSet', creatureId: null, key: CAMPAIGN_VARS.active, value: c.encounterId });
    },
  },
  'campaign.recordEncounter': {
    gmOnly: true,
    run: (ctx, c) => {
      const active = activeEncounter(ctx.state);
      if (!active || active.id !== c.encounterId) return ctx.reject('no-such-encounter', `no fight '${c.encounterId}' is under way${active ? `; the one under way is '${active.id}'` : ''}`);
      if (c.endedAt < active.startedAt) ctx.reject('out-of-bounds', `the fight began at ${active.startedAt} s and cannot end at ${c.endedAt} s`);
      for (const raw of c.creatures) {
        const after = raw as unknown as CreatureState;
        if (!after || typeof after !== 'object' || typeof after.id !== 'string' || typeof after.hp !== 'number' || !Array.isArray(after.conditions)) {
          ctx.reject('malformed', 'each creature must be a creature state from the fight (build the command with encounterResult)');
        }
        if (!active.members.includes(after.id)) ctx.reject('not-a-member', `${after.id} was not one of the campaign's creatures in '${active.id}'`);
        const before = ctx.state.creatures[after.id];
        if (!before) continue;
        const kept = ctx.ruleset.carryOver ? ctx.ruleset.carryOver(cloneJson(after), cloneJson(before)) : carryOver(ctx.ruleset, cloneJson(after), cloneJson(before));
        ctx.emit({ type: 'CreatureAdded', creature: kept });
      }
      advanceClock(ctx, c.endedAt - ctx.state.clockSeconds, `the fight '${c.encounterId}' (${c.rounds} round${c.rounds === 1 ? '' : 's'})`);
      const history = encounterHistory(ctx.state).map((r) => (r.id === c.encounterId ? { ...r, endedAt: c.endedAt, rounds: c.rounds, endedReason: c.endedReason } : r));
      ctx.emit({ type: 'VarSet', creatureId: null, key: CAMPAIGN_VARS.encounters, value: recordsJson(history) });
      ctx.emit({ type: 'VarSet', creatureId: null, key: CAMPAIGN_VARS.active, value: null });
    },
  },
};

/** GM overrides that make sense between fights too; they run exactly as in an encounter. */
const SHARED_ENGINE_COMMANDS = ['gm.setHp', 'gm.addCondition', 'gm.removeCondition', 'gm.setTrack', 'gm.setStatus', 'gm.setCounter', 'gm.replaceRoll', 'gm.revealCreature', 'gm.setController'] as const;

const tables = new WeakMap<LoadedRuleset, Record<string, CommandDef<never>>>();

/** Every command a campaign of this ruleset accepts, checked once: ruleset commands may not shadow the engine's. */
export function campaignCommandsOf(ruleset: LoadedRuleset): Record<string, CommandDef<never>> {
  const cached = tables.get(ruleset);
  if (cached) return cached;
  // Null-prototype: looked up by the command type a client sends.
  const table: Record<string, CommandDef<never>> = Object.create(null) as Record<string, CommandDef<never>>;
  for (const [type, def] of Object.entries(defs)) table[type] = { ...def, type, schema: campaignCommandSchemas[type as CampaignCommandType] } as unknown as CommandDef<never>;
  for (const type of SHARED_ENGINE_COMMANDS) {
    table[type] = { ...(engineCommands as Record<string, object>)[type], type, schema: (engineCommandSchemas as Record<string, z.ZodType>)[type]! } as unknown as CommandDef<never>;
  }
  (ruleset.campaignCommands ?? []).forEach((c, i) => {
    if (Object.hasOwn(engineCommandSchemas, c.type) || c.type in table) {
      throw new ContentError(`ruleset:${ruleset.id}`, ['campaignCommands', i, 'type'], `'${c.type}' is already a command; name ruleset commands '<ruleset>.<verb>'`);
    }
    table[c.type] = c as unknown as CommandDef<never>;
  });
  tables.set(ruleset, table);
  return table;
}

/** The decider's table for a campaign stream. */
export const campaignCommandTable: CommandTable = (type, rt) => campaignCommandsOf(rt.ruleset)[type];
