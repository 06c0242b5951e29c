import type { Environment, EnvironmentId, WorldEntry } from '../types';
import { cavern } from './cavern';
import { volcanic } from './volcanic';
import { forest } from './forest';
import { arctic } from './arctic';
import { manor } from './manor';
import { fog } from './fog';
import { mountain } from './mountain';
import { storm } from './storm';
import { swamp } from './swamp';

/** Seed 003's nine sample environments, in its order (A5E-WORLD-7). */
export const environments: readonly Environment[] = [cavern, volcanic, forest, arctic, manor, fog, mountain, storm, swamp];

export const environmentById: Readonly<Record<EnvironmentId, Environment>> = Object.fromEntries(environments.map((e) => [e.id, e])) as Record<EnvironmentId, Environment>;

/** Every entry of every environment by id; ids are unique so one can be borrowed into another (A5E-WORLD-5). */
export const worldEntryById: Readonly<Record<string, WorldEntry>> = Object.fromEntries(environments.flatMap((e) => e.entries.map((x) => [x.id, x])));
