import {
  Campaign, encounterResult, encounterSetupFromCampaign, type CampaignSetup, type FightOptions, type FrayEvent, type LoadedRuleset, type PromptPolicy,
} from '@fray/engine';
import { TestTable } from './table';

/**
 * A TestTable over a campaign's log (rests, time, GM overrides between fights), with fights started
 * from it as their own TestTables and written back into it.
 */
export class CampaignTable extends TestTable {
  readonly campaign: Campaign;
  private readonly rules: LoadedRuleset;

  constructor(ruleset: LoadedRuleset, setup: Omit<CampaignSetup, 'id' | 'seed'> & { id?: string; seed?: string | number }, opts: { dice?: string; policy?: PromptPolicy } = {}) {
    let made: Campaign | undefined;
    super(ruleset, { creatures: [] }, { ...opts, authority: (rt) => (made = Campaign.create({ id: 'campaign', seed: 1, ...setup }, rt)).log });
    this.campaign = made!;
    this.rules = ruleset;
  }

  /** Records the fight's start in the campaign and returns a table for the fight itself. */
  startFight(fight: FightOptions, opts: { dice?: string; policy?: PromptPolicy } = {}): TestTable {
    const setup = encounterSetupFromCampaign(this.state, fight);
    this.run({ type: 'campaign.beginEncounter', encounterId: fight.id, members: setup.carried!.map((c) => c.id) });
    return new TestTable(this.rules, setup, opts);
  }

  /** Writes the fight back (the members the campaign sent into it). */
  recordFight(fight: TestTable): FrayEvent[] {
    const record = (this.state.vars['campaign.encounters'] as { id: string; members: string[] }[] | undefined)?.find((r) => r.id === fight.state.id);
    if (!record) throw new Error(`the campaign has no fight '${fight.state.id}'`);
    return this.run(encounterResult(fight.state, record.members));
  }
}
