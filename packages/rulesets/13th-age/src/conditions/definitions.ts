import { z } from 'zod';
import type { ConditionDef } from '@fray/engine';

const amount = z.string().min(1).max(60).regex(/^[0-9d+\- ]+$/, 'a dice expression or number such as 5 or 1d6');

const penalty = (selector: string, ruleId: string) => ({ kind: 'modifier' as const, selector, value: -4, type: 'condition', ruleId });

/** 13A-COND-1..10 as data; penalties are type 'condition' so only the worst one counts (13A-STACK-3). */
export const conditionDefs: ConditionDef[] = [
  { id: 'confused', name: 'Confused', ruleId: '13A-COND-2', effects: [{ kind: 'flag', flag: 'no-opportunity-attacks' }, { kind: 'flag', flag: 'confused' }] },
  { id: 'dazed', name: 'Dazed', ruleId: '13A-COND-3', effects: [penalty('attack', '13A-COND-3')] },
  { id: 'fear', name: 'Fear', ruleId: '13A-COND-4', implies: ['dazed'], effects: [{ kind: 'flag', flag: 'no-escalation', ruleId: '13A-ESC-6' }] },
  { id: 'hampered', name: 'Hampered', ruleId: '13A-COND-5', effects: [{ kind: 'flag', flag: 'basic-attacks-only' }] },
  { id: 'helpless', name: 'Helpless', ruleId: '13A-COND-6', effects: [penalty('defense', '13A-COND-6'), { kind: 'flag', flag: 'helpless' }] },
  { id: 'stuck', name: 'Stuck', ruleId: '13A-COND-7', effects: [{ kind: 'flag', flag: 'cannot-move' }] },
  { id: 'stunned', name: 'Stunned', ruleId: '13A-COND-8', effects: [penalty('defense', '13A-COND-8'), { kind: 'forbid', what: 'action' }, { kind: 'flag', flag: 'no-opportunity-attacks' }] },
  { id: 'vulnerable', name: 'Vulnerable', ruleId: '13A-COND-9', effects: [{ kind: 'flag', flag: 'vulnerable' }] },
  { id: 'weakened', name: 'Weakened', ruleId: '13A-COND-10', effects: [penalty('attack', '13A-COND-10'), penalty('defense', '13A-COND-10')] },
  { id: 'unconscious', name: 'Unconscious', ruleId: '13A-HP-5', implies: ['helpless'], effects: [{ kind: 'forbid', what: 'action' }, { kind: 'flag', flag: 'no-opportunity-attacks' }] },
  { id: 'asleep', name: 'Asleep', ruleId: '13A-COND-6', implies: ['helpless'], effects: [{ kind: 'forbid', what: 'action' }] },
  { id: 'staggered', name: 'Staggered', ruleId: '13A-HP-3', effects: [] },
  { id: 'stabilized', name: 'Stabilized', ruleId: '13A-DYING-9', effects: [] },
  { id: 'grabbed', name: 'Grabbed', ruleId: '13A-GRAB-2', effects: [{ kind: 'flag', flag: 'no-opportunity-attacks' }, { kind: 'flag', flag: 'no-ranged' }], data: { schema: z.object({ grabber: z.string().min(1).max(200) }), creatures: ['grabber'], example: '{ grabber: brute }' } },
  { id: 'invisible', name: 'Invisible', ruleId: '13A-MOD-4', effects: [{ kind: 'flag', flag: 'invisible' }] },
  /** one instance per ongoing damage effect; its data carries amount, type and the attack's natural roll */
  {
    id: 'ongoing-damage', name: 'Ongoing damage', ruleId: '13A-ONG-1', effects: [],
    data: {
      schema: z.object({ amount, type: z.string().min(1).max(40), natural: z.number().int().min(1).max(20).nullable(), magical: z.boolean(), name: z.string().min(1).max(100) }),
      example: "{ amount: '5', type: fire, natural: null, magical: false, name: 'Burning oil' }",
    },
  },
  /** fight in spirit: data { stat, value } (13A-SPEC-2) */
  { id: 'fight-in-spirit', name: 'Fought for in spirit', ruleId: '13A-SPEC-2', effects: [] },
];
