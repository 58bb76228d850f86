// Turns of the event loop, counted: work that may be shared by everything handled in one turn (the requests read
// together from the sockets that were ready) keys it by the turn. A turn ends in the loop's check phase, where the
// counter moves on; it is only counted while someone asks, so an idle process schedules nothing.

let turn = 0;
let scheduled = false;

function advance(): void {
  turn++;
  scheduled = false;
}

/** The number of the current turn of the event loop; it changes before any I/O of the next turn is handled. */
export function currentTurn(): number {
  if (!scheduled) {
    scheduled = true;
    setImmediate(advance);
  }
  return turn;
}
