/**
 * Where an imported creature goes in a content library, as a ref (forward slashes): A5E monsters under
 * `a5e/monsters/`, the others under `<ruleset>/`, as in the repository's scenarios/content.
 */
export function libraryRef(c: { ruleset: string; slug: string }): string {
  return c.ruleset === 'a5e' ? `a5e/monsters/${c.slug}.yaml` : `${c.ruleset}/${c.slug}.yaml`;
}
