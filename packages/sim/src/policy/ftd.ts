import { hasCondition, type Command, type CreatureState, type EncounterState } from '@fray/engine';
import { isUp } from './demo';

/** Seconds between one round of stabilizing attempts and the next after a fight: a round's worth (FTD-DEATH-2's minute is ten rounds). */
const ATTEMPT_SECONDS = 6;
/** The dying window (FTD-DEATH-2): whoever is still dying a minute on has died. */
const MINUTE = 60;

/** An ally who can try to stabilize: up, and not one who has given in (FTD-DEATH-3, FTD-MORALE-1). */
const canHelp = (c: CreatureState) => isUp(c) && !hasCondition(c, 'surrendered');

/**
 * Five Torches Deep's minute after the fight, for the simulator (FTD-DEATH-2, FTD-DEATH-3), one beat
 * at a time: first the table ends the fight (`ftd.endFight`: those who dropped more than a minute ago
 * die, the others keep what is left of their minute). Then, while anyone is dying, every ally up on
 * its side tries once to stabilize a dying ally (a WIS check at DC 11, with the stabilized PC's
 * injury roll), the first dying ally nobody else is helping, and six seconds pass; when nobody can
 * help, the rest of the minute passes and the dying die. `stabilize: false` leaves the dying alone
 * (the table without a helper), so the two can be compared.
 */
export function ftdAfterFight(stabilize = true): (state: EncounterState) => Command[] {
  return (state) => {
    if (state.phase !== 'combat') return [];
    if (state.vars['ftd.fightOver'] !== true) return [{ type: 'ftd.endFight' }];
    const dying = state.creatureIds.filter((id) => state.creatures[id]!.status === 'dying');
    if (dying.length === 0) return [];
    const cmds: Command[] = [];
    if (stabilize) {
      const helped = new Set<string>();
      for (const id of state.creatureIds) {
        const helper = state.creatures[id]!;
        if (!canHelp(helper)) continue;
        const mine = dying.filter((d) => d !== id && state.creatures[d]!.side === helper.side);
        const patient = mine.find((d) => !helped.has(d)) ?? mine[0];
        if (patient === undefined) continue;
        helped.add(patient);
        cmds.push({ type: 'takeAction', actorId: id, action: 'stabilize', targets: [patient], options: { method: 'check' } });
      }
    }
    cmds.push({ type: 'ftd.passTime', seconds: cmds.length ? ATTEMPT_SECONDS : MINUTE });
    return cmds;
  };
}

/** A Five Torches Deep fight the table has already ended (`ftd.endFight`) has nothing left to simulate. */
export function ftdFightOver(state: EncounterState): string | null {
  return state.vars['ftd.fightOver'] === true ? 'the fight has been ended (ftd.endFight): there is nothing left to simulate' : null;
}
