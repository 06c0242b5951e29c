import { parseTableAddress } from '../net/protocol';
import { useTable } from '../net/use-table';
import { ConnectionBanner } from '../panels/ConnectionBanner';
import { GmScreen } from '../screens/GmScreen';
import { PlayerScreen } from '../screens/PlayerScreen';
import { Landing } from '../screens/Landing';
import type { TableAddress } from '../net/protocol';

export function App() {
  const address = parseTableAddress(window.location.pathname, window.location.hash);
  if (!address) return <Landing />;
  return <TableApp address={address} />;
}

function TableApp({ address }: { address: TableAddress }) {
  const table = useTable(address);
  const { state } = table;
  return (
    <div class={`app role-${table.role ?? 'none'}`}>
      <ConnectionBanner table={table} />
      {state.view === null ? (
        <main class="loading" aria-busy="true">
          <p>{state.status === 'refused' ? 'This link was not accepted. Ask the GM for a new one.' : 'Joining the table…'}</p>
        </main>
      ) : table.role === 'gm' ? (
        <GmScreen table={table} />
      ) : (
        <PlayerScreen table={table} />
      )}
    </div>
  );
}
