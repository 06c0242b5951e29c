import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CampaignSetup, CreatureSetup, Json } from '@fray/engine';
import type { PlannedFight, PlannedTableSource } from '@fray/server';
import { displayPath } from '../paths';
import { isCampaignShaped, loadCampaignFile, type LoadedCampaign, type PreparedFight } from './campaign';
import { loadScenarioFile, readSource, type LoadedScenario } from './load';

/**
 * One loader for both file formats (ADR 0004): a scenario file (one fight) or a campaign file (a table
 * and its stream of play: campaign steps and fights). `fray run`, `fray campaign` and `fray serve` read
 * files through it. Errors are `ScenarioError`s naming file, line and path.
 */
export type TableFile = { kind: 'scenario'; loaded: LoadedScenario } | { kind: 'campaign'; loaded: LoadedCampaign };

/** Reads a scenario or campaign file (which one: a clock or a fight step makes it a campaign). */
export function loadTableFile(file: string, cwd: string = process.cwd()): TableFile {
  const absolute = path.resolve(cwd, file);
  const { data } = readSource(absolute, displayPath(absolute, cwd), null);
  return isCampaignShaped(data) ? { kind: 'campaign', loaded: loadCampaignFile(file, cwd) } : { kind: 'scenario', loaded: loadScenarioFile(file, cwd) };
}

/** A table for the server, from a file already loaded. */
export interface TableFromFile extends PlannedTableSource {
  /** a campaign file's fights, in order, ready to start (`startFight` with these) once the table reaches them */
  fights: PreparedFight[];
}

/**
 * What a live table is made from, from either format:
 * - a campaign file: the campaign as the file sets it up (creatures, clock, options, dice); its fights
 *   are listed (`fights`) and planned (`plannedFights`: the server keeps them, and the GM starts the next
 *   with `startFight {planned: 'next'}`), and its other steps are not played (they are a script for `fray run`);
 * - a scenario file: the creatures a seat controls become the campaign's creatures (they persist
 *   between fights), the others are the first fight's foes, started at once on the scenario's map.
 */
export function tableSourceOf(t: TableFile, name?: string): TableFromFile {
  if (t.kind === 'campaign') {
    const { id: _id, ...campaign } = t.loaded.setup;
    // The plan the server keeps: each fight with its foes and map (a seed only where the file names one:
    // a live table rolls fresh dice otherwise).
    const plannedFights = t.loaded.fights.map(({ step: _step, ...f }): PlannedFight => f);
    return { ruleset: t.loaded.ruleset.id, name: name ?? t.loaded.setup.id, campaign: campaign as Omit<CampaignSetup, 'id'>, fights: t.loaded.fights, plannedFights };
  }
  const s = t.loaded.setup;
  const party: CreatureSetup[] = s.creatures.filter((c) => c.controller);
  const foes: CreatureSetup[] = s.creatures.filter((c) => !c.controller);
  return {
    ruleset: t.loaded.ruleset.id,
    name: name ?? s.id,
    campaign: { seed: s.seed, creatures: party, ...(s.options ? { options: s.options as Record<string, Json> } : {}) },
    fight: {
      id: s.id, seed: s.seed, foes,
      ...(s.modules ? { modules: s.modules } : {}),
      ...(s.diceMode ? { diceMode: s.diceMode } : {}),
      ...(s.space !== undefined ? { space: s.space } : {}),
    },
    fights: [],
  };
}

/** `tableSourceOf(loadTableFile(file))`. */
export function tableSourceOfFile(file: string, cwd: string = process.cwd(), name?: string): TableFromFile {
  return tableSourceOf(loadTableFile(file, cwd), name);
}

/**
 * A file's text (an upload: `POST /api/tables {from: {scenario}}`), in either format. Stat blocks by
 * `ref` come from scenarios/content; errors name the file as `name` (default 'scenario.yaml').
 */
export function tableSourceOfText(text: string, name = 'scenario.yaml'): TableFromFile {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-table-'));
  try {
    const file = path.join(dir, path.basename(name));
    fs.writeFileSync(file, text);
    return tableSourceOf(loadTableFile(file, dir), path.basename(name).replace(/\.(ya?ml|json)$/i, ''));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
