import type { A5eModule } from '../module';
import { addCondition } from '@fray/engine';
import { sheetOf } from '../sheet/derived';

/**
 * Dropping to 0 hit points: characters and important NPCs fall unconscious (A5E-DYING-1), monsters
 * die (A5E-DYING-15). The dying module adds death saves, fatigue and the attacker's choices.
 */
export const dyingModule: A5eModule = {
  id: 'a5e.dying',
  hooks: [
    {
      stage: 'hp.zero', id: 'a5e.dying.drop', priority: 100, ruleId: 'A5E-DYING-1',
      run: (ctx, p) => {
        const c = ctx.state.creatures[p.creatureId]!;
        if (c.status === 'dead') return;
        const sheet = sheetOf(c);
        if (sheet.kind === 'monster' && !sheet.important) {
          ctx.emit({ type: 'StatusSet', creatureId: c.id, status: 'dead', ruleId: 'A5E-DYING-15' });
          return;
        }
        ctx.emit({ type: 'StatusSet', creatureId: c.id, status: 'dying', ruleId: 'A5E-DYING-1' });
        addCondition(ctx, c.id, 'unconscious', { source: p.source, ruleId: 'A5E-DYING-1' });
      },
    },
  ],
};
