import type { FrayEvent, Principal } from '@fray/engine';
import { campaignPartFor, fightPartFor, menusFor, project, tableInfo } from './projection';
import type { StreamName } from './protocol';
import type { LiveTable } from './table';
import { patchJson } from './view-patch';
import { ViewTree, type ViewDiff } from './view-tree';

/**
 * Everyone who sees the same thing: the GM, or one seat. A table's pushes are worked out once per
 * audience (events redacted, narration, the view's patch, the menus) and the same text goes to each of
 * its connections. Nothing computed for one audience is ever sent to another: a seat's parts come only
 * from that seat's player views, and its patches only from its own earlier parts.
 */
export const audienceKey = (who: Principal): string => (who.role === 'gm' ? 'gm' : `seat:${who.seat}`);

/** What every audience's view shares at a push (the table's seats and the versions): worked out once per push. */
export interface SharedView {
  table: ReturnType<typeof tableInfo>;
  versions: ReturnType<LiveTable['versions']>;
}

export function sharedView(t: LiveTable): SharedView {
  return { table: tableInfo(t), versions: t.versions() };
}

export class Audience {
  /** the view serial every connection of this audience has reached */
  seq = 0;
  /** the view every connection of this audience holds, as parts (empty until someone has had a view) */
  private tree: ViewTree | null = null;
  /** each stream's open prompts for this audience, at the stream version the tree holds */
  private campaignPrompts: unknown[] = [];
  private fightPrompts: unknown[] = [];
  /**
   * The menus of the fight version `key`, as the JSON text they are sent as: kept as one string rather
   * than the object graph, because it lives until the table's next command and the young generation's
   * collections copy every object still alive (a text is one object).
   */
  private menus: { key: string; text: string | null } | null = null;

  constructor(readonly who: Principal) {}

  /**
   * Moves the audience's view to now: the patch's JSON text, or null when nothing changed (or nobody
   * had a view to patch). A stream's part is built and compared again only when that stream has moved
   * (a fight command leaves the campaign's part as it was).
   */
  advance(t: LiveTable, shared: SharedView = sharedView(t)): string | null {
    const first = !this.tree;
    const tree = (this.tree ??= new ViewTree());
    const diff: ViewDiff = { del: [], set: [] };
    tree.section('table', null, () => shared.table, diff);
    const campaignKey = String(t.campaign.version);
    tree.section('campaign', campaignKey, () => {
      const c = campaignPartFor(t, this.who);
      this.campaignPrompts = c.prompts;
      return c.view;
    }, diff);
    const fightKey = t.fight ? `${t.fight.state.id}:${t.fight.version}` : 'none';
    tree.section('fight', fightKey, () => {
      const f = fightPartFor(t, this.who);
      this.fightPrompts = f.prompts;
      return f.view;
    }, diff);
    tree.section('prompts', `${campaignKey}/${fightKey}`, () => [...this.campaignPrompts, ...this.fightPrompts], diff);
    tree.section('versions', null, () => shared.versions, diff);
    if (first || (!diff.del.length && !diff.set.length)) return null;
    const base = this.seq;
    this.seq++;
    return patchJson(base, this.seq, diff);
  }

  /** The `events` message for new events on a stream, as this audience's text. */
  eventsText(t: LiveTable, stream: StreamName, events: readonly FrayEvent[], shared?: SharedView): string {
    const head = JSON.stringify(project(t, this.who, stream, events));
    const patch = this.advance(t, shared) ?? patchJson(this.seq, this.seq, { del: [], set: [] });
    return `${head.slice(0, -1)},"patch":${patch}}`;
  }

  /** The `actions` message for this audience now, or null when it gets no menu (cached per fight version). */
  actionsText(t: LiveTable): string | null {
    const key = t.fight ? `${t.fight.state.id}:${t.fight.version}` : 'none';
    if (this.menus?.key !== key) {
      const menus = menusFor(t, this.who);
      this.menus = { key, text: menus ? JSON.stringify(menus) : null };
    }
    if (this.menus.text === null) return null;
    // The same text as JSON.stringify({ type, versions, actions }).
    return `{"type":"actions","versions":${JSON.stringify(t.versions())},"actions":${this.menus.text}}`;
  }
}
