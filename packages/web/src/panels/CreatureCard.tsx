import type { ComponentChildren } from 'preact';
import type { CreatureModel } from '../model/fight';
import { capitalize, conditionWords, humanize, resourceLabel, statusWords } from '../model/words';
import { NamedCounts } from './FormParts';
import { HpBar } from './HpBar';

const DEATH_KEYS = ['deathSaveSuccesses', 'deathSaveFailures'];
/** Budgets spent during a turn: 0 reads "used". Other numbers (attacks made, exertion) read as they are. */
const BUDGETS = new Set(['action', 'bonusAction', 'reaction', 'movementFeet', 'objectInteraction', 'standard', 'move', 'quick', 'interrupt', 'active']);

/**
 * A creature in full as this screen may see it: hit points (or the band), status with death-save marks,
 * conditions with their durations and levels, tracks, and what is left of its turn's resources.
 */
export function CreatureCard(props: {
  c: CreatureModel;
  nameOf: (id: string) => string;
  current?: boolean;
  gm?: boolean;
  controllerName?: string;
  /** others on a player's screen: name, how hurt, status and conditions only */
  compact?: boolean;
  children?: ComponentChildren;
}) {
  const { c, nameOf, current, gm } = props;
  const st = statusWords(c.status);
  const successes = c.tallies['deathSaveSuccesses'] ?? 0;
  const failures = c.tallies['deathSaveFailures'] ?? 0;
  const showSaves = c.status !== 'conscious' || successes > 0 || failures > 0;
  const tracks = Object.entries(c.tracks).filter(([, v]) => v > 0);
  // Counters that only mean something inside an action (attacks left in an Attack action) show while in use.
  // Caps ('movementMaxFeet') say what a budget starts at, not what is left: the card leaves them out.
  const resources = props.compact ? [] : Object.entries(c.resources).filter(([k, v]) => !/max/i.test(k) && (BUDGETS.has(k) || v !== 0));
  const tallies = props.compact ? [] : Object.entries(c.tallies).filter(([k, v]) => !DEATH_KEYS.includes(k) && v !== 0);
  const sheet = (c.sheet ?? {}) as { ac?: number; size?: string; defenses?: { ac?: number; pd?: number; md?: number } };
  return (
    <article class={`card${props.compact ? ' compact' : ''} side-${c.friendly ? 'friend' : 'foe'}${current ? ' current' : ''}${c.status !== 'conscious' ? ' down' : ''}`} aria-label={`${c.name}${current ? ', acting now' : ''}`} data-testid={`card-${c.id}`}>
      <header>
        <h3>
          {current && <span class="now-marker" aria-hidden="true">▶ </span>}
          {c.name}
        </h3>
        <span class="meta">
          {c.side}
          {props.controllerName ? ` · ${props.controllerName}` : ''}
          {sheet.ac !== undefined ? ` · AC ${sheet.ac}` : ''}
          {sheet.defenses?.ac !== undefined ? ` · AC ${sheet.defenses.ac} PD ${sheet.defenses.pd ?? '?'} MD ${sheet.defenses.md ?? '?'}` : ''}
        </span>
        {gm && c.hidden && <span class="badge hidden-badge">hidden from players</span>}
      </header>
      <HpBar c={c} />
      {c.status !== 'conscious' && (
        <p class={`status status-${c.status}`} data-testid={`status-${c.id}`}>
          <span aria-hidden="true">{st.symbol} </span>
          {capitalize(st.word)}
        </p>
      )}
      {showSaves && (
        <p class="death-saves" data-testid={`deathsaves-${c.id}`}>
          Death saves: <span aria-hidden="true">{'✓'.repeat(successes) || '–'}</span> <span class="sr-only">{successes} succeeded</span> ·{' '}
          <span aria-hidden="true">{'✕'.repeat(failures) || '–'}</span> <span class="sr-only">{failures} failed</span>
        </p>
      )}
      {c.conditions.length > 0 && (
        <ul class="conditions" aria-label="Conditions">
          {c.conditions.map((inst) => {
            const w = conditionWords(inst, nameOf);
            return (
              <li key={inst.instanceId} class="condition">
                <strong>{w.name}</strong>
                {w.detail && <span class="detail"> — {w.detail}</span>}
              </li>
            );
          })}
        </ul>
      )}
      <NamedCounts class="tracks" counts={tracks} label={humanize} />
      {resources.length > 0 && (
        <p class="resources" aria-label="Left this turn">
          {resources.map(([k, v]) => (
            <span key={k} class={`chip${BUDGETS.has(k) && v <= 0 ? ' used' : ''}`}>
              {resourceLabel(k)}: {BUDGETS.has(k) && v <= 0 ? 'used' : v}
            </span>
          ))}
        </p>
      )}
      <NamedCounts class="tallies" counts={tallies} label={humanize} />
      {gm && c.notes && (
        <p class="gm-notes">
          <strong>GM notes:</strong> {c.notes}
        </p>
      )}
      {props.children}
    </article>
  );
}
