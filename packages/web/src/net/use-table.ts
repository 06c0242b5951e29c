import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Json, PromptSpec } from '@fray/engine';
import { readFight, promptsOf, type FightModel } from '../model/fight';
import type { StreamName, TableAddress } from './protocol';
import { TableConnection, type CommandResult, type ConnectionState, type SocketLike } from './table-connection';

/** What every screen gets: the live state, the fight and campaign read into one shape, and ways to act. */
export interface Table {
  conn: TableConnection;
  state: ConnectionState;
  role: 'gm' | 'seat' | null;
  seat: string | null;
  fight: FightModel | null;
  campaign: FightModel | null;
  prompts: PromptSpec[];
  /** sends a command on a stream and resolves with the server's answer */
  send: (stream: StreamName, command: { type: string; [k: string]: Json | undefined }, extra?: { preAnswers?: Record<string, Json> }) => Promise<CommandResult>;
  /** which stream a prompt belongs to: the fight's, or the campaign's */
  streamOfPrompt: (promptId: string) => StreamName;
  /** the table's whole log as JSON lines, from the server (GM only) */
  exportLog: () => Promise<string>;
  /** GM: takes a seat off the table (its link stops working); resolves with the server's refusal, or null */
  removeSeat: (seat: string) => Promise<string | null>;
}

export function wsUrl(loc: { protocol: string; host: string }, tableId: string): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws/tables/${encodeURIComponent(tableId)}`;
}

export function useTable(address: TableAddress): Table {
  const conn = useMemo(
    () => new TableConnection({ url: wsUrl(window.location, address.tableId), token: address.token, open: (u) => new WebSocket(u) as unknown as SocketLike }),
    [address.tableId, address.token],
  );
  const [state, setState] = useState<ConnectionState>(conn.state);
  useEffect(() => {
    const off = conn.subscribe(setState);
    conn.start();
    // The e2e tests drop the connection on purpose to check that the screens come back by themselves.
    (window as unknown as { __fray?: unknown }).__fray = { drop: () => conn.dropForTest() };
    return () => {
      off();
      conn.close();
    };
  }, [conn]);
  return useMemo(() => {
    const fight = readFight(state.view?.fight?.view);
    const campaign = readFight(state.view?.campaign);
    const fightPromptIds = new Set<string>();
    const fv = state.view?.fight?.view as { pending?: { open?: { id: string }[] }; prompts?: { id: string }[] } | undefined;
    for (const p of fv?.pending?.open ?? fv?.prompts ?? []) fightPromptIds.add(p.id);
    return {
      conn,
      state,
      role: state.role,
      seat: state.seat,
      fight,
      campaign,
      prompts: promptsOf(state.view),
      send: (stream, command, extra) => conn.command(stream, command, extra ?? {}),
      streamOfPrompt: (id) => (fightPromptIds.has(id) || (fightPromptIds.size === 0 && state.view?.fight) ? 'fight' : 'table'),
      exportLog: async () => {
        const res = await fetch(`/api/tables/${encodeURIComponent(address.tableId)}/export`, { headers: { authorization: `Bearer ${address.token}` } });
        if (!res.ok) throw new Error(`export refused: ${res.status}`);
        return res.text();
      },
      removeSeat: async (seat) => {
        const res = await fetch(`/api/tables/${encodeURIComponent(address.tableId)}/seats/${encodeURIComponent(seat)}`, { method: 'DELETE', headers: { authorization: `Bearer ${address.token}` } });
        if (res.ok) return null;
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        return body?.error?.message ?? `the server refused (${res.status})`;
      },
    };
  }, [conn, state, address.tableId, address.token]);
}
