import type { CreatureModel } from '../model/fight';
import { bandFraction, bandWords } from '../model/words';

/**
 * Hit points as a bar and as words: exact numbers when this screen may know them, the ruleset's band
 * otherwise. Temporary hit points are a second segment with their own number.
 */
export function HpBar({ c }: { c: CreatureModel }) {
  if (c.hp !== undefined && c.maxHp !== undefined) {
    const temp = c.tempHp ?? 0;
    const scale = Math.max(c.maxHp, c.hp + temp, 1);
    const hpPct = (Math.max(0, c.hp) / scale) * 100;
    const tempPct = (temp / scale) * 100;
    const low = c.hp * 2 <= c.maxHp;
    const label = `${c.hp} of ${c.maxHp} hit points${temp ? `, ${temp} temporary` : ''}`;
    return (
      <div class="hp" data-testid={`hp-${c.id}`}>
        <div class={`bar${low ? ' low' : ''}`} role="meter" aria-label="Hit points" aria-valuemin={0} aria-valuemax={c.maxHp} aria-valuenow={Math.max(0, c.hp)} aria-valuetext={label}>
          <span class="fill" style={{ width: `${hpPct}%` }} />
          {temp > 0 && <span class="temp" style={{ width: `${tempPct}%` }} />}
        </div>
        <span class="hp-text">
          <strong>{c.hp}</strong>/{c.maxHp} HP{temp > 0 && <span class="temp-text"> +{temp} temp</span>}
          {low && c.hp > 0 && <span class="tag-low"> ◑ bloodied</span>}
        </span>
      </div>
    );
  }
  const band = c.hpBand ?? 'unknown';
  const w = bandWords(band);
  return (
    <div class="hp band" data-testid={`hp-${c.id}`}>
      <div class={`bar band-${band}`} role="meter" aria-label="How hurt" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(bandFraction(band) * 100)} aria-valuetext={w.word}>
        <span class="fill" style={{ width: `${bandFraction(band) * 100}%` }} />
      </div>
      <span class="hp-text">
        <span aria-hidden="true">{w.symbol} </span>
        {w.word}
      </span>
    </div>
  );
}
