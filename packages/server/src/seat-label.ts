/**
 * What a seat is called on every screen and in the narration: its name, read as "X's player" when it is
 * named after the one creature it plays (a prompt that "asks Brannoc Vale" would seem to ask the
 * creature). Pure and browser-safe: the web client imports it from here.
 */
export function seatLabel(seat: { name: string; creatures: readonly string[] }, nameOf: (creatureId: string) => string | undefined): string {
  return seatPlaysItself(seat, nameOf) ? `${seat.name}'s player` : seat.name;
}

/** Whether the seat is named after the one creature it plays. */
export function seatPlaysItself(seat: { name: string; creatures: readonly string[] }, nameOf: (creatureId: string) => string | undefined): boolean {
  return seat.creatures.length === 1 && nameOf(seat.creatures[0]!) === seat.name;
}
