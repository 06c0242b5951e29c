import type { Ruleset } from '@fray/engine';
import { campaignLossCommand, fullHealUpCommand, rateBattleCommand, specialHealingCommand } from './heal-up';
import { quickRestCommand } from './quick-rest';
import { carryOver13a } from './state';
import { restLegalCommands } from './legal';

export * from './state';
export { quickRestCommand, rechargeRoll, usedPowerSchema } from './quick-rest';
export { BATTLE_POINTS, HEAL_UP_AT, fullHealUpCommand, rateBattleCommand, specialHealingCommand, campaignLossCommand } from './heal-up';

/** Rests between battles (13A-REST): what the ruleset spreads into its definition. */
export const restRuleset: Pick<Ruleset, 'campaignCommands' | 'carryOver' | 'campaignLegalCommands'> = {
  campaignCommands: [quickRestCommand, fullHealUpCommand, rateBattleCommand, specialHealingCommand, campaignLossCommand],
  carryOver: carryOver13a,
  campaignLegalCommands: restLegalCommands,
};

export { restLegalCommands };
