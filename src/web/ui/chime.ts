// Short soft chimes made with Web Audio, so no sound file ships with the app: the lobby's arrival
// sound, the visitor's "it's your turn" and the TV board's call. Browsers let a page play sound
// only after a user gesture; the control that turns a sound on is that gesture and wakes the
// audio context up (a TV board's first click or key press does the same).
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Constructor =
    typeof window === "undefined"
      ? undefined
      : (window.AudioContext ??
        (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!Constructor) return null;
  context = new Constructor();
  return context;
}

/** Call from the gesture that turns a sound on, so later chimes are allowed to play. */
export function unlockChime() {
  void audioContext()?.resume();
}

/** Tones as [offset in seconds, frequency in Hz]. */
export function playChime(tones: readonly (readonly [number, number])[]) {
  const audio = audioContext();
  if (!audio || audio.state === "closed") return;
  const start = audio.currentTime + 0.01;
  for (const [offset, frequency] of tones) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = frequency;
    // A quick rise and an exponential fall: a chime, not a click or a beep that grates all day.
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.2, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.35);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.4);
  }
}

/** The call of a visitor: three rising tones, unlike the lobby's two for an arrival. */
export const CALL_TONES = [
  [0, 659],
  [0.22, 880],
  [0.44, 1319],
] as const;
