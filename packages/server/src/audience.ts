import type { FrayEvent, Principal } from '@fray/engine';
import { campaignPartFor, fightPartFor, menusFor, project, tableInfo } from './projection';
import type { StreamName } from './protocol';
import type { LiveTable } from './table';
import { cutView, diffViewParts, patchJson, type ViewParts } from './view-patch';

/**
 * Everyone who sees the same thing: the GM, or one seat. A table's pushes are worked out once per
 * audience (events redacted, narration, the view's patch, the menus) and the same text goes to each of
 * its connections. Nothing computed for one audience is ever sent to another: a seat's parts come only
 * from that seat's player views, and its patches only from its own earlier parts.
 */
export const audienceKey = (who: Principal): string => (who.role === 'gm' ? 'gm' : `seat:${who.seat}`);

interface StreamCache {
  /** `<version>` of the campaign, `<id>:<version>` of the fight, or 'none' */
  key: string;
  parts: ViewParts;
  prompts: unknown[];
}

/** The parts every audience's view shares (the table's seats and the versions): cut once per push. */
export function sharedParts(t: LiveTable): ViewParts {
  return cutView(t.versions(), ['versions'], cutView(tableInfo(t), ['table']));
}

export class Audience {
  /** the view serial every connection of this audience has reached */
  seq = 0;
  /** the parts of the view every connection of this audience holds (null: nobody has had a view yet) */
  parts: ViewParts | null = null;
  private campaign: StreamCache | null = null;
  private fight: StreamCache | null = null;
  private menus: { key: string; menus: Record<string, unknown> | null } | null = null;

  constructor(readonly who: Principal) {}

  /**
   * The parts of this audience's view now, without the menus. A stream's part is built again only
   * when that stream has moved (a fight command leaves the campaign's player view as it was).
   */
  currentParts(t: LiveTable, shared: ViewParts = sharedParts(t)): ViewParts {
    const campaignKey = String(t.campaign.version);
    if (this.campaign?.key !== campaignKey) {
      const c = campaignPartFor(t, this.who);
      this.campaign = { key: campaignKey, parts: cutView(c.view, ['campaign'], new Map()), prompts: c.prompts };
    }
    const fightKey = t.fight ? `${t.fight.state.id}:${t.fight.version}` : 'none';
    if (this.fight?.key !== fightKey) {
      const f = fightPartFor(t, this.who);
      this.fight = { key: fightKey, parts: cutView(f.view, ['fight'], new Map()), prompts: f.prompts };
    }
    const out: ViewParts = new Map(shared);
    for (const [k, p] of this.campaign.parts) out.set(k, p);
    for (const [k, p] of this.fight.parts) out.set(k, p);
    cutView([...this.campaign.prompts, ...this.fight.prompts], ['prompts'], out);
    return out;
  }

  /**
   * Moves the audience's view to now: the patch's JSON text, or null when nothing changed (or nobody
   * had a view to patch).
   */
  advance(t: LiveTable, shared?: ViewParts): string | null {
    const next = this.currentParts(t, shared);
    const prev = this.parts;
    this.parts = next;
    if (!prev) return null;
    const diff = diffViewParts(prev, next);
    if (diff.empty) return null;
    const base = this.seq;
    this.seq++;
    return patchJson(base, this.seq, diff);
  }

  /** The `events` message for new events on a stream, as this audience's text. */
  eventsText(t: LiveTable, stream: StreamName, events: readonly FrayEvent[], shared?: ViewParts): string {
    const head = JSON.stringify(project(t, this.who, stream, events));
    const patch = this.advance(t, shared) ?? patchJson(this.seq, this.seq, { del: [], set: [] });
    return `${head.slice(0, -1)},"patch":${patch}}`;
  }

  /** The `actions` message for this audience now, or null when it gets no menu (cached per fight version). */
  actionsText(t: LiveTable): string | null {
    const key = t.fight ? `${t.fight.state.id}:${t.fight.version}` : 'none';
    if (this.menus?.key !== key) this.menus = { key, menus: menusFor(t, this.who) };
    if (!this.menus.menus) return null;
    return JSON.stringify({ type: 'actions', versions: t.versions(), actions: this.menus.menus });
  }
}
