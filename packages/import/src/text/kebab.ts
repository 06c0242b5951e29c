/** A kebab-case id from any name ("Fire Breath (Recharge 5-6)" → "fire-breath-recharge-5-6"); never empty. */
export function kebab(name: string, fallback = 'x'): string {
  const id = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return id || fallback;
}

/** Hands out ids unique within one scope: a second "claw" becomes "claw-2". */
export function uniqueIds(): (name: string, fallback?: string) => string {
  const seen = new Set<string>();
  const next = new Map<string, number>();
  return (name, fallback) => {
    const base = kebab(name, fallback);
    let id = base;
    for (let i = next.get(base) ?? 2; seen.has(id); i++) {
      id = `${base}-${i}`;
      next.set(base, i + 1);
    }
    seen.add(id);
    return id;
  };
}
