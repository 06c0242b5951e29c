import type { ConditionInstance, Duration } from '@fray/engine';

/** 'movementFeet' → 'movement feet', 'bonusAction' → 'bonus action', 'dice.enter' → 'dice enter'. */
export function humanize(id: string): string {
  return id
    .replace(/^[a-z0-9]+\./, (m) => (m.length <= 6 ? '' : m))
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_.]+/g, ' ')
    .toLowerCase()
    .trim();
}

export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** How a duration reads on a creature's card: "until the end of Vessa's next turn", "2 rounds". */
export function durationWords(d: Duration, nameOf: (id: string) => string): string {
  switch (d.kind) {
    case 'untilRemoved':
      return '';
    case 'turns': {
      const who = d.creatureId === 'someone' ? "someone's" : `${nameOf(d.creatureId)}'s`;
      if (d.count <= 1) return `until the ${d.boundary} of ${who} next turn`;
      return `${d.count} more turns, ending at the ${d.boundary} of ${who} turn`;
    }
    case 'gameTime':
      return d.seconds >= 3600 ? `${Math.round(d.seconds / 360) / 10} h` : d.seconds >= 60 ? `${Math.round(d.seconds / 60)} min` : `${d.seconds} s`;
    case 'saveEnds':
      return `save ends (${d.timing} of turn)`;
    case 'untilRest':
      return `until a ${humanize(d.rest)} rest`;
    case 'endOfEncounter':
      return 'until the fight ends';
  }
}

export function conditionWords(c: ConditionInstance, nameOf: (id: string) => string): { name: string; detail: string } {
  const name = humanize(c.conditionId) + (c.level !== undefined ? ` ${c.level}` : '');
  const parts = [durationWords(c.duration, nameOf)];
  if (c.source && c.source !== 'someone' && nameOf(c.source) !== c.source) parts.push(`from ${nameOf(c.source)}`);
  if (c.impliedBy) parts.push('(brought by another condition)');
  return { name, detail: parts.filter(Boolean).join(' ') };
}

/** HP band words with a symbol, so the state never rests on colour alone. */
export function bandWords(band: string): { word: string; symbol: string } {
  switch (band) {
    case 'unhurt':
      return { word: 'unhurt', symbol: '●' };
    case 'hurt':
      return { word: 'hurt', symbol: '◕' };
    case 'bloodied':
    case 'staggered':
      return { word: band, symbol: '◑' };
    case 'down':
      return { word: 'down', symbol: '○' };
    case 'dead':
      return { word: 'dead', symbol: '✝' };
    default:
      return { word: humanize(band), symbol: '◌' };
  }
}

/** Rough fraction of hit points left for a band's bar (the exact number is not known to a seat). */
export function bandFraction(band: string): number {
  switch (band) {
    case 'unhurt':
      return 1;
    case 'hurt':
      return 0.75;
    case 'bloodied':
    case 'staggered':
      return 0.35;
    default:
      return 0;
  }
}

export function statusWords(status: string): { word: string; symbol: string } {
  switch (status) {
    case 'conscious':
      return { word: 'up', symbol: '' };
    case 'unconscious':
    case 'dying':
      return { word: 'dying', symbol: '✚' };
    case 'stable':
      return { word: 'stable', symbol: '✓' };
    case 'dead':
      return { word: 'dead', symbol: '✝' };
    default:
      return { word: humanize(status), symbol: '•' };
  }
}

const RESOURCE_LABELS: Record<string, string> = {
  action: 'action',
  bonusAction: 'bonus action',
  reaction: 'reaction',
  movementFeet: 'movement (ft)',
  attacksLeft: 'attacks left',
};

export function resourceLabel(key: string): string {
  return RESOURCE_LABELS[key] ?? humanize(key);
}

export function signed(n: number): string {
  return n >= 0 ? `+${n}` : `−${Math.abs(n)}`;
}

export function percent(p: number, digits = 0): string {
  return `${(p * 100).toFixed(digits)}%`;
}
