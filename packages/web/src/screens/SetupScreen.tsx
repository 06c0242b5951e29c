import { useState } from 'preact/hooks';
import type { Json } from '@fray/engine';
import type { Table } from '../net/use-table';
import { seatName } from '../model/fight';
import { CreatureCard } from '../panels/CreatureCard';
import { EventLog } from '../panels/EventLog';
import { GmOverrides } from '../panels/GmOverrides';
import { PromptQueue } from '../panels/PromptQueue';
import { formatSeconds } from '../model/clock';
import { LibraryFoes } from '../panels/LibraryFoes';
import { foeSetups, importedFoeId, type FoeDraft } from '../model/foes';
import { ImportPanel } from '../panels/ImportPanel';
import { parseTableAddress } from '../net/protocol';
import { SeatList } from '../panels/SeatList';
import { EncounterOdds } from '../panels/EncounterOdds';
import { SETUP_FIGHTS, SETUP_SECONDS, importForTable } from '../net/setup-api';
import { NextFightMap, nextFightMapRequest, type NextFightMapValue } from '../panels/NextFightMap';
import { defaultMap } from '../model/new-table';
import { PlannedFights } from '../panels/PlannedFights';
import { DiceModeChoice, RowForm, type DiceMode } from '../panels/FormParts';

/** Between fights, per ruleset: the rests and the passing of time its campaign commands offer. */
const CAMPAIGN_ACTIONS: Record<string, { label: string; command: (ids: string[]) => { type: string; [k: string]: Json } }[]> = {
  a5e: [
    { label: 'Short rest (1 hour)', command: (ids) => ({ type: 'a5e.shortRest', creatureIds: ids, minutes: 60 }) },
    { label: 'Long rest (8 hours)', command: (ids) => ({ type: 'a5e.longRest', creatureIds: ids }) },
    { label: 'Travel 4 hours at a normal pace', command: (ids) => ({ type: 'a5e.travel', creatureIds: ids, hours: 4, pace: 'normal' }) },
  ],
  '13th-age': [
    { label: 'Quick rest', command: (ids) => ({ type: '13a.quickRest', creatureIds: ids }) },
    { label: 'Full heal-up', command: (ids) => ({ type: '13a.fullHealUp', creatureIds: ids, reason: 'earned' }) },
  ],
  'five-torches-deep': [
    { label: 'Camp (safe)', command: (ids) => ({ type: 'ftd.camp', creatureIds: ids, safe: true }) },
    { label: 'Journey one day on foot', command: (ids) => ({ type: 'ftd.journey', creatureIds: ids, days: 1 }) },
  ],
};

/**
 * The GM's screen when no fight is under way: the campaign's roster (who takes part, who controls
 * them, who is hidden), rests and the passing of time, and starting the next fight with rolled or
 * entered dice.
 */
