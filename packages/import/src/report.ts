import type { Json } from '@fray/engine';

/** What became of one field or feature of the source. `field` is a JSON pointer or `line N`. */
export interface ReportLine {
  field: string;
  text: string;
  /** the source's own words, for what stays text: the GM reads them from the library file */
  words?: string;
}

/**
 * Per creature: what the rules will run, what stays text for the GM, what was refused and why.
 * `statBlock` is the ruleset's stat block, already accepted by the ruleset's validation.
 */
export interface CreatureImport {
  name: string;
  /** a file name for the library: kebab-case, unique within one import */
  slug: string;
  ruleset: string;
  statBlock: Json;
  /** library metadata the stat block has no field for */
  meta: CreatureMeta;
  runs: ReportLine[];
  text: ReportLine[];
  refused: ReportLine[];
}

export interface CreatureMeta {
  /** the format it came from, e.g. `open5e-v2` */
  source: string;
  /** the source's own key or slug, when it has one */
  key?: string;
  /** the source document (Open5e `document.key`, 5etools `source`) */
  document?: string;
  /** challenge rating as text ('1/4', '5') */
  cr?: string;
  /** 13th Age level */
  level?: number;
  /** creature type ('dragon', 'humanoid') */
  type?: string;
  /** 13th Age role ('wrecker', 'mook') */
  role?: string;
}

export interface ImportResult {
  format: string;
  ruleset: string;
  creatures: CreatureImport[];
}
