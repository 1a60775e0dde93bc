/**
 * A short two-note chime through the Web Audio API (no sound file to ship). Browsers allow sound only
 * after the user has interacted with the page; before that, or without Web Audio, it stays silent.
 */
let context: AudioContext | null = null;

export function playChime(): void {
  const Ctx = typeof window !== 'undefined' ? (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext) : undefined;
  if (!Ctx) return;
  try {
    context ??= new Ctx();
    const start = context.currentTime;
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, start + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.15, start + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.12 + 0.25);
      osc.connect(gain).connect(context.destination);
      osc.start(start + i * 0.12);
      osc.stop(start + i * 0.12 + 0.3);
    }
  } catch {
    // No sound is better than a broken page.
  }
}
