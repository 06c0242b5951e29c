// What each bundled scenario and campaign file shows when `fray run` plays it: the rules it was written
// for, line by line (that each runs with every expectation met is in the *-scenarios and stream tests).
import { describe, it } from 'vitest';
import { runCommand } from '../src/commands/run';
import { expectLines, scenario } from './helpers';

const shows: [title: string, file: string, lines: string[]][] = [
  // 13th Age (scenarios/13th-age)
  ['intercept: the free grunt steps in front of Wren (13A-ENGAGE-10); moving away from the brute draws its attack (13A-ENGAGE-9)', '13th-age/intercept.yaml', [
    '    Wren Halloway moves past Mire Grunt toward Hill Brute: intercept? → Intercept and engage it, by the GM',
    '    [13A-ENGAGE-10] Mire Grunt intercepts Wren Halloway, who stops there',
    '  rejected as expected: not-engaged: Wren Halloway must be engaged with Hill Brute to make a melee attack: engage it first (a move action)',
    '    [13A-ENGAGE-9] Hill Brute makes an opportunity attack on Brann Ashgrove',
  ]],
  ['reed mob: one longbow hit spills through three scrappers of the mob into the fourth; leftovers are lost', '13th-age/reed-mob.yaml', [
    '    3d8+4 → 8+8+6 +4 = 26 weapon; Scrapper A 7 → 0 HP',
    '    [13A-TGT-1] 19 damage spills from Scrapper A to the next mook of the mob, Scrapper B',
    '    [13A-TGT-1] 5 damage spills from Scrapper C to the next mook of the mob, Scrapper D',
    '    [13A-TGT-1] 6 damage is left over: no mook of the mob is standing',
    '  Scrapper D      reeds  0/7 HP    dead',
  ]],
  ['lantern crypt: an expanded crit range, a vulnerable trigger, a daze saved at the end of the turn', '13th-age/lantern-crypt.yaml', [
    '  Kettle Quickhand attacks Marsh Hag: d20 19 + 3 + 2 level = 24 vs AC 19, crit',
    '  Tessel Varr is now vulnerable until it saves (a save at the end of each of its turns; by Lantern Ghoul)',
    '  Kettle Quickhand attacks Marsh Hag: d20 14 + 3 + 2 level + 1 escalation die - 4 dazed = 16 vs AC 19, miss',
    '  Kettle Quickhand is no longer dazed: saved',
  ]],
  // A5E (scenarios/a5e)
  ['ditch: one move carries its answers ahead: the opportunity attack, the fence check, the jump, the landing in brambles', 'a5e/ditch-jump.yaml', [
    "    Brannoc Vale is leaving Ashback Wolf's reach: make an opportunity attack with its reaction? → Bite against Brannoc Vale, answered ahead",
    '  Ashback Wolf attacks Brannoc Vale: d20 14 + 4 = 18 vs AC 18, hit',
    '    Brannoc Vale jumps over a 3-ft obstacle: call for a DC 10 Strength (Athletics) check? → DC 10 check, answered ahead',
    '    [A5E-MOVE-10] Brannoc Vale long-jumps 15 ft with a run-up (up to 16 ft)',
    '  rejected as expected: not-enough-movement: moving there costs 10 ft of movement; Brannoc Vale has 5 ft left',
  ]],
  ['forest: the Cacophony at round start, advantage on a prone target, a crit turned by a sacrificed shield', 'a5e/forest-ambush.yaml', [
    '    [A5E-WORLD-2] world action: Distressed Animal Cacophony — until the next world action phase nobody hears beyond 10 feet (loud explosions excepted)',
    '  Brannoc Vale attacks Snapjaw Grik: d20 15 (advantage from target prone: rolled 3 and 15, kept 15) + 5 = 20 vs AC 14, hit; not applied: disadvantage from target prone (not in this situation)',
    '    [A5E-DMG-5] Brannoc Vale sacrifices its shield: the critical hit becomes a normal hit',
    '    2d4+1 piercing → 3+2 +1 = 6 piercing; Brannoc Vale 28 → 22 HP',
    '    [A5E-WORLD-4] Distressed Animal Cacophony recharges (round 2: rolled 5, needed 4–6)',
  ]],
  ['storm: lightning on an immune dragon, a two-type bite, shots from within its reach, the gale pushing a creature across the map', 'a5e/storm-crag.yaml', [
    '  Young Stormscale takes Lightning Strike damage: 4d6 lightning → 6+5+4+3 = 18 lightning, immune: lightning 18 → 0; Young Stormscale 142 → 142 HP',
    '    2d10 piercing+1d8 lightning+5 piercing → 3+4 + 2 +5 = 14 (12 piercing + 2 lightning); Perrin Ashdown 17 → 3 HP',
    '  rejected as expected: no-action-left: Young Stormscale has already used its action',
    "  Perrin Ashdown attacks Young Stormscale: d20 13 (disadvantage from ranged attack within Young Stormscale's reach: rolled 13 and 13, kept 13) + 5 = 18 vs AC 18, hit",
    '    Perrin Ashdown takes aim at Young Stormscale: drop prone with its reaction? → Stay standing, by the GM',
    '    [A5E-WORLD-38] Perrin Ashdown is pushed 15 ft n; this provokes no opportunity attacks',
  ]],
  ['swamp: gas poisons (not the immune undead), the mud restrains, a paralysed target is critted from 5 feet', 'a5e/swamp-ferry.yaml', [
    '    [A5E-WORLD-42] Gravegnawer is immune to Poisoned',
    '  Tamsin Reed attacks Gravegnawer: d20 7 (disadvantage from poisoned: rolled 18 and 7, kept 7) + 5 = 12 vs AC 12, hit',
    '    [A5E-ATK-7] a hit from within 5 ft on Ilse Marrow (paralyzed) is a critical hit',
    '  Ilse Marrow makes a STR save vs Tenacious Mud DC 12: fails automatically [A5E-COND-20]',
  ]],
  // Five Torches Deep (scenarios/five-torches-deep)
  ['shots around a melee on zones: the shooter in melee has disadvantage (FTD-ATK-5), a shot into the melee none, a shot at close range once (FTD-POS-6)', 'five-torches-deep/shot-into-melee.yaml', [
    '  Sable Quickfinger attacks Gloomgob: d20 5 + 3 + 2 proficiency bonus = 10 vs AC 12, miss',
    '  Wren the Warden attacks Gloomgob Slinger: d20 6 (disadvantage from ranged attack while in melee: rolled 15 and 6, kept 6) + 1 + 2 proficiency bonus = 9 vs AC 11, miss',
    '  Gloomgob Slinger attacks Wren the Warden: d20 13 + 3 = 16 vs AC 15, hit',
    '  Gloomgob attacks Wren the Warden: d20 14 (disadvantage from ranged attack at close range: rolled 16 and 14, kept 14) + 3 = 17 vs AC 15, hit',
  ]],
  ['barrow: the battle-begins morale roll by the leader, a permanent delay, the tide turning and a retreat', 'five-torches-deep/barrow-skirmish.yaml', [
    '  Ash Cultist makes a morale check: d20 12 + 0 + 1 morale bonus (HD) = 13 vs morale DC 11, success',
    '  Initiative: Sable Quickfinger 16, Gloomgob Slinger 15, Ash Cultist 12, Ilka Lampbearer 11 (tie-break 2), Wren the Warden 11 (tie-break 1), Tunnel Ogre 8 (Wren the Warden delays: from now on acts after Ilka Lampbearer)',
    '  Tunnel Ogre makes a morale check: d20 6 - 1 + 2 morale bonus (HD) = 7 vs morale DC 11, failure',
    '    [FTD-RETREAT-5] Tunnel Ogre escapes and leaves the initiative order',
  ]],
  // campaign files (scenarios/campaigns)
  ['A5E-HP-10 A5E-REST-11 an A5E day: a ward between fights soaks a bite on the grid, what is left of it lasts into the next fight, the long rest ends it', 'campaigns/a5e-watchtower.yaml', [
    '  Tamsin Reed makes a DEX (stealth) check: d20 9 + 1d4 expertise 2 + 5 = 16 vs DC 13, success',
    '    2d4+1 piercing → 4+2 +1 = 7 piercing, 7 absorbed by temporary hit points; Brannoc Vale 28 → 28 HP',
    "[steps.4.fight] fight 'stair' at day 1, 06:00:06: Brannoc Vale, Tamsin Reed against bandit",
    '  Road Bandit attacks Brannoc Vale: d20 3 + 3 = 6 vs AC 18, miss',
    "  Brannoc Vale's temporary hit points end (temporary hit points without a duration end with a long rest)",
  ]],
  ['FTD-CHECK-2 FTD-LOAD-3 a Five Torches Deep descent: a check between fights, a shot into a melee on zones, loot that slows, a fight in the dark', 'campaigns/ftd-sunken-stair.yaml', [
    '  Wren the Warden makes a DEX check: d20 5 + 1 = 6 vs the crumbling stair DC 12, failure',
    '  Sable Quickfinger attacks Gloomgob: d20 14 + 3 + 2 proficiency bonus = 19 vs AC 12, hit',
    '    [FTD-LOAD-5] Sable Quickfinger carries 13 load (5 of it coins) against STR 10: speed 15 ft',
    '  Mire Hound attacks Sable Quickfinger: d20 11 (disadvantage from attacking in darkness: rolled 15 and 11, kept 11) + 4 = 15 vs AC 13, hit',
  ]],
];

describe('bundled scenarios show the rules they were written for', () => {
  it.each(shows)('%s', (_title, file, lines) => {
    expectLines(runCommand(scenario(file)).output.split('\n'), lines);
  });
});
