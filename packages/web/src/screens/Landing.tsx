/** What a browser sees at / without a table link: how to join one, and the way to set up a new one. */
export function Landing({ hostToken }: { hostToken: string | null }) {
  const next = hostToken ? `#new&host=${encodeURIComponent(hostToken)}` : '#new';
  return (
    <main class="landing" data-testid="landing">
      <h1>Fray</h1>
      <p>A live combat table for d20 games.</p>
      <section aria-labelledby="join-h">
        <h2 id="join-h">Players</h2>
        <p>Open the link your game master gave you: it takes you straight to your seat.</p>
      </section>
      <section aria-labelledby="gm-h">
        <h2 id="gm-h">Game masters</h2>
        <p>Choose a ruleset, pick creatures from the content library, give the players their seats, and start the fight.</p>
        <p>
          <a class="button primary" href={next} data-testid="new-table-link">
            Set up a new table
          </a>
        </p>
        <p class="muted">
          Or run <code>npm start</code> for the demo table and open the GM link it prints. Press <kbd>?</kbd> on any screen for the keyboard shortcuts.
        </p>
      </section>
    </main>
  );
}
