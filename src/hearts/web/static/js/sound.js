// Short WebAudio tones: no sound files. Created on the first user gesture.

let ctx = null;
let enabled = true;

export function setSoundEnabled(on) { enabled = !!on; }

function context() {
  if (!ctx) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    try { ctx = new AC(); } catch (e) { return null; }
  }
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  return ctx;
}

function tone(freq, start, dur, type = "sine", gain = 0.08) {
  const c = context();
  if (!c) return;
  const t0 = c.currentTime + start;
  const osc = c.createOscillator();
  const g = c.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(gain, t0 + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  osc.connect(g).connect(c.destination);
  osc.start(t0);
  osc.stop(t0 + dur + 0.02);
}

const SOUNDS = {
  card: () => tone(520, 0, 0.07, "triangle", 0.06),
  trick: () => { tone(392, 0, 0.09, "sine"); tone(523, 0.08, 0.12, "sine"); },
  hearts: () => { tone(659, 0, 0.1, "sine"); tone(880, 0.09, 0.16, "sine"); },
  error: () => tone(180, 0, 0.18, "square", 0.04),
  pass: () => { tone(440, 0, 0.08, "triangle"); tone(440, 0.1, 0.08, "triangle"); },
  win: () => [523, 659, 784, 1047].forEach((f, i) => tone(f, i * 0.12, 0.22, "triangle")),
  lose: () => [392, 349, 311].forEach((f, i) => tone(f, i * 0.15, 0.25, "sine")),
};

/** Create (or resume) the audio context during a user gesture, when sound is on. */
export function unlock() {
  if (enabled) context();
}

export function play(name) {
  if (!enabled || !SOUNDS[name]) return;
  try { SOUNDS[name](); } catch (e) { /* audio unavailable */ }
}
