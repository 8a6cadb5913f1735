// The optional sound for a new arrival: two short soft tones made with Web Audio, so no sound file
// ships with the app. Browsers let a page play sound only after a user gesture; the toggle that
// turns the sound on is that gesture, and it wakes the audio context up.
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

/** Call from the gesture that turns the sound on, so later chimes are allowed to play. */
export function unlockArrivalChime() {
  void audioContext()?.resume();
}

export function playArrivalChime() {
  const audio = audioContext();
  if (!audio || audio.state === "closed") return;
  const start = audio.currentTime + 0.01;
  for (const [offset, frequency] of [
    [0, 880],
    [0.18, 1175],
  ] as const) {
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
