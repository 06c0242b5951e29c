import type { OddsReport } from '../net/protocol';
import { interval, percent } from '../model/encounter-odds';

/**
 * Each creature's chance to drop and to die, as a table: the odds panels of a fight under way and of a
 * fight before it starts share it. `intervals` adds each chance's 95 % interval; `sides` names the side.
 */
export function CreatureOddsTable(props: {
  creatures: OddsReport['creatures'];
  caption?: string;
  /** each row's data-testid is `${rowTestId}${creature id}` */
  rowTestId: string;
  tableTestId?: string;
  intervals?: boolean;
  sides?: boolean;
  nameOf?: (id: string) => string;
}) {
  const name = (c: OddsReport['creatures'][number]) => props.nameOf?.(c.id) ?? c.name;
  const cell = (s: { p: number; ci: [number, number] }) =>
    props.intervals ? (
      <>
        {percent(s.p)} <span class="odds-ci-text">{interval(s.ci)}</span>
      </>
    ) : (
      percent(s.p)
    );
  return (
    <table class="odds-creatures" {...(props.tableTestId ? { 'data-testid': props.tableTestId } : {})}>
      {props.caption && <caption>{props.caption}</caption>}
      <thead>
        <tr>
          <th scope="col">Creature</th>
          <th scope="col">Drops</th>
          <th scope="col">Dies</th>
        </tr>
      </thead>
      <tbody>
        {props.creatures.map((c) => (
          <tr key={c.id} data-testid={`${props.rowTestId}${c.id}`}>
            <th scope="row">
              {name(c)}
              {props.sides && <span class="muted"> ({c.side})</span>}
            </th>
            <td>{cell(c.drop)}</td>
            <td>{cell(c.death)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
