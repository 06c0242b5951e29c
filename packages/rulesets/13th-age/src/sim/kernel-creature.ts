/** What `compile.ts` hands the fight kernel: each creature and attack with its numbers from the rules' own functions. */

/** One term of a dice roll: `count` dice of `sides` with `sign`; count 0: the constant `sign`. */
export interface KernelTerm {
  count: number;
  sides: number;
  sign: number;
}

/** Who an attack made on the attacker's turn provokes among the foes engaged with it. */
export type Provokes = 'none' | 'others' | 'all';

/** An attack as the kernel makes it. */
export interface KernelAttack {
  kind: 'melee' | 'ranged' | 'close';
  /** the attack roll's modifier without the escalation die (13A-ATK-2) */
  bonus: number;
  /** the hit damage roll (13A-WPN-1/2, 13A-DMG-2) */
  damage: KernelTerm[];
  /** miss damage (13A-ATK-7): none, the attacker's level, or `missTerms` */
  miss: 'none' | 'level' | 'dice';
  missTerms: KernelTerm[];
  /** 2, plus one per distinct crit-doubling effect (13A-CRIT-3/4) */
  critMult: number;
  /**
   * made on the attacker's own turn while engaged: a spell that is not close-quarters provokes every
   * engaged foe (13A-ENGAGE-4), a ranged attack those it does not target (13A-ENGAGE-3)
   */
  provokes: Provokes;
}

export interface KernelCreature {
  id: string;
  side: number;
  hp: number;
  maxHp: number;
  level: number;
  /** the lowest its hit points go (`hpFloor`: a PC's -maximum, 13A-HP-1; 0 otherwise) */
  floor: number;
  /** a PC: falls unconscious at 0 and makes death saves (13A-HP-5, 13A-DYING); otherwise slain at 0 (13A-HP-6) */
  pc: boolean;
  /** index of its mook mob (pooled hit points, damage spilling on in join order), or -1 */
  mob: number;
  /** the initiative bonus (13A-STAT-4) */
  initiative: number;
  /** the initiative count set before the fight (it rolls none, and has no tie-break keys), or null */
  presetInitiative: number | null;
  /** index of its shared initiative roll (identical monsters, 13A-INIT-3), or -1 */
  group: number;
  /** the stat block's save bonus (death saves, disengage checks) */
  saveBonus: number;
  recoveries: number;
  /** the recovery roll (13A-HEAL-1) */
  recovery: KernelTerm[];
  /** adds the escalation die to its attacks (PCs, 13A-ESC-2; monsters whose stat block says so, 13A-ESC-3) */
  escalation: boolean;
  /** rerolls a natural 2 with a melee attack (13A-WPN-4) */
  twoWeapon: boolean;
  /** its signature attack (the first the rules would list): what the simulator's policy attacks with, or null */
  signature: KernelAttack | null;
  /**
   * its opportunity attack (the basic melee attack, 13A-ENGAGE-9): null when it has no melee attack;
   * a string says why the kernel does not model it (a fight where it is made is handed back)
   */
  opportunity: KernelAttack | string | null;
}

/** Per attacker i and target j, at i * n + j, for one of a creature's attacks. */
export interface KernelPairs {
  /** the defense the attack is against (13A-DEF-7) */
  defenses: Int32Array;
  /** the same against a helpless (unconscious) target (13A-COND-6) */
  downDefenses: Int32Array;
  /** the lowest natural that crits (13A-CRIT-1/2) */
  critFrom: Int32Array;
  /** resistance (13A-RES-2): 0 none, the number, or IMMUNE (13A-RES-4) */
  resist: Int32Array;
}

export const IMMUNE = -1;
