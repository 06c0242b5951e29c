import { useEffect, useState } from 'preact/hooks';
import { parseTableAddress } from '../net/protocol';
import { NewTableScreen } from '../screens/NewTableScreen';
import { Shortcuts } from '../panels/ShortcutOverlay';
import { useTable } from '../net/use-table';
import { ConnectionBanner } from '../panels/ConnectionBanner';
import { GmScreen } from '../screens/GmScreen';
import { PlayerScreen } from '../screens/PlayerScreen';
import { Landing } from '../screens/Landing';
import type { TableAddress } from '../net/protocol';

export function App() {
  // The hash carries the keys and the "new table" screen; following it keeps the page in step with links.
  const [hash, setHash] = useState(window.location.hash);
  useEffect(() => {
    const on = () => setHash(window.location.hash);
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  const address = parseTableAddress(window.location.pathname, hash);
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const host = params.get('host');
  return (
    <>
      {address ? <TableApp address={address} /> : params.has('new') ? <NewTableScreen hostToken={host} /> : <Landing hostToken={host} />}
      <Shortcuts />
    </>
  );
}

function TableApp({ address }: { address: TableAddress }) {
  const table = useTable(address);
  const { state } = table;
  return (
    <div class={`app role-${table.role ?? 'none'}`}>
      <ConnectionBanner table={table} />
      {state.status === 'refused' ? (
        // Whatever the screen showed is no longer this link's to see (a removed seat): only the reason stays.
        <main class="loading refused" data-testid="link-refused">
          <p>{state.notice?.error.code === 'seat-removed' ? state.notice.error.message : 'This link was not accepted. Ask the GM for a new one.'}</p>
        </main>
      ) : state.view === null ? (
        <main class="loading" aria-busy="true">
          <p>Joining the table…</p>
        </main>
      ) : table.role === 'gm' ? (
        <GmScreen table={table} />
      ) : (
        <PlayerScreen table={table} />
      )}
    </div>
  );
}
