// A stand-in for Web/scenec-player.js in the preview's tests (SCENEC_PLAYER_MODULE): it samples nothing, it
// serves samples `scenec sample` computed, so the page and the renderer are tested apart from the player.
// The test replaces TABLE with {KEY: {samples: [...], states: [...]}}, KEY "timeline:NAME", "events:E@T,…" or
// "autoplay"; `sample` answers the precomputed sample nearest in time.
const TABLE = /*TABLE*/ {};

function nearest(list, time) {
  let best = list[0];
  for (const entry of list) if (Math.abs(entry.time - time) < Math.abs(best.time - time)) best = entry;
  return best;
}

export function loadPlan(plan) {
  const machine = plan.machine;
  const keyOf = (options = {}) =>
    options.timeline ? `timeline:${options.timeline}` : options.events ? `events:${options.events}` : "autoplay";
  const lookup = (key) => {
    const entry = TABLE[key];
    if (!entry) throw new Error(`stand-in player: no samples for ${key}`);
    return entry;
  };
  const player = {
    timelineNames: plan.timelines.map((t) => t.name),
    eventNames: machine ? machine.events : [],
    stateNames: machine ? machine.states.map((s) => s.name) : [],
    layerIDs: plan.layers.map((l) => l.id),
    sample(time, options) { return nearest(lookup(keyOf(options)).samples, time); },
    live() {
      const events = [];
      // The newest session's events, for the tests (the page replays the events so far into a fresh session).
      globalThis.scenecStandInSends = events;
      const script = () => events.map((e) => `${e.name}@${e.time}`).join(",");
      return {
        send(name, time) { events.push({ name, time }); },
        sample(time) { return player.sample(time, events.length ? { events: script() } : {}); },
        stateName(time) {
          const entry = lookup(events.length ? `events:${script()}` : "autoplay");
          return nearest(entry.states ?? [{ time: 0, name: player.stateNames[0] }], time).name;
        },
      };
    },
  };
  return player;
}
