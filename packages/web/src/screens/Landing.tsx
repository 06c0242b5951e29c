/** What a browser sees at / without a table link: how to get one. */
export function Landing() {
  return (
    <main class="landing">
      <h1>Fray</h1>
      <p>A live combat table for d20 games. Open the link your game master gave you to join a table.</p>
      <p>
        Game masters: run <code>npm start</code> (or <code>fray serve --demo</code>) and open the GM link it prints.
      </p>
    </main>
  );
}