export function SetupScreen({ table }: { table: Table }) {
  const campaign = table.campaign;
  const view = table.state.view!;
  const [members, setMembers] = useState<string[] | null>(null);
  const [diceMode, setDiceMode] = useState<DiceMode>('seeded');
  const [busy, setBusy] = useState(false);
  const [hours, setHours] = useState('1');
  const [foes, setFoes] = useState<FoeDraft[]>([]);
  const [map, setMap] = useState<NextFightMapValue>({ kind: defaultMap(view.table.ruleset.id), width: '12', height: '8' });
  if (!campaign) return <main class="setup">Loading the campaign…</main>;
  const chosen = members ?? campaign.creatures.map((c) => c.id);
  const nameOf = (id: string) => campaign.byId[id]?.name ?? id;
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    await fn();
    setBusy(false);
  };
  const party = chosen.filter((id) => campaign.byId[id]?.controller);
  const actions = CAMPAIGN_ACTIONS[view.table.ruleset.id] ?? [];
  const foeList = foeSetups(foes);
  const address = parseTableAddress(window.location.pathname, window.location.hash);
  return (
    <main class="setup-screen" data-testid="setup-screen">
      <div class="col col-left">
        <section aria-labelledby="fight-h">
          <h2 id="fight-h">Next fight</h2>
          <p>
            {view.table.ruleset.id} · game time {campaign.clockSeconds !== null ? formatSeconds(campaign.clockSeconds) : '—'}
          </p>
          <DiceModeChoice name="dice" mode={diceMode} onChange={setDiceMode} />
          {address && <PlannedFights table={table} address={address} diceMode={diceMode} busy={busy} run={run} />}
          <LibraryFoes ruleset={view.table.ruleset.id} foes={foes} onChange={setFoes} />
          {address && (
            <ImportPanel
              ruleset={view.table.ruleset.id}
              canSave={false}
              doImport={(body) => importForTable(address, body)}
              addLabel="Add as a foe"
              onAdd={(c) => {
                const id = importedFoeId(c.slug, [...campaign.creatures.map((x) => x.id), ...foes.flatMap((f) => (f.imported ? [f.imported.id] : []))]);
                const meta = c.meta as { cr?: string };
                const entry = { ref: '', name: c.name, kind: 'monster', level: meta.cr !== undefined ? `CR ${meta.cr}` : null, role: null, size: null };
                setFoes([...foes, { key: foes.reduce((m, f) => Math.max(m, f.key), 0) + 1, entry, hidden: false, imported: { id, sheet: c.statBlock as Json } }]);
              }}
            />
          )}
          <EncounterOdds
            ask={(progress) => {
              const mapRequest = nextFightMapRequest(map);
              // The map request is the one startFight takes (NextFightMap builds it): the same shape the odds take.
              const nextMap = mapRequest as { grid: { width: number; height: number } } | { zones: Record<string, never> } | null;
              return table.conn.odds({ fights: SETUP_FIGHTS, seconds: SETUP_SECONDS, next: { members: chosen, foes: foeList, ...(nextMap ? { map: nextMap } : {}) } }, progress);
            }}
            setupKey={JSON.stringify({ chosen, foeList, map, at: table.state.versions?.table ?? null })}
            disabled={chosen.length + foes.length === 0}
          />
          <NextFightMap value={map} onChange={setMap} />
          <button
            type="button"
            class="primary"
            disabled={busy || chosen.length + foes.length === 0}
            onClick={() =>
              run(async () => {
                const mapRequest = nextFightMapRequest(map);
                const r = await table.conn.startFight({ members: chosen, diceMode, ...(foeList.length ? { foes: foeList } : {}), ...(mapRequest ? { map: mapRequest } : {}) });
                if (r.ok) setFoes([]);
              })
            }
            data-testid="start-fight"
          >
            Start a fight with {chosen.length} creature{chosen.length === 1 ? '' : 's'}
            {foes.length ? ` against ${foes.length} foe${foes.length === 1 ? '' : 's'}` : ''}
          </button>
        </section>
        <section aria-labelledby="between-h">
          <h2 id="between-h">Between fights</h2>
          <p class="muted">For the {party.length} player creatures ticked below.</p>
          <div class="choices">
            {actions.map((a) => (
              <button key={a.label} type="button" disabled={busy || party.length === 0} onClick={() => run(() => table.send('table', a.command(party)))}>
                {a.label}
              </button>
            ))}
          </div>
          <RowForm
            onSubmit={() => {
              const h = Number(hours);
              if (h > 0) void run(() => table.send('table', { type: 'campaign.advanceTime', seconds: Math.round(h * 3600), reason: 'time passes' }));
            }}
          >
            <label for="adv-h">Let time pass (hours)</label>
            <input id="adv-h" size={3} inputMode="decimal" value={hours} onInput={(e) => setHours((e.currentTarget as HTMLInputElement).value)} />
            <button type="submit" class="small" disabled={busy}>
              Advance
            </button>
          </RowForm>
        </section>
        <PromptQueue table={table} fight={campaign} title="Prompts" />
      </div>
      <div class="col col-centre">
        <section aria-labelledby="roster-h">
          <h2 id="roster-h">Roster</h2>
          <ul class="roster">
            {campaign.creatures.map((c) => (
              <li key={c.id}>
                <label>
                  <input
                    type="checkbox"
                    checked={chosen.includes(c.id)}
                    onChange={() => setMembers(chosen.includes(c.id) ? chosen.filter((x) => x !== c.id) : [...chosen, c.id])}
                    data-testid={`member-${c.id}`}
                  />{' '}
                  {c.name} <span class="muted">({c.side}, {c.controller ? (seatName(view, c.controller) === c.name ? 'a player' : seatName(view, c.controller)) : 'GM'}{c.hidden ? ', hidden' : ''})</span>
                </label>
              </li>
            ))}
          </ul>
        </section>
        <SeatList table={table} nameOf={nameOf} />
        {campaign.creatures.map((c) => (
          <CreatureCard key={c.id} c={c} nameOf={nameOf} gm controllerName={c.controller ? seatName(view, c.controller) : 'GM'}>
            <GmOverrides table={table} c={c} stream="table" />
          </CreatureCard>
        ))}
      </div>
      <div class="col col-right">
        <EventLog log={table.state.log} nameOf={nameOf} />
      </div>
    </main>
  );
}


