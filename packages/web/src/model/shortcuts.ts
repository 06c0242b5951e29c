/** Every keyboard shortcut, in one list: the `?` overlay shows it and the screens' key handlers follow it. */
export interface Shortcut {
  keys: string[];
  what: string;
  /** where it works */
  where: string;
}

export const SHORTCUTS: Shortcut[] = [
  { keys: ['?'], what: 'Show this list of shortcuts (Esc closes it)', where: 'every screen' },
  { keys: ['N'], what: 'Next turn: end the acting creature’s turn', where: 'GM, in a fight' },
  { keys: ['U'], what: 'Undo (as many steps as chosen beside the Undo button)', where: 'GM, in a fight' },
  { keys: ['E'], what: 'End your turn', where: 'player, on your turn' },
  { keys: ['D'], what: 'Go to the dice pad of the first prompt waiting for dice', where: 'when dice are to be entered' },
  { keys: ['M'], what: 'Go to the map to move the acting creature', where: 'in a fight with a grid map' },
  { keys: ['←', '↑', '→', '↓'], what: 'Move the destination one square (and see the path, its cost and who it provokes)', where: 'on the map' },
  { keys: ['Enter'], what: 'Make the previewed move (the rules decide it)', where: 'on the map' },
  { keys: ['Esc'], what: 'Cancel the move preview or a drag', where: 'on the map' },
  { keys: ['Tab', 'Shift+Tab'], what: 'Next / previous control; every button is reachable', where: 'every screen' },
];

/** Keys typed into a field belong to the field, not to the shortcuts. */
export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA' || el.isContentEditable;
}
